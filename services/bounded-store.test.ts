import { describe, expect, it } from 'vitest';
import { createBoundedStore } from './bounded-store';

describe('createBoundedStore', () => {
  it('drops the oldest entries past its bytes, and an expired entry on read', () => {
    const store = createBoundedStore<string>({ maxBytes: 100 });
    store.set('a', 'A', { bytes: 40, expires: 1_000 }, 0);
    store.set('b', 'B', { bytes: 40, expires: 2_000 }, 0);
    store.set('c', 'C', { bytes: 40, expires: 2_000 }, 0);
    expect([store.peek('a'), store.peek('b'), store.peek('c')]).toEqual([undefined, 'B', 'C']);
    expect(store.bytes).toBe(80);
    expect(store.get('b', 1_999)).toBe('B');
    expect(store.get('b', 2_000)).toBeUndefined();
    expect(store.size).toBe(1);
    expect(store.bytes).toBe(40);
  });

  it('with touchOnHit drops the least recently read instead', () => {
    const store = createBoundedStore<string>({ maxBytes: 100, touchOnHit: true });
    store.set('a', 'A', { bytes: 40, expires: 9_000 }, 0);
    store.set('b', 'B', { bytes: 40, expires: 9_000 }, 0);
    expect(store.get('a', 1)).toBe('A');
    store.set('c', 'C', { bytes: 40, expires: 9_000 }, 1);
    expect([store.peek('a'), store.peek('b'), store.peek('c')]).toEqual(['A', undefined, 'C']);
  });

  it('keeps nothing larger than its bound, counts a size learnt later, and bounds the number of entries', () => {
    const store = createBoundedStore<object>({ maxBytes: 100, maxEntries: 2 });
    store.set('big', {}, { bytes: 101, expires: 9_000 }, 0);
    expect(store.size).toBe(0);
    const value = {};
    store.set('a', value, { bytes: 0, expires: 9_000 }, 0);
    expect(store.grow('a', {}, 10, 0)).toBe(false);
    expect(store.grow('a', value, 10, 0)).toBe(true);
    expect(store.bytes).toBe(10);
    store.set('b', {}, { bytes: 10, expires: 9_000 }, 0);
    store.set('c', {}, { bytes: 10, expires: 9_000 }, 0);
    expect(store.peek('a')).toBeUndefined();
    expect(store.size).toBe(2);
    store.clear();
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });
});
