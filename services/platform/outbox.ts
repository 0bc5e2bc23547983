import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { outbox } from '../../db/schema';
import type { PaymentCaptureJob } from '../payments/capture';
import type { EmailListJob } from '../marketing/email-signup';
import type { GiftCardMail } from '../gift-cards/email';
import type { PaymentRefundJob } from '../payments/refund-jobs';
import type { PaymentEventJob } from '../payments/events';
import { observed, type ShopObserver } from './observer';

// The outbox (DESIGN.md: outside services never sit on the shopper's path). A change writes its job in
// its own transaction; the worker sends due jobs and retries failures with back-off.

/** An email as the outbox keeps it: rendered when it was queued. */
export interface MailJob {
  to: string;
  /** Where replies go (the shopper, on the retailer's copy of a contact-form message). */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/** An email about an order: which one it is, so that the console may send it again. */
export interface OrderMail extends MailJob {
  topic?: 'confirmation' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';
}

/** Each kind of job with what it carries: `enqueue` takes, and a handler gets, the payload of the job's kind. */
export interface OutboxPayloads {
  'email-list': EmailListJob;
  'order-email': OrderMail;
  'account-email': MailJob;
  'contact-email': MailJob;
  'gift-card-email': GiftCardMail;
  'payment-capture': PaymentCaptureJob;
  'payment-refund': PaymentRefundJob;
  'payment-event': PaymentEventJob;
}

export type OutboxKind = keyof OutboxPayloads;

/** A job of one of the kinds K, as a worker gets it. */
export type OutboxJob<K extends OutboxKind = OutboxKind> = {
  [Kind in K]: { id: number; kind: Kind; payload: OutboxPayloads[Kind]; attempts: number };
}[K];

/**
 * Runs one job of the kinds K; throwing schedules a retry. NOTE: declared as a method, so that its job is compared
 * both ways: a handler of some kinds stands where one of every kind is only passed on, while `processOutbox` still
 * refuses a handler under a kind it does not take.
 */
export type OutboxHandler<K extends OutboxKind = OutboxKind> = {
  handle(job: OutboxJob<K>): Promise<void>;
}['handle'];

/** A handler for each kind a worker sends. */
export type OutboxHandlers = { [K in OutboxKind]?: OutboxHandler<K> };

/** After this many failed attempts a job stays unsent with its last error, for an operator to look at. */
export const OUTBOX_MAX_ATTEMPTS = 10;

/** 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));
}

/** When a job is due and what it belongs to. */
export interface EnqueueOptions {
  /** Due from then (now when not given). */
  dueAt?: Date;
  /** Not sent until that order lets it go (services/orders/gifts.ts). */
  heldForOrder?: number | null;
  /** The order an email is about, so that the console can send it again. */
  orderId?: number;
}

/** Adds a job; answers its id. */
export async function enqueue<K extends OutboxKind>(
  db: Db,
  kind: K,
  payload: OutboxPayloads[K],
  now: Date,
  { dueAt = now, heldForOrder = null, orderId }: EnqueueOptions = {},
): Promise<number> {
  const [job] = await db
    .insert(outbox)
    .values({ kind, payload, nextAttemptAt: dueAt, createdAt: now, heldForOrder, orderId: orderId ?? null })
    .returning({ id: outbox.id });
  if (!job) throw new Error('the outbox kept no job');
  return job.id;
}

/** Marks a job done by whoever enqueued it (a fallback no longer needed), unless a worker holds or sent it. */
export async function settleJob(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ sentAt: now })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt), eq(outbox.attempts, 0)));
}

/** While a worker sends a job it holds it this long; a worker that dies mid-send lets it come back. */
const LEASE_MS = 5 * 60_000;

/** A job that failed its last allowed attempt: it stays unsent, for an operator (counted by `countDeadJobs`). */
export interface DeadJob {
  id: number;
  kind: string;
  attempts: number;
  lastError: string;
}

