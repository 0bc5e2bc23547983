import { desc, eq, gt, sql } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appContext } from '../../app/context';
import { action as resetPasswordAction } from '../../app/routes/reset-password';
import { scryptCost } from '../../db/password-hash';
import { budgetHits, customers, emailTokens, outbox, sessions } from '../../db/schema';
import { fixedClock, systemClock } from '../../domain/clock';
import { createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { resetPassword } from '../../services/identity/account-emails';
import { ServiceError } from '../../services/platform/service-error';
import { createVisitor, useTestApp } from '../support/test-app';

// An account proves its mailbox: the link's token is single-use, kept hashed and expires after 24 hours; the link
// can be sent again, within a budget; demo accounts count as verified.
const t = useTestApp({ TRUST_PROXY: 'true' });
let nextAddress = 1;
const visitor = () => createVisitor(() => t.app, 'law-au', { address: `10.11.0.${nextAddress++}` });

async function mailsTo(email: string) {
  const jobs = await t.testDb.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, 'account-email'))
    .orderBy(desc(outbox.id));
  return jobs.map((j) => j.payload as { to: string; subject: string; text: string }).filter((p) => p.to === email);
}
const tokenOf = (mail: { text: string } | undefined) =>
  /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';

describe('the verification email', () => {
  it('goes out at registration with a link on the site’s own host, in the site’s language', async () => {
    const hk = createVisitor(() => t.app, 'hlw-hk', { address: '10.11.1.1' });
    expect((await hk.register('hk.verify@example.com', 'Vintage2026x')).status).toBe(200);
    const [mail] = await mailsTo('hk.verify@example.com');
    expect(mail?.subject).toBe('Hong Kong Laithwaites：請確認你的電郵地址');
    expect(mail?.text).toMatch(/^http:\/\/hlw-hk\.localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}$/m);
    // Only its hash is kept.
    const hashes = (await t.testDb.database.db.select({ hash: emailTokens.tokenHash }).from(emailTokens)).map(
      (r) => r.hash,
    );
    expect(hashes).not.toContain(tokenOf(mail));
  });

  it('expires after 24 hours', async () => {
    expect((await visitor().register('late.click@example.com', 'Vintage2026x')).status).toBe(200);
    const token = tokenOf((await mailsTo('late.click@example.com'))[0]);
    const later = fixedClock(new Date(Date.now() + 24 * 3_600_000 + 60_000));
    const app = createApp({ database: t.testDb.database, config: testConfig(), clock: later });
    const res = await createVisitor(() => app).call('POST', '/api/authentication/verify-email', { token });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe('This link is no longer valid. Please ask for a new one from your account.');
  });

  it('refuses a made-up or malformed token, and changes nothing', async () => {
    for (const token of ['x'.repeat(43), 'short', '<script>']) {
      const res = await visitor().call('POST', '/api/authentication/verify-email', { token });
      expect(res.status, token).toBe(400);
    }
  });
});

describe('sending the link again', () => {
  it('sends a new link three times an hour, then 429; the newest link works', async () => {
    const v = visitor();
    expect((await v.register('resend@example.com', 'Vintage2026x')).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await v.call('POST', '/api/user/email/verification');
      expect(res.status).toBe(200);
      expect(res.body.response).toEqual({ message: 'We have sent a new link to your email address.' });
    }
    const blocked = await v.call('POST', '/api/user/email/verification');
    expect(blocked.status).toBe(429);
    expect(blocked.body.statusMessage).toBe('Too many emails asked for. Please wait an hour and try again.');
    const mails = await mailsTo('resend@example.com');
    expect(mails).toHaveLength(4);
    expect(
      (await visitor().call('POST', '/api/authentication/verify-email', { token: tokenOf(mails[0]) })).status,
    ).toBe(200);
    const verified = await v.call('POST', '/api/user/email/verification');
    expect(verified.status).toBe(409);
    expect(verified.body.statusMessage).toBe('Your email address is already confirmed.');
  });

  it('is for Hard Logged-In customers; demo accounts are verified', async () => {
    expect((await visitor().call('POST', '/api/user/email/verification')).status).toBe(401);
    const demo = visitor();
    expect((await demo.login('shopper@example.com')).status).toBe(200);
    expect((await demo.call<{ emailVerified: boolean }>('GET', '/api/user/details')).body.response.emailVerified).toBe(
      true,
    );
    expect((await demo.call('POST', '/api/user/email/verification')).status).toBe(409);
  });
});

