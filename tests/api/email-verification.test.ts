import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailTokens, outbox } from '../../db/schema';
import { fixedClock } from '../../domain/clock';
import { createApp } from '../../server/app';
import { testConfig } from '../../server/config';
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