/**
 * Claims the next due job: the row is picked and locked by one statement (SKIP LOCKED: another worker takes the next
 * one) and leased by a second, in one short transaction. NOTE: an `UPDATE … WHERE id IN (SELECT … LIMIT 1 FOR UPDATE
 * SKIP LOCKED)` may run its subquery more than once and lease several rows, of which only the first was sent: the
 * others waited out their lease and, leased often enough, used up their attempts unsent.
 */
async function claimNext(db: Db, now: Date) {
  return inTransaction(db, async (tx) => {
    const [due] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.sentAt),
          lte(outbox.nextAttemptAt, now),
          sql`${outbox.attempts} < ${OUTBOX_MAX_ATTEMPTS}`,
          isNull(outbox.heldForOrder),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(eq(outbox.id, due.id))
      .returning();
    return row ?? null;
  });
}

/**
 * Sends the jobs that are due, at most `limit`. Each job is claimed in a short transaction (`claimNext`), sent
 * outside any transaction — the embedded database has one connection, and a slow service must not hold it — then
 * marked sent or scheduled for a retry. A job that fails its last attempt is returned among `dead`.
 */
export async function processOutbox(
  db: Db,
  handlers: OutboxHandlers,
  now: Date,
  options: {
    limit?: number;
    /** Asked before each job: a worker shutting down takes no further one. */
    stopping?: () => boolean;
    /** The operators' traces: each job sent is a span of its own, with its kind and outcome. */
    observer?: ShopObserver;
  } = {},
): Promise<{ sent: number; failed: number; dead: DeadJob[] }> {
  const { limit = 20, stopping = () => false, observer } = options;
  let sent = 0;
  let failed = 0;
  const dead: DeadJob[] = [];
  for (let i = 0; i < limit && !stopping(); i++) {
    const row = await claimNext(db, now);
    if (!row) break;
    // NOTE: the row's payload is what `enqueue` wrote for its kind.
    const job = { id: row.id, kind: row.kind, payload: row.payload, attempts: row.attempts } as OutboxJob;
    try {
      const handler: OutboxHandler | undefined = handlers[job.kind];
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await observed(observer, 'outbox.job', { kind: job.kind }, () => handler(job));
      await db.update(outbox).set({ sentAt: now, lastError: null }).where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      const lastError = String(error instanceof Error ? error.message : error).slice(0, 500);
      await db
        .update(outbox)
        .set({ lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)) })
        .where(eq(outbox.id, row.id));
      failed++;
      if (row.attempts >= OUTBOX_MAX_ATTEMPTS)
        dead.push({ id: row.id, kind: row.kind, attempts: row.attempts, lastError });
    }
  }
  return { sent, failed, dead };
}

/** Jobs due now and not yet sent (the metrics' outbox backlog). */
export async function countDueJobs(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        lte(outbox.nextAttemptAt, now),
        sql`${outbox.attempts} < ${OUTBOX_MAX_ATTEMPTS}`,
        isNull(outbox.heldForOrder),
      ),
    );
  return row?.n ?? 0;
}

/** Jobs that used up their attempts unsent (shown by /readyz). */
export async function countDeadJobs(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), sql`${outbox.attempts} >= ${OUTBOX_MAX_ATTEMPTS}`));
  return row?.n ?? 0;
}

/** The jobs held for an order (services/orders/gifts.ts) go out now. */
export async function releaseHeldJobs(db: Db, orderId: number, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({ heldForOrder: null, nextAttemptAt: now })
    .where(and(eq(outbox.heldForOrder, orderId), isNull(outbox.sentAt)));
}

/** The jobs held for an order never go (the order ended before it gave them). */
export async function dropHeldJobs(db: Db, orderId: number): Promise<void> {
  await db.delete(outbox).where(and(eq(outbox.heldForOrder, orderId), isNull(outbox.sentAt)));
}

/**
 * A job the outbox gave up on, tried again: its attempts start over and it is due now. Answers whether there was such
 * a job (an unsent one past its last attempt).
 */
export async function retryDeadJob(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ attempts: 0, nextAttemptAt: now })
    .where(and(eq(outbox.id, id), isNull(outbox.sentAt), sql`${outbox.attempts} >= ${OUTBOX_MAX_ATTEMPTS}`))
    .returning({ id: outbox.id });
  return rows.length > 0;
}
