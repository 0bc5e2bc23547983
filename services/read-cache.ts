import type { Clock } from '../domain/clock';
import { createBoundedStore } from './bounded-store';

/**
 * A small in-process cache for read-mostly catalogue data (product pages, offer lists, listings).
 * Entries live for `ttlMs`; concurrent misses for one key share a single load; the oldest entries are
 * dropped past `maxEntries`. Prices a shopper pays are always read fresh by the cart, never from here.
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
  /** Cap on the entries' total size; the oldest go first. Default 64 MB. */
  maxBytes?: number;
  clock: Clock;
}): ReadCache {
  // NOTE: every entry lives ttlMs and is never moved, so the oldest (and any expired) entries are at the front.
  const store = createBoundedStore<Promise<unknown>>({
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    maxEntries: options.maxEntries,
  });
  return {
    get<T>(key: string, load: () => PromiseLike<T>): Promise<T> {
      const now = options.clock.now().getTime();
      const hit = store.get(key, now);
      if (hit) return hit as Promise<T>;
      // NOTE: a drizzle query is a thenable that runs again each time it is awaited: keep the promise of its one run.
      const value = Promise.resolve(load());
      // Counted at nothing until it has loaded; then at its size.
      store.set(key, value, { bytes: 0, expires: now + options.ttlMs }, now);
      value.then(
        (loaded) => {
          store.grow(key, value, sizeOf(loaded), options.clock.now().getTime());
        },
        // A failed load is not kept.
        () => {
          if (store.peek(key) === value) store.delete(key);
        },
      );
      return value;
    },
    clear: () => store.clear(),
    stats: () => ({ entries: store.size, bytes: store.bytes }),
  };
}

/** A cache that never keeps anything (tests that change the catalogue). */
export const noReadCache: ReadCache = {
  get: (_key, load) => Promise.resolve(load()),
  clear() {},
  stats: () => ({ entries: 0, bytes: 0 }),
};
