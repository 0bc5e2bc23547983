import { describe, expect, it } from 'vitest';
import {
  hasMemberPricing,
  isCurrent,
  isIdentified,
  loginPath,
  mailboxKey,
  PROSPECT,
  type Visitor,
  visitorTypeOf,
} from './identity-rules';
import { LoginSchema, RegistrationSchema } from './identity-schemas';

const hard: Visitor = { tier: 'Hard Logged-In', customerId: 1, email: 'a@b.co', firstName: 'A', unlimitedStatus: null };
const soft: Visitor = { ...hard, tier: 'Soft Logged-In' };

describe('visitor tiers (SPEC §4)', () => {
  it('only Hard Logged-In is Current; Soft and Hard are identified', () => {
    expect(visitorTypeOf(hard)).toBe('Current');
    expect(visitorTypeOf(soft)).toBe('Prospect');
    expect(visitorTypeOf(PROSPECT)).toBe('Prospect');
    expect([isCurrent(hard), isCurrent(soft)]).toEqual([true, false]);
    expect([isIdentified(soft), isIdentified(PROSPECT)]).toEqual([true, false]);
  });

  it('member pricing for ACTIVE and REQUESTED Unlimited, not SUSPENDED', () => {
    expect(hasMemberPricing({ ...hard, unlimitedStatus: 'ACTIVE' })).toBe(true);
    expect(hasMemberPricing({ ...hard, unlimitedStatus: 'REQUESTED' })).toBe(true);
    expect(hasMemberPricing({ ...hard, unlimitedStatus: 'SUSPENDED' })).toBe(false);
    expect(hasMemberPricing(hard)).toBe(false);
    // SPEC §6: a Soft Logged-In visitor is not looked up.
    expect(hasMemberPricing({ ...soft, unlimitedStatus: 'ACTIVE' })).toBe(false);
  });
});

describe('login form rules (SPEC §5)', () => {
  const message = (input: unknown) => LoginSchema.safeParse(input).error?.issues[0]?.message;
  it('asks for a valid email and a password with the SPEC texts', () => {
    expect(message({ email: '', password: 'x' })).toBe('Please enter a valid email address');
    expect(message({ email: 'no-at-sign', password: 'x' })).toBe('Please enter a valid email address');
    expect(message({ email: 'a@b', password: 'x' })).toBe('Please enter a valid email address');
    expect(message({ email: 'a@b.co', password: '' })).toBe('Password is required');
    expect(message({ email: 'a@b.co', password: 'x' })).toBeUndefined();
  });

  it('applies the 8-16 character rule at registration only', () => {
    const rule = 'Password must be 8-16 characters and contain at least one number and one letter.';
    const reg = (password: string) =>
      RegistrationSchema.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.co', password }).error?.issues[0]
        ?.message;
    expect(reg('short1A')).toBe(rule);
    expect(reg('alllowercase1')).toBe(rule);
    expect(reg('ALLUPPERCASE1')).toBe(rule);
    expect(reg('NoDigitsHere')).toBe(rule);
    expect(reg('Seventeen1Chars!!')).toBe(rule);
    expect(reg('Vintage2026')).toBeUndefined();
    expect(LoginSchema.safeParse({ email: 'a@b.co', password: 'short' }).success).toBe(true);
  });
});

describe('loginPath', () => {
  it('names the target and the page title Login {Brand}', () => {
    expect(loginPath('/account/favourites', 'Laithwaites')).toBe(
      '/login?redirectingURL=%2Faccount%2Ffavourites&pageTitle=Login+Laithwaites',
    );
  });
});

describe('throttleAddressOf', () => {
  it('keeps IPv4 addresses and counts IPv6 addresses by their /64', async () => {
    const { throttleAddressOf } = await import('./identity-rules');
    expect(throttleAddressOf('192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddressOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(throttleAddressOf('2001:db8:7:7::1')).toBe('2001:db8:7:7::/64');
    expect(throttleAddressOf('2001:0db8:0007:0007:ffff:1:2:3')).toBe('2001:db8:7:7::/64');
    expect(throttleAddressOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddressOf('[2001:db8:7:7::1%eth0]')).toBe('2001:db8:7:7::/64');
  });
});

describe('mailboxKey', () => {
  it('is the same for every spelling of one mailbox: case, surrounding spaces, a +tag in the local part', () => {
    for (const email of ['x@example.com', ' X@Example.COM ', 'x+1@example.com', 'X+wine+2@example.com'])
      expect(mailboxKey(email), email).toBe('x@example.com');
    expect(mailboxKey('x.y@example.com')).not.toBe(mailboxKey('xy@example.com'));
    expect(mailboxKey('a@plus+domain.example')).toBe('a@plus+domain.example');
  });

  it('is the same for a quoted local part, with or without a +tag in the quotes', () => {
    for (const email of ['"x"@example.com', ' "X"@Example.com', '"x+wine"@example.com', '"\\x"@example.com'])
      expect(mailboxKey(email), email).toBe('x@example.com');
    expect(mailboxKey('"x.y"@example.com')).toBe('x.y@example.com');
  });
});
