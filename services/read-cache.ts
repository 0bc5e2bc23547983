import type { Clock } from '../domain/clock';

/**
 * A small in-process cache for read-mostly catalogue data (product pages, offer lists, listings).
 * Entries live for `ttlMs`; concurrent misses for one key share a single load; the oldest entries are
 * dropped past `maxEntries`. Prices a shopper pays are always read fresh by the cart, never from here.
 */
export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
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
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, { expires: number; value: Promise<unknown>; bytes: number }>();
  let totalBytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  };
  // NOTE: every entry lives ttlMs and Map order is insertion order, so expired entries are at the front.
  const trim = (now: number) => {
    for (const [key, entry] of entries) {
      if (entry.expires > now && entries.size <= options.maxEntries && totalBytes <= maxBytes) break;
      drop(key);
    }
  };
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = options.clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const value = load();
      drop(key);
      const entry = { expires: now + options.ttlMs, value: value as Promise<unknown>, bytes: 0 };
      entries.set(key, entry);
      value.then(
        (loaded) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = sizeOf(loaded);
          totalBytes += entry.bytes;
          trim(options.clock.now().getTime());
        },
        // A failed load is not kept.
        () => {
          if (entries.get(key) === entry) drop(key);
        },
      );
      trim(now);
      return value;
    },
    clear() {
      entries.clear();
      totalBytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes: totalBytes }),
  };
}

/** A cache that never keeps anything (tests that change the catalogue). */
export const noReadCache: ReadCache = {
  get: (_key, load) => load(),
  clear() {},
  stats: () => ({ entries: 0, bytes: 0 }),
};
