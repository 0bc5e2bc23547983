import { describe, expect, it } from 'vitest';
import { withoutTrackingParams } from './tracking-params';

describe('withoutTrackingParams', () => {
  it('drops utm_* and click ids, keeps the rest in order', () => {
    expect(withoutTrackingParams('?utm_source=mail&sort=price&gclid=x&page=2&fbclid=y')).toBe('?sort=price&page=2');
    expect(withoutTrackingParams('?utm_campaign=a')).toBe('');
    expect(withoutTrackingParams('?Ntt=shiraz&name=red-wine')).toBe('?Ntt=shiraz&name=red-wine');
    expect(withoutTrackingParams('')).toBe('');
    expect(withoutTrackingParams('?')).toBe('');
  });
});
