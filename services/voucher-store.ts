import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { voucherUses, vouchers } from '../db/schema';
import type { AttachedVoucher } from '../domain/cart-totals';
import type { VoucherRule } from '../domain/vouchers';

// Reading vouchers and their uses (the cart service and the voucher use cases both need these; kept apart
// from services/vouchers.ts so that the cart service does not import the use cases that import it).

type VoucherRow = typeof vouchers.$inferSelect;

export function toVoucherRule(row: VoucherRow): VoucherRule {
  return {
    code: row.code,
    description: row.description,
    kind: row.discountType === 'percent' ? 'percent' : 'amount',
    value: row.discountValue,
    minimumSubtotalCents: row.minimumSubtotalCents,
    minimumBottles: row.minimumBottles,
    siteId: row.siteId,
    currency: row.currency,
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    oncePerCustomer: row.oncePerCustomer,
    active: row.active,
  };
}

/** The voucher of an (upper-case) code, or null when there is none. */
export async function loadVoucherRule(db: Db, code: string): Promise<VoucherRule | null> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.code, code)).limit(1);
  return row ? toVoucherRule(row) : null;
}

export async function hasUsedVoucher(db: Db, customerId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(voucherUses)
    .where(and(eq(voucherUses.customerId, customerId), eq(voucherUses.voucherCode, code)));
  return (row?.n ?? 0) > 0;
}

/**
 * A cart's voucher from its row (read with the cart, services/cart.ts), and whether the cart's customer has used
 * it already (asked only of once-per-customer vouchers on a customer's cart).
 */
export async function attachedVoucher(db: Db, customerId: number | null, row: VoucherRow): Promise<AttachedVoucher> {
  const rule = toVoucherRule(row);
  const usedByCustomer =
    rule.oncePerCustomer && customerId !== null ? await hasUsedVoucher(db, customerId, rule.code) : false;
  return { rule, usedByCustomer };
}
