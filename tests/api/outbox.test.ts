import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import type { EmailListJob } from '../../services/marketing/email-signup';
import {
  enqueue,
  OUTBOX_MAX_ATTEMPTS,
  type OutboxHandler,
  processOutbox,
  retryDelayMs,
} from '../../services/platform/outbox';
import { orderBody } from '../support/checkout-input';
import { useSmtpStub } from '../support/smtp-stub';
import { createVisitor, useTestApp } from '../support/test-app';

// Every order email and list call goes out once: many jobs queued quickly, sent by two workers at once (as two
// server processes would on PostgreSQL), each job once; a job that keeps failing ends dead, counted by /readyz.

const t = useTestApp();
const db = () => t.testDb.database.db;
const visitor = () => createVisitor(() => t.app, 'law-au');

const smtp = useSmtpStub();
const mails = smtp.mails;

describe('the outbox', () => {
  it('delivers 50 order emails and 100 list signups, each once, within a bounded number of runs', async () => {
    const orderEmails = Array.from({ length: 50 }, (_, i) => `buyer${i}@outbox.example`);
    for (let i = 0; i < orderEmails.length; i += 10) {
      await Promise.all(
        orderEmails.slice(i, i + 10).map(async (email) => {
          const v = visitor();
          await v.add('D0002', 1);
          const placed = await v.call('POST', '/api/checkout/order', orderBody({ email }));
          expect(placed.status, email).toBe(200);
        }),
      );
    }
    const signups = Array.from({ length: 100 }, (_, i) => `reader${i}@outbox.example`);
    await Promise.all(
      signups.map(async (email) => {
        const res = await visitor().call('POST', '/api/email/signup', { email, variant: 'footer' });
        expect(res.status, email).toBe(200);
      }),
    );

    const listCalls: string[] = [];
    const handlers: Record<'order-email' | 'email-list', OutboxHandler> = {
      'order-email': smtp.mailSender(),
      'email-list': async (job) => {
        listCalls.push((job.payload as EmailListJob).email);
      },
    };
    // Two workers at once, as two server processes: 150 jobs at 20 a run need at most four runs each.
    const now = new Date(Date.now() + 60_000);
    for (let run = 0; run < 4; run++) {
      const results = await Promise.all([processOutbox(db(), handlers, now), processOutbox(db(), handlers, now)]);
      for (const r of results) expect(r.failed).toBe(0);
    }
    const recipients = mails.flatMap((m) => m.to);
    expect(recipients.sort()).toEqual([...orderEmails].sort());
    // The 50 emails went over the sender's one pooled connection, not a connection each.
    expect(smtp.connections()).toBe(1);
    expect(listCalls.sort()).toEqual([...signups].sort());
    const unsent = await db().select().from(outbox).where(isNull(outbox.sentAt));
    expect(unsent).toEqual([]);
    // No job was claimed twice (a lease without a send would show as a second attempt); the orders' payment captures
    // were settled by checkout itself, and never reached a worker.
    const rows = await db().select({ kind: outbox.kind, attempts: outbox.attempts }).from(outbox);
    expect(rows.filter((r) => r.kind !== 'payment-capture').every((r) => r.attempts === 1)).toBe(true);
    expect(rows.filter((r) => r.kind === 'payment-capture').map((r) => r.attempts)).toEqual(orderEmails.map(() => 0));
  });

  it('ends a job whose send keeps failing in a dead state: returned to the worker and counted by /readyz', async () => {
    const start = new Date(Date.now() + 86_400_000);
    await enqueue(db(), 'order-email', { to: 'nowhere@outbox.example', subject: 's', text: 't', html: 'h' }, start);
    const failing = {
      'order-email': async () => {
        throw new Error('550 mailbox unavailable');
      },
    };
    let now = start;
    const dead = [];
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      const result = await processOutbox(db(), failing, now);
      expect(result.failed, `attempt ${attempt}`).toBe(1);
      dead.push(...result.dead);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1_000);
    }
    expect(dead).toEqual([
      expect.objectContaining({
        kind: 'order-email',
        attempts: OUTBOX_MAX_ATTEMPTS,
        lastError: '550 mailbox unavailable',
      }),
    ]);
    // Never tried again, and visible to an operator.
    expect(await processOutbox(db(), failing, new Date(now.getTime() + 86_400_000))).toEqual({
      sent: 0,
      failed: 0,
      dead: [],
    });
    const ready = await t.app.request('/readyz', { headers: { host: 'law-au.localhost' } });
    expect(await ready.json()).toMatchObject({ status: 'ready', outbox: { dead: 1 } });
  });

  it('takes no further job once its worker is stopping: the one being sent finishes, the rest stay due, unclaimed', async () => {
    const due = new Date(Date.now() + 2 * 86_400_000);
    const ids: number[] = [];
    for (const n of [1, 2, 3])
      ids.push(
        await enqueue(db(), 'order-email', { to: `stop${n}@outbox.example`, subject: 's', text: 't', html: 'h' }, due),
      );
    let stopping = false;
    const sent: string[] = [];
    const handlers = {
      'order-email': async (job: { payload: unknown }) => {
        // The shutdown comes while the first job is being sent.
        stopping = true;
        sent.push((job.payload as { to: string }).to);
      },
    };
    const run = await processOutbox(db(), handlers, due, { stopping: () => stopping });
    expect(run).toEqual({ sent: 1, failed: 0, dead: [] });
    expect(sent).toEqual(['stop1@outbox.example']);
    // The other two were never claimed: no attempt counted, due as before, for the next process to send.
    const rest = await db()
      .select({ id: outbox.id, attempts: outbox.attempts, sentAt: outbox.sentAt })
      .from(outbox)
      .orderBy(outbox.id);
    expect(rest.filter((r) => ids.slice(1).includes(r.id))).toEqual([
      { id: ids[1], attempts: 0, sentAt: null },
      { id: ids[2], attempts: 0, sentAt: null },
    ]);
    stopping = false;
    expect((await processOutbox(db(), handlers, due)).sent).toBe(2);
  });
});
