import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../domain/clock';
import { type CachedPage, createPageStore } from './page-cache';

const page = (bytes: number, expires: number): CachedPage => ({
  etag: `"${bytes}"`,
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
  headers: [],
  scriptHashes: [],
  bytes,
  expires,
});

describe('createPageStore', () => {
  it('drops the least recently read page once the bytes pass the cap, and keeps none larger than it', () => {
    const clock = fixedClock(new Date('2026-11-27T00:00:00Z'));
    const end = clock.now().getTime() + 60_000;
    const store = createPageStore({ maxBytes: 100, ttlMs: 60_000, clock });
    store.set('a', page(40, end), 0);
    store.set('b', page(40, end), 0);
    expect(store.get('a')?.bytes).toBe(40);
    store.set('c', page(40, end), 0);
    expect([store.get('a')?.bytes, store.get('b'), store.get('c')?.bytes]).toEqual([40, undefined, 40]);
    store.set('big', page(101, end), 0);
    expect(store.get('big')).toBeUndefined();
    expect(store.stats()).toMatchObject({ entries: 2, bytes: 80 });
  });

  it('serves a page until it expires, and stores nothing rendered before a clear', () => {
    const clock = fixedClock(new Date('2026-11-27T00:00:00Z'));
    const store = createPageStore({ maxBytes: 1_000, ttlMs: 60_000, clock });
    store.set('p', page(10, clock.now().getTime() + 5_000), store.generation());
    clock.advance(5_000);
    expect(store.get('p')).toBeDefined();
    clock.advance(1);
    expect(store.get('p')).toBeUndefined();
    const since = store.generation();
    store.clear();
    store.set('q', page(10, clock.now().getTime() + 5_000), since);
    expect(store.get('q')).toBeUndefined();
  });

  it('keeps nothing when it has no bytes to keep (PAGE_CACHE_MB=0)', () => {
    const store = createPageStore({ maxBytes: 0, ttlMs: 60_000, clock: fixedClock(new Date()) });
    store.set('p', page(10, Date.now() + 5_000), 0);
    expect(store.get('p')).toBeUndefined();
  });
});
