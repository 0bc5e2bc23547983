import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type OrderAddress, orders } from '../db/schema';
import { API_TEXTS } from '../domain/api-texts';
import type { Clock } from '../domain/clock';
import { ORDER_NUMBER_PATTERN } from '../domain/checkout';
import { VOUCHER_MESSAGES } from '../domain/vouchers';
import { linesOf, type Order, toOrder } from './account';
import { type BudgetLimits, budgetsFor, isBudgetUsedUp, spendBudget } from './budgets';
import { linkTokenHash } from './checkout';
import { ServiceError } from './service-error';

// The order's page behind the confirmation email's link (`/orders/{orderNumber}?token=…`): whoever holds the email
// sees the order without logging in. The secret is random (32 bytes), only its hash is kept, and a wrong one costs a
// try from the guessable-code budget of the client's address, like a voucher code.

export interface OrderLinkContext {
  db: Db;
  clock: Clock;
  siteId: string;
  clientAddress: string;
  budgets: Pick<BudgetLimits, 'codesPerAddress'>;
}

/** An order as its link shows it: lines, totals, status and where it goes. */
export interface LinkedOrder extends Order {
  delivery: OrderAddress | null;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The order whose link this is, or not_found (the same for an unknown order, another site's and a wrong secret).
 * Once the address has used up its code budget every try is refused (throttled) before the secret is looked at.
 */
export async function findOrderByLink(ctx: OrderLinkContext, orderNumber: string, token: string): Promise<LinkedOrder> {
  const now = ctx.clock.now();
  const budgets = budgetsFor('code', ctx.budgets.codesPerAddress, ctx.clientAddress);
  if (await isBudgetUsedUp(ctx.db, now, budgets)) throw new ServiceError('throttled', VOUCHER_MESSAGES.tooManyTries);
  const [row] =
    ORDER_NUMBER_PATTERN.test(orderNumber) && TOKEN_PATTERN.test(token)
      ? await ctx.db
          .select()
          .from(orders)
          .where(and(eq(orders.orderNumber, orderNumber), eq(orders.siteId, ctx.siteId)))
          .limit(1)
      : [];
  if (!row || row.linkTokenHash === null || row.linkTokenHash !== linkTokenHash(token)) {
    await spendBudget(ctx.db, now, budgets, VOUCHER_MESSAGES.tooManyTries);
    throw new ServiceError('not_found', API_TEXTS.orderNotFound);
  }
  const lines = await linesOf(ctx.db, [row.id]);
  return { ...toOrder(row, lines.get(row.id) ?? []), delivery: row.deliveryAddress };
}
