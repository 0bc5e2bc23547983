import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

// The outbox (DESIGN.md: outside services never sit on the shopper's path). A change writes its job in
// its own transaction; the worker sends due jobs and retries failures with back-off.

export type OutboxKind = 'email-list' | 'order-email';

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

export async function enqueue(db: Db, kind: OutboxKind, payload: unknown, now: Date): Promise<void> {
  await db.insert(outbox).values({ kind, payload, nextAttemptAt: now, createdAt: now });
}

/** While a worker sends a job it holds it this long; a worker that dies mid-send lets it come back. */
const LEASE_MS = 5 * 60_000;

/**
 * Sends the jobs that are due, at most `limit`. Each job is claimed in a short transaction (SKIP LOCKED, a
 * lease), sent outside any transaction — the embedded database has one connection, and a slow service
 * must not hold it — then marked sent or scheduled for a retry. Returns how many were sent and failed.
 */
export async function processOutbox(
  db: Db,
  handlers: Partial<Record<OutboxKind, OutboxHandler>>,
  now: Date,
  limit = 20,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (let i = 0; i < limit; i++) {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now), sql`${outbox.attempts} < ${OUTBOX_MAX_ATTEMPTS}`),
      )
      .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(outbox.id, due))
      .returning();
    if (!row) break;
    const job: OutboxJob = { id: row.id, kind: row.kind as OutboxKind, payload: row.payload, attempts: row.attempts };
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await handler(job);
      await db.update(outbox).set({ sentAt: now, lastError: null }).where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      await db
        .update(outbox)
        .set({
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(outbox.id, row.id));
      failed++;
    }
  }
  return { sent, failed };
}
