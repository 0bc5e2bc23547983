import { createHash } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderLines, orders } from '../../../db/schema';
import { CHECKOUT_MESSAGES, CHECKOUT_ERRORS } from '../../../domain/checkout';
import { VOUCHER_MESSAGES, VOUCHER_USED_UP } from '../../../domain/vouchers';
import type { Text } from '../../../domain/message';
import type { CartModel } from '../../cart/cart-json';
import { ServiceError } from '../../platform/service-error';
import {
  loadVoucherRule,
  lockVoucherCode,
  lockVoucherUser,
  mailboxKeySql,
  voucherUseOf,
} from '../../vouchers/voucher-store';
import { mailboxKey } from '../../../domain/identity-rules';
import type { CheckoutContext, OrderRequest } from '../context';

/**
 * Pre-sell bottles of this person's orders not yet shipped (reserved, not paid), by account or by mailbox; a guest's
 * also by the address they place from (a guest chooses the mailbox).
 */
async function reservedPresellBottles(
  tx: Db,
  user: { customerId: number | null; email: string; placedFrom: string | null },
): Promise<number> {
  const [row] = await tx
    .select({ bottles: sql<number>`coalesce(sum(${orderLines.bottleCount}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orderLines.preSell, true),
        eq(orders.status, 'PROCESSING'),
        or(
          user.customerId !== null ? eq(orders.customerId, user.customerId) : undefined,
          user.placedFrom !== null ? eq(orders.placedFrom, user.placedFrom) : undefined,
          sql`${mailboxKeySql(orders.email)} = ${mailboxKey(user.email)}`,
        ),
      ),
    );
  return row?.bottles ?? 0;
}

/** Why a person may not use a voucher on this order whatever it holds, or null. */
function refusalFor(use: { usedByCustomer: boolean; ownReferral: boolean; usedUp: boolean }): Text | null {
  if (use.ownReferral) return VOUCHER_MESSAGES.ownReferral;
  if (use.usedByCustomer) return VOUCHER_MESSAGES.alreadyUsed;
  return use.usedUp ? VOUCHER_USED_UP : null;
}

/**
 * Rules that hold per person (a once-only voucher, unpaid pre-sell bottles), by account and by mailbox together,
 * guest or customer, under the person's locks (services/vouchers/voucher-store.ts). The voucher counts only when it applies
 * now; it is returned for the order to record.
 */
export async function checkPersonRules(tx: Db, ctx: CheckoutContext, request: OrderRequest, cart: CartModel) {
  const voucher = cart.totals.voucher?.applied ? cart.totals.voucher : null;
  const user = { customerId: request.customerId, email: request.email };
  const presellBottles = cart.lines.filter((l) => l.preSellItem).reduce((n, l) => n + l.bottleCount, 0);
  if (voucher || presellBottles > 0) await lockVoucherUser(tx, user, request.email);
  if (presellBottles > 0) {
    const placedFrom = request.customerId === null ? placedFromOf(ctx.clientAddress) : null;
    const held = await reservedPresellBottles(tx, { ...user, placedFrom });
    if (held + presellBottles > ctx.presellBottleLimit)
      throw new ServiceError(CHECKOUT_ERRORS.presellLimit, CHECKOUT_MESSAGES.presellLimit(ctx.presellBottleLimit));
  }
  if (voucher) {
    const rule = await loadVoucherRule(tx, voucher.code);
    // A code with a limit of uses: its count is read under the code's lock, which this order holds until it commits.
    if (rule?.totalUses != null) await lockVoucherCode(tx, rule.code);
    const refused = rule ? refusalFor(await voucherUseOf(tx, rule, user)) : null;
    if (refused) throw new ServiceError(CHECKOUT_ERRORS.voucherRefused, refused);
  }
  return voucher;
}

/** What a guest's order keeps of the address it was placed from (for the pre-sell cap): a hash, not the address. */
export function placedFromOf(clientAddress: string): string {
  return createHash('sha256').update(`placed-from:${clientAddress}`).digest('hex');
}
