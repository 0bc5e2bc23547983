import { describe, expect, it } from 'vitest';
import { fixedClock } from '../domain/clock';
import { createReadCache } from './read-cache';

describe('createReadCache', () => {
  it('serves a value until its time to live passes, then loads again', async () => {
    const clock = fixedClock(new Date('2026-11-22T00:00:00Z'));
    const cache = createReadCache({ ttlMs: 1_000, maxEntries: 10, clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(999);
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

  it('drops the oldest entry past its size', async () => {
    const cache = createReadCache({ ttlMs: 60_000, maxEntries: 2, clock: fixedClock(new Date()) });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(4);
  });
});
