import { throttleAddressOf } from '../../domain/identity-rules';

/**
 * A per-address request budget for expensive anonymous reads (search, similar wines, suggestions): a fixed
 * one-minute window per address, held in this process. NOTE: each process keeps its own counts, so N
 * processes allow N times the budget; that bounds the work any one process can be made to do, which is
 * what this is for. The table is capped so a flood of addresses cannot grow it without limit.
 */
export interface RateLimiter {
  /** Counts one request; false when the address has used its budget for this minute. */
  take(address: string, nowMs: number): boolean;
}

export function createRateLimiter(options: { perMinute: number; maxAddresses?: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const maxAddresses = options.maxAddresses ?? 50_000;
  return {
    take(address, nowMs) {
      const key = throttleAddressOf(address);
      const current = windows.get(key);
      if (current && nowMs - current.start < 60_000) {
        current.count++;
        return current.count <= options.perMinute;
      }
      windows.delete(key);
      windows.set(key, { start: nowMs, count: 1 });
      // Map order is insertion order: the first entries are the oldest windows.
      while (windows.size > maxAddresses) {
        const oldest = windows.keys().next().value;
        if (oldest === undefined) break;
        windows.delete(oldest);
      }
      return true;
    },
  };
}
