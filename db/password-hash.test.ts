import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, PRODUCTION_COST, scryptCost, verifyPassword } from './password-hash';

// The format is checked at the production cost; the rest at a cheap one (the same code, 2 ms a hash).
const cheap = scryptCost(10);

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash', async () => {
    const stored = await hashPassword('Vintage2026');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const [, , , , salt, hash] = stored.split('$');
    expect(Buffer.from(salt ?? '', 'base64')).toHaveLength(16);
    expect(Buffer.from(hash ?? '', 'base64')).toHaveLength(64);
  });

  it('verifies the right password and rejects others', async () => {
    const stored = await hashPassword('Vintage2026', cheap);
    expect(await verifyPassword('Vintage2026', stored)).toBe(true);
    expect(await verifyPassword('vintage2026', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('uses a random salt unless one is given', async () => {
    const salt = Buffer.alloc(16, 7);
    expect(await hashPassword('secret', cheap, salt)).toBe(await hashPassword('secret', cheap, salt));
    expect(await hashPassword('secret', cheap)).not.toBe(await hashPassword('secret', cheap));
  });

  it('returns false for malformed stored values', async () => {
    const stored = await hashPassword('secret', cheap);
    const parts = stored.split('$');
    const variants = [
      '',
      'plain-text',
      'bcrypt$16384$8$1$abc$def',
      parts.slice(0, 5).join('$'),
      ['scrypt', '1000', ...parts.slice(2)].join('$'),
      ['scrypt', '16384', '999', ...parts.slice(3)].join('$'),
      ['scrypt', '16384', '8', '1', '!!!', parts[5]].join('$'),
      ['scrypt', '16384', '8', '1', parts[4], 'c2hvcnQ='].join('$'),
    ];
    for (const variant of variants) expect(await verifyPassword('secret', variant)).toBe(false);
  });

  it('asks for a rehash of a hash cheaper than the configured cost, never of a dearer one', async () => {
    const stored = await hashPassword('secret', cheap);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(needsRehash(stored, cheap)).toBe(false);
    expect(needsRehash(stored, scryptCost(11))).toBe(true);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash(stored.replace('$1024$', '$131072$'), cheap)).toBe(false);
    expect(PRODUCTION_COST).toEqual({ n: 131_072, r: 8, p: 1 });
  });
});