const resetTokenOf = (mail: { text: string } | undefined) =>
  /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
const SENT =
  'If an account exists for this address, we have sent it a link to choose a new password. The link works for one hour.';

describe('password reset', () => {
  it('answers the same whether or not the account exists, and emails a link only to an account', async () => {
    const known = await visitor().call('POST', '/api/authentication/forgot-password', {
      email: 'Planner@Example.com ',
    });
    const unknown = await visitor().call('POST', '/api/authentication/forgot-password', {
      email: 'nobody.here@example.com',
    });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body.response).toEqual({ message: SENT });
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo('nobody.here@example.com')).toEqual([]);
    const [mail] = await mailsTo('planner@example.com');
    expect(mail?.subject).toBe('Laithwaites: choose a new password');
    expect(resetTokenOf(mail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('does the same work for an address without an account: the same budgets spent, no token, no email', async () => {
    // NOTE: the work, not its time, is compared (a timed test cannot hold on a shared machine): an unknown address
    // that spent less answered faster than a known one.
    const db = t.testDb.database.db;
    const spentFor = async (email: string) => {
      const [last] = await db.select({ id: sql<number>`coalesce(max(${budgetHits.id}), 0)::int` }).from(budgetHits);
      const [tokensBefore] = await db.select({ n: sql<number>`count(*)::int` }).from(emailTokens);
      const res = await visitor().call('POST', '/api/authentication/forgot-password', { email });
      expect(res.body.response).toEqual({ message: SENT });
      const hits = await db.select({ key: budgetHits.key }).from(budgetHits).where(gt(budgetHits.id, last!.id));
      const [tokensAfter] = await db.select({ n: sql<number>`count(*)::int` }).from(emailTokens);
      // The kind of each budget spent (its key without the address or mailbox it counts).
      return {
        budgets: hits.map((h) => h.key.replace(/:[^:]+$/, '')).sort(),
        tokens: tokensAfter!.n - tokensBefore!.n,
      };
    };
    expect((await visitor().register('same.work@example.com', 'Vintage2026x')).status).toBe(200);
    const known = await spentFor('same.work@example.com');
    const unknown = await spentFor('no.account.here@example.com');
    expect(known.tokens).toBe(1);
    expect(unknown.tokens).toBe(0);
    expect(unknown.budgets).toEqual(known.budgets);
    expect(known.budgets).toHaveLength(2);
    expect(await mailsTo('no.account.here@example.com')).toEqual([]);
  });

  it('sets a new password with the SPEC rules, once, and ends every session and remembered login', async () => {
    expect((await visitor().register('reset.me@example.com', 'Vintage2026x')).status).toBe(200);
    const elsewhere = visitor();
    expect((await elsewhere.login('reset.me@example.com', 'Vintage2026x')).status).toBe(200);
    expect(elsewhere.jar.has('remember_me')).toBe(true);
    await visitor().call('POST', '/api/authentication/forgot-password', { email: 'reset.me@example.com' });
    const token = resetTokenOf((await mailsTo('reset.me@example.com')).find((m) => m.text.includes('reset-password')));

    const weak = await visitor().call('POST', '/api/authentication/reset-password', { token, password: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.statusMessage).toBe(
      'Password must be 8-16 characters and contain at least one number and one letter.',
    );
    const done = await visitor().call('POST', '/api/authentication/reset-password', { token, password: 'Renewed2026' });
    expect(done.status).toBe(200);
    expect(done.body.response).toEqual({
      message: 'Your password has been changed. Please log in with your new password.',
    });

    // The other browser is logged out, and its remembered login is gone too.
    expect((await elsewhere.call('GET', '/api/user/details')).status).toBe(401);
    const [account] = await t.testDb.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, 'reset.me@example.com'));
    expect(await t.testDb.database.db.select().from(sessions).where(eq(sessions.customerId, account!.id))).toEqual([]);
    expect((await visitor().login('reset.me@example.com', 'Vintage2026x')).status).toBe(401);
    expect((await visitor().login('reset.me@example.com', 'Renewed2026')).status).toBe(200);
    const again = await visitor().call('POST', '/api/authentication/reset-password', {
      token,
      password: 'Another2026',
    });
    expect(again.status).toBe(400);
    expect(again.body.statusMessage).toBe(
      'This link is no longer valid. Please ask for a new one on the forgotten password page.',
    );
  });

  it('expires after one hour', async () => {
    await visitor().call('POST', '/api/authentication/forgot-password', { email: 'outback@example.com' });
    const token = resetTokenOf((await mailsTo('outback@example.com'))[0]);
    const later = fixedClock(new Date(Date.now() + 3_600_000 + 60_000));
    const app = createApp({ database: t.testDb.database, config: testConfig(), clock: later });
    const res = await createVisitor(() => app).call('POST', '/api/authentication/reset-password', {
      token,
      password: 'Renewed2026',
    });
    expect(res.status).toBe(400);
    expect((await visitor().login('outback@example.com')).status).toBe(200);
  });

  it('sends an account at most 3 links an hour, answering the same; an address asking too often gets 429', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await visitor().call('POST', '/api/authentication/forgot-password', {
        email: 'requested@example.com',
      });
      expect(res.body.response).toEqual({ message: SENT });
    }
    expect(await mailsTo('requested@example.com')).toHaveLength(3);
    const budgeted = createApp({
      database: t.testDb.database,
      config: testConfig({ TRUST_PROXY: 'true', CODE_TRIES_PER_HOUR: '2' }),
    });
    const one = () => createVisitor(() => budgeted, 'law-au', { address: '10.11.9.9' });
    for (let i = 0; i < 2; i++)
      expect(
        (await one().call('POST', '/api/authentication/forgot-password', { email: `x${i}@example.com` })).status,
      ).toBe(200);
    const blocked = await one().call('POST', '/api/authentication/forgot-password', { email: 'x9@example.com' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.statusMessage).toBe('Too many emails asked for. Please wait an hour and try again.');
  });
});

