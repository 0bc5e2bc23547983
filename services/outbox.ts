import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../db/client';
import { outbox } from '../db/schema';

// The outbox (DESIGN.md: outside services never sit on the shopper's path). A change writes its job in
// its own transaction; the worker sends due jobs and retries failures with back-off.

export type OutboxKind =
  | 'email-list'
  | 'order-email'
  | 'account-email'
  | 'contact-email'
  | 'gift-card-email'
  | 'payment-capture'
  | 'payment-refund';

export interface OutboxJob {
  id: number;
  kind: OutboxKind;
  payload: unknown;
  attempts: number;
}

/** Runs one job; throwing schedules a retry. */
export type OutboxHandler = (job: OutboxJob) => Promise<void>;

/** After this many failed attempts a job stays unsent with its last error, for an operator to look at. */
export const OUTBOX_MAX_ATTEMPTS = 10;

/** 10 s, 20 s, 40 s … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Adds a job, due now or from `dueAt`; answers its id. `heldForOrder`: not sent until that order lets it go
 * (services/order-gifts.ts).
 */
export async function enqueue(
  db: Db,
  kind: OutboxKind,
  payload: unknown,
  now: Date,
  dueAt = now,
  heldForOrder: number | null = null,
): Promise<number> {
  const [job] = await db
    .insert(outbox)
    .values({ kind, payload, nextAttemptAt: dueAt, createdAt: now, heldForOrder })
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
  handlers: Partial<Record<OutboxKind, OutboxHandler>>,
  now: Date,
  limit = 20,
): Promise<{ sent: number; failed: number; dead: DeadJob[] }> {
  let sent = 0;
  let failed = 0;
  const dead: DeadJob[] = [];
  for (let i = 0; i < limit; i++) {
    const row = await claimNext(db, now);
    if (!row) break;
    const job: OutboxJob = { id: row.id, kind: row.kind as OutboxKind, payload: row.payload, attempts: row.attempts };
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await handler(job);
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

/** Jobs that used up their attempts unsent (shown by /readyz). */
export async function countDeadJobs(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), sql`${outbox.attempts} >= ${OUTBOX_MAX_ATTEMPTS}`));
  return row?.n ?? 0;
}
