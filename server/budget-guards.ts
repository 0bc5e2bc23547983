import type { Context } from 'hono';
import { SIGNUP_THROTTLED } from '../domain/email-signup';
import { VOUCHER_MESSAGES } from '../domain/vouchers';
import { budgetsFor, spendBudget } from '../services/platform/budgets';
import type { AppEnv } from './types';

// The request side of the budgets (services/platform/budgets.ts): what a client address, and its cart, may try per hour.

/**
 * A voucher or referral code tried (the cart's voucher box, the account's voucher calls, an /offer link; a voucher
 * link's saved code spends from the same budgets in services/vouchers/vouchers.ts applyVoucherCookie).
 */
export async function spendCodeTry(c: Context<AppEnv>, cartId: string | null): Promise<void> {
  const { db, clock, clientAddress, budgets } = c.var.ctx;
  await spendBudget(
    db,
    clock.now(),
    budgetsFor('code', budgets.codesPerAddress, clientAddress, { limit: budgets.codesPerCart, cartId }),
    VOUCHER_MESSAGES.tooManyTries,
  );
}

/** An email signup (each one queues an outbound call to the list service). */
export async function spendSignup(c: Context<AppEnv>): Promise<void> {
  const { db, clock, clientAddress, budgets } = c.var.ctx;
  await spendBudget(db, clock.now(), budgetsFor('signup', budgets.signupsPerAddress, clientAddress), SIGNUP_THROTTLED);
}
