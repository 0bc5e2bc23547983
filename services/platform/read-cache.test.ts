import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../domain/clock';
import { createReadCache, getManyThroughCache, noReadCache } from './read-cache';

describe('createReadCache', () => {
  it('serves a value for its time to live, then loads again', async () => {
    const clock = fixedClock(new Date('2026-11-22T00:00:00Z'));
    const cache = createReadCache({ ttlMs: 1_000, maxEntries: 10, clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(1_000);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(1);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10, clock: fixedClock(new Date()) });
    let loads = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    const [a, b] = await Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
  });

  it('runs a loaded query once: a thenable that works again each time it is awaited is kept as its one result', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10, clock: fixedClock(new Date()) });
    let runs = 0;
    // Like a drizzle query builder: every then() runs the query again.
    const query: PromiseLike<number> = {
      // biome-ignore lint/suspicious/noThenProperty: the point of the test is a thenable
      then(onFulfilled, onRejected) {
        return Promise.resolve(++runs).then(onFulfilled, onRejected);
      },
    };
    expect(await cache.get('q', () => query)).toBe(1);
    expect(await cache.get('q', () => query)).toBe(1);
    expect(await cache.get('q', () => query)).toBe(1);
    expect(runs).toBe(1);
  });

  it('drops the oldest entry past its size', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2, clock: fixedClock(new Date()) });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('keeps the total size under its byte cap, dropping the oldest entries first', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 5_000, clock: fixedClock(new Date()) });
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => 'x'.repeat(1_000));
    const { entries, bytes } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(5_000);
    expect(entries).toBe(4);
    let reloaded = false;
    await cache.get('k0', async () => {
      reloaded = true;
      return 'x';
    });
    expect(reloaded).toBe(true);
  });

  it('drops expired entries instead of keeping them until the entry cap', async () => {
    const clock = fixedClock(new Date('2026-11-22T00:00:00Z'));
    const cache = createReadCache({ ttlMs: 1_000, maxEntries: 1_000, clock });
    for (let i = 0; i < 50; i++) await cache.get(`old${i}`, async () => 'value');
    clock.advance(1_001);
    await cache.get('new', async () => 'value');
    expect(cache.stats().entries).toBe(1);
  });
});

describe('getManyThroughCache', () => {
  const cacheKey = (key: string) => `n:${key}`;

  it('reads the keys the cache lacks in one load, and serves them from the cache after', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10, clock: fixedClock(new Date()) });
    const loads: (readonly string[])[] = [];
    const loadMany = async (keys: readonly string[]) => {
      loads.push([...keys]);
      return new Map(keys.filter((k) => k !== 'none').map((k) => [k, k.toUpperCase()] as const));
    };
    await cache.get(cacheKey('a'), async () => 'A');
    const first = await getManyThroughCache(cache, ['a', 'b', 'c', 'none'], cacheKey, loadMany);
    expect([...first]).toEqual([
      ['a', 'A'],
      ['b', 'B'],
      ['c', 'C'],
    ]);
    expect(loads).toEqual([['b', 'c', 'none']]);
    const again = await getManyThroughCache(cache, ['c', 'none', 'b'], cacheKey, loadMany);
    expect([...again]).toEqual([
      ['c', 'C'],
      ['b', 'B'],
    ]);
    expect(loads).toHaveLength(1);
  });

  it('shares a load under way with a concurrent caller, and forgets a failed one', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 10, clock: fixedClock(new Date()) });
    const loads: (readonly string[])[] = [];
    const loadMany = async (keys: readonly string[]) => {
      loads.push([...keys]);
      await new Promise((r) => setTimeout(r, 5));
      return new Map(keys.map((k) => [k, k] as const));
    };
    const [one, two] = await Promise.all([
      getManyThroughCache(cache, ['a', 'b'], cacheKey, loadMany),
      getManyThroughCache(cache, ['b', 'c'], cacheKey, loadMany),
    ]);
    expect([[...one.keys()], [...two.keys()]]).toEqual([
      ['a', 'b'],
      ['b', 'c'],
    ]);
    expect(loads).toEqual([['a', 'b'], ['c']]);
    const failing = () => Promise.reject(new Error('db down'));
    await expect(getManyThroughCache(cache, ['d', 'a'], cacheKey, failing)).rejects.toThrow('db down');
    expect(await getManyThroughCache(cache, ['d'], cacheKey, loadMany)).toEqual(new Map([['d', 'd']]));
  });

  it('without a cache, loads every key in one call', async () => {
    const loads: (readonly string[])[] = [];
    const loadMany = async (keys: readonly string[]) => {
      loads.push([...keys]);
      return new Map(keys.map((k) => [k, 1] as const));
    };
    expect((await getManyThroughCache(noReadCache, ['x', 'y'], cacheKey, loadMany)).size).toBe(2);
    expect(loads).toEqual([['x', 'y']]);
  });
});