describe('a password change', () => {
  it('ends every reset link of the account asked for before it', async () => {
    const v = visitor();
    expect((await v.register('changed.first@example.com', 'Vintage2026x')).status).toBe(200);
    for (let i = 0; i < 2; i++)
      await visitor().call('POST', '/api/authentication/forgot-password', { email: 'changed.first@example.com' });
    const tokens = (await mailsTo('changed.first@example.com')).map(resetTokenOf).filter(Boolean);
    expect(tokens).toHaveLength(2);
    const changed = await v.call('PUT', '/api/user/password', {
      currentPassword: 'Vintage2026x',
      newPassword: 'Changed2026',
    });
    expect(changed.status).toBe(200);
    for (const token of tokens) {
      const res = await visitor().call('POST', '/api/authentication/reset-password', { token, password: 'Stolen2026' });
      expect(res.status).toBe(400);
      expect(res.body.statusMessage).toBe(
        'This link is no longer valid. Please ask for a new one on the forgotten password page.',
      );
    }
    expect((await visitor().login('changed.first@example.com', 'Changed2026')).status).toBe(200);
    // A link asked for after the change works.
    await visitor().call('POST', '/api/authentication/forgot-password', { email: 'changed.first@example.com' });
    const [newest] = await mailsTo('changed.first@example.com');
    expect(
      (
        await visitor().call('POST', '/api/authentication/reset-password', {
          token: resetTokenOf(newest),
          password: 'Chosen2026',
        })
      ).status,
    ).toBe(200);
  });
});

