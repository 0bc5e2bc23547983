import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerPoints, orderEvents, orderLines, orders, skus } from '../../db/schema';
import { ORDER_NUMBER_PATTERN } from '../../domain/checkout';
import { basePointsOf } from '../../domain/cart-pricing';
import { ORDER_NOT_FOUND } from '../identity/account';
import { ServiceError } from '../platform/service-error';
import { GENERIC_ERRORS } from '../../domain/errors';

// Points (SPEC §3 "Points summary", §2 "points earned (vir brand)"): what an order earned and the balance a
// customer holds. The cart's own summary is domain/cart-pricing pointsEarned; an order uses the same rule.

export interface PointsSummary {
  basePoints: number;
  bonusPoints: number;
  totalPoints: number;
}

/** An order reference from `?orderId=`: the order's id (as in orderhistory/details/{id}) or its number. */
function orderCondition(ref: string) {
  if (/^\d{1,10}$/.test(ref)) {
    const id = Number(ref);
    return id > 0 && id <= 2_147_483_647 ? eq(orders.id, id) : null;
  }
  const number = ref.toUpperCase();
  return /^[A-Z]{2,5}-\d{1,12}$/.test(number) || ORDER_NUMBER_PATTERN.test(number)
    ? eq(orders.orderNumber, number)
    : null;
}

/**
 * The points one of the customer's orders earned: a base point per whole currency unit of its subtotal plus each
 * line's sku bonus points per unit (the same rule as the cart's summary). Someone else's order is not found.
 */
export async function orderPointsEarned(db: Db, customerId: number, ref: string): Promise<PointsSummary> {
  const condition = orderCondition(ref);
  if (!condition) throw new ServiceError(GENERIC_ERRORS.not_found, ORDER_NOT_FOUND);
  const [order] = await db
    .select({ id: orders.id, subtotalCents: orders.subtotalCents })
    .from(orders)
    .where(and(condition, eq(orders.customerId, customerId)));
  if (!order) throw new ServiceError(GENERIC_ERRORS.not_found, ORDER_NOT_FOUND);
  return pointsOfOrder(db, order);
}

/** The bonus points of an order's lines (of one item's lines, given its code): quantity × the sku's bonus. */
async function bonusPointsOf(db: Db, orderId: number, itemCode?: string): Promise<number> {
  const [bonus] = await db
    .select({ points: sql<number>`coalesce(sum(${orderLines.quantity} * ${skus.bonusPoints}), 0)::int` })
    .from(orderLines)
    .innerJoin(skus, eq(skus.itemCode, orderLines.skuItemCode))
    .where(and(eq(orderLines.orderId, orderId), itemCode ? eq(orderLines.itemCode, itemCode) : undefined));
  return Number(bonus?.points ?? 0);
}

async function pointsOfOrder(db: Db, order: { id: number; subtotalCents: number }): Promise<PointsSummary> {
  const basePoints = basePointsOf(order.subtotalCents);
  const bonusPoints = await bonusPointsOf(db, order.id);
  return { basePoints, bonusPoints, totalPoints: basePoints + bonusPoints };
}

/** The brands whose customers keep points (SPEC §2: vir). */
export const POINTS_BRANDS: readonly string[] = ['vir'];

/**
 * A customer's order adds what it earned to their balance with the site's brand, in the order's transaction (a
 * refund or cancellation takes it back: services/orders/moves/). Guests and brands without points earn nothing.
 */
export async function creditOrderPoints(
  tx: Db,
  customerId: number | null,
  brand: string,
  order: { id: number; subtotalCents: number },
): Promise<number> {
  if (customerId === null || !POINTS_BRANDS.includes(brand)) return 0;
  const earned = await pointsOfOrder(tx, order);
  if (earned.totalPoints <= 0) return 0;
  await tx
    .insert(customerPoints)
    .values({ customerId, brand, basePoints: earned.basePoints, bonusPoints: earned.bonusPoints })
    .onConflictDoUpdate({
      target: [customerPoints.customerId, customerPoints.brand],
      set: {
        basePoints: sql`${customerPoints.basePoints} + ${earned.basePoints}`,
        bonusPoints: sql`${customerPoints.bonusPoints} + ${earned.bonusPoints}`,
      },
    });
  return earned.totalPoints;
}

/** The customer's points balance with a brand (vir keeps points); null when they hold none there. */
export async function pointsBalance(db: Db, customerId: number, brand: string): Promise<PointsSummary | null> {
  const [row] = await db
    .select()
    .from(customerPoints)
    .where(and(eq(customerPoints.customerId, customerId), inArray(customerPoints.brand, [brand])));
  if (!row) return null;
  return { basePoints: row.basePoints, bonusPoints: row.bonusPoints, totalPoints: row.basePoints + row.bonusPoints };
}

/**
 * The points an order earned (a base point per whole unit of its subtotal, plus its lines' sku
 * bonus points), taken back from the customer's balance with the order's brand: all that is left of them for a
 * cancellation or a refund in full, a base point per whole unit refunded (and the line's bonus) for a partial one.
 * Answers the points taken (never more than the balance holds).
 */
export async function takeBackOrderPoints(
  tx: Db,
  row: { id: number; customerId: number | null; subtotalCents: number; brand: string },
  what: 'all' | { amountCents: number; itemCode: string | undefined },
): Promise<number> {
  if (row.customerId === null) return 0;
  const { brand } = row;
  const [balance] = await tx
    .select()
    .from(customerPoints)
    .where(and(eq(customerPoints.customerId, row.customerId), eq(customerPoints.brand, brand)))
    .for('update');
  if (!balance) return 0;
  const bonusOf = (itemCode?: string) => bonusPointsOf(tx, row.id, itemCode);
  const earned = basePointsOf(row.subtotalCents) + (await bonusOf());
  const [already] = await tx
    .select({ points: sql<number>`coalesce(sum(${orderEvents.pointsTaken}), 0)::int` })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id));
  const left = Math.max(0, earned - Number(already?.points ?? 0));
  const wanted =
    what === 'all'
      ? left
      : Math.min(left, basePointsOf(what.amountCents) + (what.itemCode ? await bonusOf(what.itemCode) : 0));
  const taken = Math.min(wanted, balance.basePoints + balance.bonusPoints);
  if (taken <= 0) return 0;
  const fromBase = Math.min(taken, balance.basePoints);
  await tx
    .update(customerPoints)
    .set({ basePoints: balance.basePoints - fromBase, bonusPoints: balance.bonusPoints - (taken - fromBase) })
    .where(and(eq(customerPoints.customerId, row.customerId), eq(customerPoints.brand, brand)));
  return taken;
}
