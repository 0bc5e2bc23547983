import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, voucherUses, vouchers } from '../db/schema';
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

/** The cart's voucher, if it has one, and whether the cart's customer has used it already. */
export async function loadCartVoucher(db: Db, cartId: string): Promise<AttachedVoucher | null> {
  const [row] = await db
    .select({ customerId: carts.customerId, voucher: vouchers })
    .from(carts)
    .innerJoin(vouchers, eq(vouchers.code, carts.voucherCode))
    .where(eq(carts.id, cartId))
    .limit(1);
  if (!row) return null;
  const rule = toVoucherRule(row.voucher);
  const usedByCustomer =
    rule.oncePerCustomer && row.customerId !== null ? await hasUsedVoucher(db, row.customerId, rule.code) : false;
  return { rule, usedByCustomer };
}