describe('a reset link tried', () => {
  const INVALID = 'This link is no longer valid. Please ask for a new one on the forgotten password page.';
  const TOO_MANY = 'Too many password reset links tried. Please wait an hour and try again.';
  const MADE_UP = 'A'.repeat(43);

  /** A reset link's token for a new account with this address (asked for from an address of its own). */
  async function resetTokenFor(email: string) {
    expect((await visitor().register(email, 'Vintage2026x')).status).toBe(200);
    await visitor().call('POST', '/api/authentication/forgot-password', { email });
    const token = resetTokenOf((await mailsTo(email)).find((m) => m.text.includes('reset-password')));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return token;
  }

  it('spends from the address’s code budget: over it 429, even for a right token; another address may', async () => {
    const token = await resetTokenFor('tries.reset@example.com');
    const budgeted = createApp({
      database: t.testDb.database,
      config: testConfig({ TRUST_PROXY: 'true', CODE_TRIES_PER_HOUR: '3' }),
    });
    const from = (address: string) => createVisitor(() => budgeted, 'law-au', { address });
    const reset = (address: string, tried: string) =>
      from(address).call('POST', '/api/authentication/reset-password', { token: tried, password: 'Renewed2026' });
    for (let i = 0; i < 3; i++) {
      const wrong = await reset('10.11.8.1', `${MADE_UP.slice(1)}${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.statusMessage).toBe(INVALID);
    }
    const refused = await reset('10.11.8.1', token);
    expect(refused.status).toBe(429);
    expect(refused.body.statusMessage).toBe(TOO_MANY);
    expect((await visitor().login('tries.reset@example.com', 'Vintage2026x')).status).toBe(200);
    expect((await reset('10.11.8.2', token)).status).toBe(200);
    expect((await visitor().login('tries.reset@example.com', 'Renewed2026')).status).toBe(200);
  });

  it('is looked up before any password hash is made', async () => {
    // NOTE: scrypt refuses an N that is not a power of two: a hash made with this cost fails the call.
    const refusedCost = { ...scryptCost(10), n: 1000 };
    const ctx = {
      db: t.testDb.database.db,
      clock: systemClock,
      clientAddress: '10.11.8.3',
      budgets: { codesPerAddress: 1000 },
      passwordCost: refusedCost,
    };
    const wrong = await resetPassword(ctx, { token: MADE_UP, password: 'Renewed2026' }).catch((error) => error);
    expect(wrong).toBeInstanceOf(ServiceError);
    expect((wrong as ServiceError).message).toBe(INVALID);
    // A right token does reach the hash, which this cost fails.
    const token = await resetTokenFor('hash.after@example.com');
    const right = await resetPassword(ctx, { token, password: 'Renewed2026' }).catch((error) => error);
    expect(right).toBeInstanceOf(Error);
    expect(right).not.toBeInstanceOf(ServiceError);
  });

  it('from the page’s form shares the budget, and answers 429 with the message over it', async () => {
    const paged = createApp({
      database: t.testDb.database,
      config: testConfig({ TRUST_PROXY: 'true', CODE_TRIES_PER_HOUR: '2' }),
      // The reset page's own action behind POST /reset-password (the API tests have no page build).
      renderPage: async (request, ctx) => {
        const context = new RouterContextProvider();
        context.set(appContext, ctx);
        const answer = await resetPasswordAction({
          request,
          context,
          params: {},
          unstable_pattern: '/reset-password',
        } as never);
        return 'init' in answer
          ? Response.json(answer.data, { status: answer.init?.status ?? 200 })
          : Response.json(answer);
      },
    });
    const address = '10.11.8.4';
    const postForm = () =>
      paged.request('/reset-password', {
        method: 'POST',
        headers: {
          host: 'law-au.localhost:3000',
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': address,
        },
        body: new URLSearchParams({ token: MADE_UP, password: 'Renewed2026' }).toString(),
      });
    const first = await postForm();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ done: false, field: false, message: INVALID });
    const api = await createVisitor(() => paged, 'law-au', { address }).call(
      'POST',
      '/api/authentication/reset-password',
      { token: MADE_UP, password: 'Renewed2026' },
    );
    expect(api.status).toBe(400);
    const over = await postForm();
    expect(over.status).toBe(429);
    expect(await over.json()).toEqual({ done: false, field: false, message: TOO_MANY });
  });
});
