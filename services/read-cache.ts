import type { Clock } from '../domain/clock';

/**
 * A small in-process cache for read-mostly catalogue data (product pages, offer lists, listings).
 * Entries live for `ttlMs`; concurrent misses for one key share a single load; the oldest entries are
 * dropped past `maxEntries`. Prices a shopper pays are always read fresh by the cart, never from here.
 */
export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createReadCache(options: { ttlMs: number; maxEntries: number; clock: Clock }): ReadCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = options.clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value as Promise<T>;
      const value = load();
      entries.delete(key);
      entries.set(key, { expires: now + options.ttlMs, value });
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/** A cache that never keeps anything (tests that change the catalogue). */
export const noReadCache: ReadCache = { get: (_key, load) => load(), clear() {} };
