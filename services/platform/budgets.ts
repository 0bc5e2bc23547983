import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, transactionWithoutFlush } from '../../db/client';
import { budgetHits } from '../../db/schema';
import { throttleAddressOf } from '../../domain/identity-rules';
import type { Text } from '../../domain/message';
import { ServiceError } from './service-error';
import { GENERIC_ERRORS } from '../../domain/errors';

// Budgets for costly or guessable actions (payment attempts, voucher and referral codes tried, email signups): each
// key may be spent `limit` times in a rolling window. Counted in the database under a transaction-scoped advisory
// lock per key, so the budget holds across every server process on PostgreSQL and under parallel requests.

/** One budget to spend from: `limit` uses of `key` per `windowMs`. */
export interface Budget {
  key: string;
  limit: number;
  windowMs: number;
}

export const HOUR_MS = 3_600_000;

/** The budget key of a client address (an IPv6 /64 is one address, as for the login throttle). */
export function addressKey(kind: string, address: string): string {
  return `${kind}:address:${throttleAddressOf(address)}`;
}

/** The budget key of a cart: its id opens the cart, so only a hash of it is kept. */
export function cartKey(kind: string, cartId: string): string {
  return `${kind}:cart:${createHash('sha256').update(cartId).digest('hex').slice(0, 32)}`;
}

/**
 * Spends one use from every budget given, or none: when any is used up, a 'throttled' ServiceError with `message`
 * (HTTP 429) and nothing is counted.
 */
export async function spendBudget(db: Db, now: Date, budgets: readonly Budget[], message: Text): Promise<void> {
  if (budgets.length === 0) return;
  const keys = [...new Set(budgets.map((b) => b.key))].sort();
  const widest = Math.max(...budgets.map((b) => b.windowMs));
  // NOTE: three statements in one transaction (this runs before every payment): the locks, in key order; then every
  // budget counted, up to its limit only, after the locks (a statement sees what was committed when it began); then
  // the uses written, with the housekeeping of uses older than every window of these keys.
  // A use lost in a crash costs nothing: the commit need not wait for the disk (it waited as long as a payment).
  await transactionWithoutFlush(db, async (tx) => {
    await tx.execute(sql`
      select pg_advisory_xact_lock(hashtext('budget:' || key))
      from (select key from unnest(${sql.param(keys)}::text[]) as k(key) order by key) as ordered`);
    const counted = await tx.execute<{ n: number; lim: number }>(sql`
      select b.lim, (
        select count(*)::int from (
          select 1 from ${budgetHits} h where h.key = b.key and h.at > b.since limit b.lim) as used
      ) as n
      from unnest(
        ${sql.param(budgets.map((b) => b.key))}::text[],
        ${sql.param(budgets.map((b) => new Date(now.getTime() - b.windowMs).toISOString()))}::timestamptz[],
        ${sql.param(budgets.map((b) => b.limit))}::int[]
      ) as b(key, since, lim)`);
    const rows = (counted as unknown as { rows: { n: number; lim: number }[] }).rows;
    if (rows.some((r) => r.n >= r.lim)) throw new ServiceError(GENERIC_ERRORS.throttled, message);
    await tx.execute(sql`
      with gone as (
        delete from ${budgetHits}
        where ${budgetHits.key} = any(${sql.param(keys)}::text[]) and ${budgetHits.at} <= ${new Date(now.getTime() - widest).toISOString()}::timestamptz
      )
      insert into ${budgetHits} (key, at) select key, ${now.toISOString()}::timestamptz from unnest(${sql.param(keys)}::text[]) as k(key)`);
  });
}

/**
 * Gives back the use `spendBudget` took at `now` from each of these budgets: what was spent to hold a place for an
 * attempt that turned out to cost nothing (a payment the card approved).
 */
export async function giveBackBudget(db: Db, now: Date, budgets: readonly Budget[]): Promise<void> {
  if (budgets.length === 0) return;
  const keys = [...new Set(budgets.map((b) => b.key))];
  await db.execute(sql`
    delete from ${budgetHits} where ${budgetHits.id} in (
      select min(${budgetHits.id}) from ${budgetHits}
      where ${budgetHits.key} = any(${sql.param(keys)}::text[]) and ${budgetHits.at} = ${now.toISOString()}::timestamptz
      group by ${budgetHits.key})`);
}

/**
 * True when any of the budgets is used up: a lookup that must not even be tried then (an order link's secret), so a
 * right guess after the limit tells nothing. Spends nothing.
 */
export async function isBudgetUsedUp(db: Db, now: Date, budgets: readonly Budget[]): Promise<boolean> {
  if (budgets.length === 0) return false;
  const counted = await db.execute<{ full: boolean }>(sql`
    select bool_or((
      select count(*)::int from (
        select 1 from ${budgetHits} h where h.key = b.key and h.at > b.since limit b.lim) as used
    ) >= b.lim) as full
    from unnest(
      ${sql.param(budgets.map((b) => b.key))}::text[],
      ${sql.param(budgets.map((b) => new Date(now.getTime() - b.windowMs).toISOString()))}::timestamptz[],
      ${sql.param(budgets.map((b) => b.limit))}::int[]
    ) as b(key, since, lim)`);
  const rows = (counted as unknown as { rows: { full: boolean | null }[] }).rows;
  return rows[0]?.full === true;
}

/** The budgets' sizes, per hour (configuration: PAYMENT_ATTEMPTS_PER_HOUR, CODE_TRIES_PER_HOUR, SIGNUPS_PER_HOUR). */
export interface BudgetLimits {
  paymentsPerAddress: number;
  paymentsPerCart: number;
  codesPerAddress: number;
  codesPerCart: number;
  signupsPerAddress: number;
  contactsPerAddress: number;
}

/** Budgets of one kind for a client address and, when there is one, its cart. */
export function budgetsFor(
  kind: 'payment' | 'code' | 'signup' | 'verify' | 'reset' | 'reset-link' | 'contact',
  perAddress: number,
  address: string,
  perCart?: { limit: number; cartId: string | null },
): Budget[] {
  const budgets: Budget[] = [{ key: addressKey(kind, address), limit: perAddress, windowMs: HOUR_MS }];
  if (perCart?.cartId) budgets.push({ key: cartKey(kind, perCart.cartId), limit: perCart.limit, windowMs: HOUR_MS });
  return budgets;
}
