import { LRUCache } from 'lru-cache';
import type { Clock } from '../../domain/clock';

/**
 * A small in-process cache for read-mostly catalogue data (product pages, offer lists, listings).
 * Entries live for `ttlMs`; concurrent misses for one key share a single load; the least recently used
 * entries are dropped past `maxEntries` or the byte cap. Prices a shopper pays are always read fresh by the
 * cart, never from here.
 */
export interface ReadCache {
  get<T>(key: string, load: () => PromiseLike<T>): Promise<T>;
  clear(): void;
  /** What the cache holds now (entries and their counted size). */
  stats(): { entries: number; bytes: number };
}

/** The size an entry is counted at: its JSON length (UTF-16 code units, near enough to bytes for a cap). */
function sizeOf(value: unknown): number {
  try {
    return (JSON.stringify(value) ?? '').length + 64;
  } catch {
    return 1024;
  }
}

export function createReadCache(options: {
  ttlMs: number;
  maxEntries: number;
  /** Cap on the entries' total size; the least recently used go first. Default 64 MB. */
  maxBytes?: number;
  clock: Clock;
}): ReadCache {
  const now = () => options.clock.now().getTime();
  const store = new LRUCache<string, { promise: Promise<unknown> }>({
    max: options.maxEntries,
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    ttl: options.ttlMs,
    // NOTE: the clock is the app's (tests move it); read each time, never cached behind a timer.
    perf: { now },
    ttlResolution: 0,
  });
  // Expired entries are dropped at most ten times a time to live (each purge walks every entry).
  let purgedAt = now();
  return {
    get<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
      const hit = store.get(key);
      if (hit) return hit.promise as Promise<T>;
      if (now() - purgedAt >= options.ttlMs / 10) {
        store.purgeStale();
        purgedAt = now();
      }
      // NOTE: a drizzle query is a thenable that runs again each time it is awaited: keep the promise of its one run.
      const value = Promise.resolve(load());
      // Counted at a byte until it has loaded; then at its size, its time to live running from the miss. NOTE: the
      // entry is a new object each time: the cache counts a size anew only for another value.
      store.set(key, { promise: value }, { size: 1 });
      value.then(
        (loaded) => {
          if (store.peek(key)?.promise === value)
            store.set(key, { promise: value }, { size: sizeOf(loaded), noUpdateTTL: true });
        },
        // A failed load is not kept.
        () => {
          if (store.peek(key)?.promise === value) store.delete(key);
        },
      );
      return value;
    },
    clear: () => store.clear(),
    stats: () => ({ entries: store.size, bytes: store.calculatedSize }),
  };
}

/**
 * The values of `keys`, each through the cache under `cacheKeyOf(key)`, those it does not hold read together by one
 * call of `loadMany`, so an uncached 12-line cart costs a query per kind of row, not one per code. A key `loadMany`
 * does not answer is kept as absent, as a miss of its own would be. NOTE: the cache calls a miss's loader at once,
 * inside `get`: each loader joins the batch, which runs once every key has been asked for.
 */
export async function getManyThroughCache<T>(
  cache: ReadCache,
  keys: readonly string[],
  cacheKeyOf: (key: string) => string,
  loadMany: (keys: readonly string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const missing: string[] = [];
  let release = () => {};
  const batch = new Promise<void>((resolve) => {
    release = resolve;
  }).then(() => loadMany(missing));
  const found = keys.map((key) =>
    cache.get(cacheKeyOf(key), () => {
      missing.push(key);
      return batch.then((loaded) => loaded.get(key) ?? null);
    }),
  );
  if (missing.length > 0) release();
  const values = await Promise.all(found);
  const result = new Map<string, T>();
  keys.forEach((key, i) => {
    const value = values[i];
    if (value !== null && value !== undefined) result.set(key, value);
  });
  return result;
}

/** A cache that never keeps anything (tests that change the catalogue). */
export const noReadCache: ReadCache = {
  get: (_key, load) => Promise.resolve(load()),
  clear() {},
  stats: () => ({ entries: 0, bytes: 0 }),
};
