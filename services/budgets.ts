import { createHash } from 'node:crypto';
import { and, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { budgetHits } from '../db/schema';
import { throttleAddressOf } from '../domain/identity-rules';
import type { Text } from '../domain/message';
import { ServiceError } from './service-error';

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
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const keys = [...new Set(budgets.map((b) => b.key))].sort();
    for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`budget:${key}`}))`);
    const widest = Math.max(...budgets.map((b) => b.windowMs));
    // Housekeeping: uses older than every window of these keys no longer count.
    await tx
      .delete(budgetHits)
      .where(and(inArray(budgetHits.key, keys), lte(budgetHits.at, new Date(now.getTime() - widest))));
    for (const budget of budgets) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(budgetHits)
        .where(
          and(sql`${budgetHits.key} = ${budget.key}`, gt(budgetHits.at, new Date(now.getTime() - budget.windowMs))),
        );
      if ((row?.n ?? 0) >= budget.limit) throw new ServiceError('throttled', message);
    }
    await tx.insert(budgetHits).values(keys.map((key) => ({ key, at: now })));
  });
}

/** The budgets' sizes, per hour (configuration: PAYMENT_ATTEMPTS_PER_HOUR, CODE_TRIES_PER_HOUR, SIGNUPS_PER_HOUR). */
export interface BudgetLimits {
  paymentsPerAddress: number;
  paymentsPerCart: number;
  codesPerAddress: number;
  codesPerCart: number;
  signupsPerAddress: number;
}

/** Budgets of one kind for a client address and, when there is one, its cart. */
export function budgetsFor(
  kind: 'payment' | 'code' | 'signup' | 'verify' | 'reset',
  perAddress: number,
  address: string,
  perCart?: { limit: number; cartId: string | null },
): Budget[] {
  const budgets: Budget[] = [{ key: addressKey(kind, address), limit: perAddress, windowMs: HOUR_MS }];
  if (perCart?.cartId) budgets.push({ key: cartKey(kind, perCart.cartId), limit: perCart.limit, windowMs: HOUR_MS });
  return budgets;
}
