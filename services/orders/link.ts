import type { Db } from '../../db/client';
import { API_TEXTS } from '../../domain/api-texts';
import type { Clock } from '../../domain/clock';
import { VOUCHER_MESSAGES, VOUCHER_ERRORS } from '../../domain/vouchers';
import { type BudgetLimits, budgetsFor, isBudgetUsedUp, spendBudget } from '../platform/budgets';
import { type ConfirmedOrder, findConfirmedOrder } from './confirmed-order';
import { ServiceError } from '../platform/service-error';
import { GENERIC_ERRORS } from '../../domain/errors';

// The confirmation email links to the order's page (`/checkout/confirmation/{orderNumber}?token=…`): whoever holds the
// email sees the order, guest or not, without logging in. The secret is random (32 bytes) and the order's own (never
// the checkout key, which the confirmation cookie carries); only its hash is kept; a wrong one costs a try from the
// guessable-code budget of the client's address, like a voucher code.

export interface OrderLinkContext {
  db: Db;
  clock: Clock;
  siteId: string;
  clientAddress: string;
  budgets: Pick<BudgetLimits, 'codesPerAddress'>;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The order whose link this is, or not_found (the same for an unknown order, another site's and a wrong secret).
 * Once the address has used up its code budget every try is refused (throttled) before the secret is looked at.
 */
export async function findOrderByLink(
  ctx: OrderLinkContext,
  orderNumber: string,
  token: string,
): Promise<ConfirmedOrder> {
  const now = ctx.clock.now();
  const budgets = budgetsFor('code', ctx.budgets.codesPerAddress, ctx.clientAddress);
  if (await isBudgetUsedUp(ctx.db, now, budgets)) throw new ServiceError(VOUCHER_ERRORS.tooManyTries);
  try {
    if (!TOKEN_PATTERN.test(token)) throw new ServiceError(GENERIC_ERRORS.not_found, API_TEXTS.orderNotFound);
    return await findConfirmedOrder(ctx.db, ctx.siteId, orderNumber, {
      customerId: null,
      accessToken: null,
      linkToken: token,
    });
  } catch (error) {
    if (!(error instanceof ServiceError) || error.kind !== 'not_found') throw error;
    await spendBudget(ctx.db, now, budgets, VOUCHER_MESSAGES.tooManyTries);
    throw error;
  }
}
