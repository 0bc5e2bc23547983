import { describe, expect, it } from 'vitest';
import { randomToken } from './random-token';

describe('randomToken', () => {
  it('gives tokens of the asked size that never repeat, across refills of its page', () => {
    const seen = new Set<string>();
    // 18 bytes × 1 000 tokens crosses the 4 KB page several times.
    for (let i = 0; i < 1000; i++) {
      const token = randomToken(18, 'base64url');
      expect(Buffer.from(token, 'base64url')).toHaveLength(18);
      seen.add(token);
    }
    expect(seen.size).toBe(1000);
    expect(Buffer.from(randomToken(16, 'base64'), 'base64')).toHaveLength(16);
  });

  it('refuses a token larger than its page', () => {
    expect(() => randomToken(5000, 'base64url')).toThrow(RangeError);
  });
});
