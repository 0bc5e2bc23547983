/**
 * A Map bounded by the bytes (and optionally the number) of its entries, each living until its own expiry.
 * Past a bound the entries at the front of the Map go first: the oldest set, or with `touchOnHit` the least
 * recently read. The one store behind the read cache (services/read-cache.ts) and the page cache
 * (server/page-cache.ts).
 */
export interface BoundedStore<V> {
  /** The live value, or undefined (an expired entry is dropped). */
  get(key: string, now: number): V | undefined;
  /** The value as stored, expired or not, without touching its place. */
  peek(key: string): V | undefined;
  set(key: string, value: V, entry: { bytes: number; expires: number }, now: number): void;
  /** Counts `bytes` more for the entry holding `value` (a size known only once it has loaded); false if it is gone. */
  grow(key: string, value: V, bytes: number, now: number): boolean;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

export function createBoundedStore<V>(options: {
  maxBytes: number;
  maxEntries?: number;
  /** A read moves the entry to the back (least recently used goes first). */
  touchOnHit?: boolean;
}): BoundedStore<V> {
  const maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, { value: V; bytes: number; expires: number }>();
  let total = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.bytes;
    entries.delete(key);
  };
  const trim = (now: number) => {
    for (const [key, entry] of entries) {
      if (entry.expires > now && entries.size <= maxEntries && total <= options.maxBytes) break;
      drop(key);
    }
  };
  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= now) {
        drop(key);
        return undefined;
      }
      if (options.touchOnHit) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry.value;
    },
    peek: (key) => entries.get(key)?.value,
    set(key, value, { bytes, expires }, now) {
      drop(key);
      if (bytes > options.maxBytes) return;
      entries.set(key, { value, bytes, expires });
      total += bytes;
      trim(now);
    },
    grow(key, value, bytes, now) {
      const entry = entries.get(key);
      if (!entry || entry.value !== value) return false;
      entry.bytes += bytes;
      total += bytes;
      trim(now);
      return true;
    },
    delete: drop,
    clear() {
      entries.clear();
      total = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return total;
    },
  };
}
