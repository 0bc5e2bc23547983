import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { createLogger } from '../../server/logger';
import { orderBody } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// The process's log (server/logger.ts): every line names the service, its version and instance; a shopper's whole
// journey — registration, login, checkout with a card and a gift card code, a password reset by its link — leaves
// none of its secrets in any line, at the most talkative level, nor does a failed query's error.

let written = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    written += String(chunk);
    done();
  },
});
const logger = createLogger({ level: 'trace', destination: sink });
const t = useTestApp({}, { logger });
const visitor = () => createVisitor(() => t.app, 'law-au');

async function resetTokenFor(email: string): Promise<string> {
  const [job] = await t.testDb.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, 'account-email'))
    .orderBy(desc(outbox.id));
  const mail = job?.payload as { to: string; text: string } | undefined;
  expect(mail?.to).toBe(email);
  return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
}

describe('the log', () => {
  it('keeps none of a journey’s secrets, and names the service on every line', async () => {
    const email = 'Log.Journey@Example.com';
    const password = 'JourneyPw2026x';
    const shopper = visitor();
    expect((await shopper.register(email, password)).status).toBe(200);
    const login = await shopper.login(email, password);
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=')[1]!);
    await shopper.add('D0001', 1);
    const giftCardCode = 'ZZQ4-7KPA-93LM-XW2R';
    // A code tried: a guessable secret, wrong or right.
    await shopper.call('POST', '/api/gift-cards/balance', { code: giftCardCode });
    const card = '4242 4242 4242 4242';
    const placed = await shopper.call(
      'POST',
      '/api/checkout/order',
      orderBody({ email, card: { number: card, expiry: '12/30', cvc: '737' }, giftCardCodes: [giftCardCode] }),
    );
    expect(placed.status).toBeGreaterThanOrEqual(200);
    await visitor().call('POST', '/api/authentication/forgot-password', { email });
    const token = await resetTokenFor(email.toLowerCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(
      (await visitor().call('POST', '/api/authentication/reset-password', { token, password: 'RenewedPw2026' })).status,
    ).toBe(200);
    // A database error's message carries the failed statement's parameters.
    logger.error(
      { err: new Error(`Failed query: insert into "customers" ("email") values ($1)\nparams: ${email},${token}`) },
      'unhandled error',
    );

    const lines = written.trim().split('\n');
    // One line a request, and the error.
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) {
      const entry = JSON.parse(line) as { service?: string; version?: string; instance?: string };
      expect(entry.service).toBe('storefront');
      expect(entry.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(entry.instance).toMatch(/:\d+$/);
    }
    const log = written.toLowerCase();
    for (const secret of [
      email,
      password,
      'RenewedPw2026',
      card.replaceAll(' ', ''),
      card,
      giftCardCode,
      token,
      ...cookies.filter((c) => c.length >= 16),
    ])
      expect(log, secret).not.toContain(secret.toLowerCase());
    expect(log).toContain('params: [redacted]');
  });
});
