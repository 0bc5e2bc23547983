import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSignups, outbox } from '../../db/schema';
import { checkSignupEmail } from '../../domain/email-signup';
import { emailListSender } from '../../server/outbox-worker';
import { processOutbox } from '../../services/platform/outbox';
import { createVisitor, useTestApp } from '../support/test-app';

// Email signup (SPEC §5, §7, §8): the SPEC's messages per language, one row per site and address, and the
// list service's pixel and opt-in sent by the outbox, retried when the service fails.

const t = useTestApp();
const signUp = (email: string, site = 'law-au', variant = 'footer') =>
  createVisitor(() => t.app, site).call<{ message: string }>('POST', '/api/email/signup', { email, variant });

/** A local stand-in for the email-marketing list service: records requests, fails while `failing`. */
let stub: Server;
let stubUrl = '';
let failing = false;
const received: { method: string; url: string; body: string }[] = [];
beforeAll(async () => {
  stub = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.statusCode = failing ? 503 : 200;
      res.end(req.url?.startsWith('/pixel.gif') ? 'GIF89a' : '{}');
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

describe('the address check (SPEC §5)', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['Enter email address', 'empty'],
    ['  Enter email address  ', 'empty'],
    ['ana', 'invalid'],
    ['ana@', 'invalid'],
    ['ana@example', 'invalid'],
    ['ana@example.c', 'invalid'],
    ['ana@.com', 'invalid'],
    ['ana lee@example.com', 'invalid'],
  ])('%j is %s', (value, reason) => {
    expect(checkSignupEmail(value)).toEqual({ ok: false, reason });
  });

  it('trims and accepts a dot-separated domain whose last part has 2 or more characters', () => {
    expect(checkSignupEmail('  Ana.Lee@Mail.Example.co ')).toEqual({ ok: true, email: 'ana.lee@mail.example.co' });
  });
});

describe('POST /api/email/signup', () => {
  it('answers the SPEC texts in English, and changes nothing on bad input', async () => {
    const empty = await signUp('  ');
    expect(empty.status).toBe(400);
    expect(empty.body.statusMessage).toBe('You forgot to enter an email address.');
    const placeholder = await signUp('Enter email address');
    expect(placeholder.body.statusMessage).toBe('You forgot to enter an email address.');
    const invalid = await signUp('ana@example');
    expect(invalid.status).toBe(400);
    expect(invalid.body.statusMessage).toBe('Please enter a valid email address.');
    const rows = await t.testDb.database.db.select().from(emailSignups).where(eq(emailSignups.siteId, 'law-au'));
    expect(rows).toEqual([]);
  });

  it('answers in traditional Chinese on law-tw, law-hk and hlw-hk', async () => {
    expect((await signUp('', 'law-tw')).body.statusMessage).toBe('您忘了輸入電子郵件地址。');
    expect((await signUp('x@y', 'law-tw')).body.statusMessage).toBe('請輸入有效的電子郵件地址。');
    expect((await signUp('tw@example.com', 'law-tw')).body.response.message).toBe('謝謝，您已成功訂閱。');
    expect((await signUp('', 'law-hk')).body.statusMessage).toBe('你忘記輸入電郵地址。');
    expect((await signUp('hk@example.com', 'hlw-hk')).body.response.message).toBe('多謝，你已成功訂閱。');
  });

  it('records one row per site and address, however often and in whatever case it is sent', async () => {
    const first = await signUp('  Repeat@Example.com ', 'vws-au');
    expect(first.status).toBe(200);
    expect(first.body.response.message).toBe('Thank you, you have been subscribed.');
    const again = await Promise.all([signUp('repeat@example.com', 'vws-au'), signUp('REPEAT@example.com', 'vws-au')]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    await signUp('repeat@example.com', 'law-au', 'customer-service');
    const db = t.testDb.database.db;
    const rows = await db.select().from(emailSignups).where(eq(emailSignups.email, 'repeat@example.com'));
    expect(rows.map((r) => r.siteId).sort()).toEqual(['law-au', 'vws-au']);
    const jobs = (await db.select().from(outbox)).filter(
      (j) => (j.payload as { email: string }).email === 'repeat@example.com',
    );
    expect(jobs).toHaveLength(2);
  });

  it('refuses an unknown variant', async () => {
    const res = await signUp('v@example.com', 'law-au', 'popup');
    expect(res.status).toBe(400);
  });
});

describe('the list service, through the outbox (SPEC §7)', () => {
  it('gets the pixel with account id, email and list id and the opt-in; nz law footer signups use the second list; a failure is retried later', async () => {
    const db = t.testDb.database.db;
    const sender = { 'email-list': emailListSender(stubUrl, pino({ level: 'silent' })) };
    // Send what earlier tests queued, so only this test's jobs are left.
    await processOutbox(db, sender, new Date(Date.now() + 86_400_000), { limit: 100 });
    received.length = 0;

    await signUp('footer@example.com', 'law-nz', 'footer');
    await signUp('service@example.com', 'law-nz', 'customer-service');
    failing = true;
    const now = new Date(Date.now() + 86_400_000 * 2);
    expect(await processOutbox(db, sender, now)).toEqual({ sent: 0, failed: 2, dead: [] });
    // Not due again until the back-off has passed.
    expect(await processOutbox(db, sender, new Date(now.getTime() + 1_000))).toEqual({ sent: 0, failed: 0, dead: [] });
    failing = false;
    received.length = 0;
    expect(await processOutbox(db, sender, new Date(now.getTime() + 60_000))).toEqual({ sent: 2, failed: 0, dead: [] });

    const pixels = received
      .filter((r) => r.url.startsWith('/pixel.gif'))
      .map((r) => new URL(r.url, stubUrl).searchParams);
    expect(pixels.map((p) => [p.get('email'), p.get('accountId'), p.get('listId')]).sort()).toEqual([
      ['footer@example.com', 'dwnzlaw', 'f5a6b7c9'],
      ['service@example.com', 'dwnzlaw', 'f5a6b7c8'],
    ]);
    const optIns = received.filter((r) => r.method === 'POST' && r.url === '/optin').map((r) => JSON.parse(r.body));
    expect(optIns.map((o) => o.email).sort()).toEqual(['footer@example.com', 'service@example.com']);
    // Sent jobs are not sent again.
    expect(await processOutbox(db, sender, new Date(now.getTime() + 3_600_000))).toEqual({
      sent: 0,
      failed: 0,
      dead: [],
    });
  });

  it('does not hold up the shopper when the list service is down: the signup answers at once', async () => {
    failing = true;
    const res = await signUp('down@example.com', 'law-au');
    expect(res.status).toBe(200);
    failing = false;
  });
});
