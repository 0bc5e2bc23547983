import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, voucherUses } from '../../db/schema';

/** A guest who registers with the email of their orders gets them in their account (and their voucher uses). */
export async function claimGuestOrders(db: Db, customerId: number, email: string): Promise<number> {
  const claimed = await db
    .update(orders)
    .set({ customerId })
    .where(and(isNull(orders.customerId), eq(orders.email, email)))
    .returning({ id: orders.id });
  await db
    .update(voucherUses)
    .set({ customerId })
    .where(and(isNull(voucherUses.customerId), eq(voucherUses.email, email)));
  return claimed.length;
}
