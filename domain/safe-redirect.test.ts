import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './safe-redirect';

const origin = 'http://law-au.localhost:3000';

describe('safeRedirectTarget', () => {
  it('keeps same-origin paths and absolute URLs of the same origin', () => {
    expect(safeRedirectTarget('/wines?Ntt=shiraz#top', origin)).toBe('/wines?Ntt=shiraz#top');
    expect(safeRedirectTarget(`${origin}/cart?x=1`, origin)).toBe('/cart?x=1');
  });

  it('ignores other sites and tricks that leave the site', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://law-au.localhost:3001/',
      'http://vws-au.localhost:3000/',
      'wines',
      '/\t/evil.example',
      `${origin}//evil.example`,
      `${origin}//evil.example/path?x=1`,
      '/.//evil.example',
      '/a/..//evil.example',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectTarget(target, origin)).toBeNull();
    }
  });
});
