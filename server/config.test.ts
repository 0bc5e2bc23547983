import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { giftCardKeyOf, staffKeyOf, ConfigError, loadConfig, testConfig } from './config';

describe('PASSWORD_HASH_COST', () => {
  it('defaults to OWASP’s scrypt N=2^17 in every environment', () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({ NODE_ENV: 'development' }).PASSWORD_HASH_COST).toBe(17);
  });

  it('is refused below 17 in production, with a message that says why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '16' })).toThrow(ConfigError);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '10' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 17 when NODE_ENV is production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '18' }).PASSWORD_HASH_COST).toBe(18);
  });

  it('may be cheaper outside production, within scrypt’s sane bounds', () => {
    expect(testConfig().PASSWORD_HASH_COST).toBe(10);
    expect(loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: '12' }).PASSWORD_HASH_COST).toBe(12);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '19' })).toThrow(ConfigError);
  });
});

describe('the orders’ settings', () => {
  it('cancel window defaults to 60 minutes; the operator token is unset unless given, and must be long', () => {
    expect(loadConfig({}).ORDER_CANCEL_WINDOW_MINUTES).toBe(60);
    expect(loadConfig({ ORDER_CANCEL_WINDOW_MINUTES: '15' }).ORDER_CANCEL_WINDOW_MINUTES).toBe(15);
    expect(() => loadConfig({ ORDER_CANCEL_WINDOW_MINUTES: '-1' })).toThrow(ConfigError);
  });
});

describe('GIFT_CARD_KEY', () => {
  it('is required in production with PostgreSQL, and must be long', () => {
    // Commands that read no code load the configuration without it; the server asks for the key at start.
    const withoutKey = loadConfig({ DATABASE_URL: 'postgres://db/shop' });
    expect(() => giftCardKeyOf(withoutKey)).toThrow(ConfigError);
    expect(() => giftCardKeyOf(withoutKey)).toThrow(/GIFT_CARD_KEY/);
    expect(() => loadConfig({ GIFT_CARD_KEY: 'short' })).toThrow(/GIFT_CARD_KEY/);
    const key = 'k'.repeat(40);
    expect(giftCardKeyOf(loadConfig({ DATABASE_URL: 'postgres://db/shop', GIFT_CARD_KEY: key })).toString()).toBe(key);
  });

  it('without one, the embedded database keeps its own key file in DATA_DIR (the same on every start)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gift-key-'));
    try {
      const first = giftCardKeyOf(loadConfig({ DATA_DIR: dir }));
      expect(first.length).toBe(64);
      expect(statSync(path.join(dir, 'gift-card.key')).mode & 0o777).toBe(0o600);
      expect(giftCardKeyOf(loadConfig({ DATA_DIR: dir })).equals(first)).toBe(true);
      expect(giftCardKeyOf(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir })).equals(first)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('STAFF_KEY and ADMIN_HOSTS', () => {
  it('the staff key is required in production with PostgreSQL, its own file beside the gift card key otherwise', () => {
    expect(() => staffKeyOf(loadConfig({ DATABASE_URL: 'postgres://db/shop' }))).toThrow(/STAFF_KEY/);
    expect(() => loadConfig({ STAFF_KEY: 'short' })).toThrow(/STAFF_KEY/);
    const dir = mkdtempSync(path.join(tmpdir(), 'staff-key-'));
    try {
      const key = staffKeyOf(loadConfig({ DATA_DIR: dir }));
      expect(statSync(path.join(dir, 'staff.key')).mode & 0o777).toBe(0o600);
      expect(key.equals(giftCardKeyOf(loadConfig({ DATA_DIR: dir })))).toBe(false);
      expect(staffKeyOf(loadConfig({ DATA_DIR: dir })).equals(key)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ADMIN_HOSTS is a list of lower-case host names, empty by default', () => {
    expect(loadConfig({}).ADMIN_HOSTS).toEqual([]);
    expect(loadConfig({ ADMIN_HOSTS: ' Admin.Example.com , ops.example.com' }).ADMIN_HOSTS).toEqual([
      'admin.example.com',
      'ops.example.com',
    ]);
  });
});

describe('the payment provider', () => {
  const stripe = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789abcdef',
    STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  };

  it('is the test provider unless told otherwise, which needs no key', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('test');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('is Stripe with its three keys, and another API base URL when given one', () => {
    const config = loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:4010' });
    expect(config).toMatchObject({ PAYMENT_PROVIDER: 'stripe', STRIPE_API_URL: 'http://127.0.0.1:4010' });
    expect(loadConfig(stripe).STRIPE_API_URL).toBeUndefined();
  });

  it('stops the start when a Stripe key is missing, naming it', () => {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      const without = { ...stripe, [key]: '' };
      expect(() => loadConfig(without)).toThrow(ConfigError);
      expect(() => loadConfig(without)).toThrow(new RegExp(`${key}: is required when PAYMENT_PROVIDER is stripe`));
    }
    expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_0123456789abcdef' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});
