import { eq, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { carts, customers, voucherUses } from '../../db/schema';
import { systemClock } from '../../domain/clock';
import { sentText } from '../../domain/message';
import { centsToAmount } from '../../domain/money';
import {
  calculateVoucherDiscount,
  checkVoucherAvailable,
  VOUCHER_MESSAGES,
  VoucherCodeSchema,
  type VoucherRule,
  VOUCHER_ERRORS,
  voucherRefusalError,
} from '../../domain/vouchers';
import { type BudgetLimits, budgetsFor, spendBudget } from '../platform/budgets';
import { type CartContext, getCart, lockCart, newCartId, touch } from '../cart/cart';
import type { CartModel } from '../cart/cart-json';
import { ServiceError } from '../platform/service-error';
import { hasUsedVoucher, loadVoucherRule, lockVoucherUser, voucherUseOf } from './voucher-store';
import { GENERIC_ERRORS } from '../../domain/errors';
import { CHECKOUT_ERRORS } from '../../domain/checkout';

// The voucher use cases (CONTRACT "Vouchers, on every site"; SPEC §7 voucher calls): apply a code to a cart,
// remove it, describe it, apply the code a voucher link saved, and record a use (for checkout).
// Every refusal is a ServiceError with a message a shopper can read, and changes nothing.

function normalise(code: string): string {
  const parsed = VoucherCodeSchema.safeParse(code);
  if (!parsed.success) throw new ServiceError(VOUCHER_ERRORS.invalid);
  return parsed.data;
}

/** The voucher of a code that this customer (if any) may use now, or a ServiceError saying why not. */
async function usableVoucher(db: Db, ctx: CartContext, code: string, customerId: number | null): Promise<VoucherRule> {
  const rule = await loadVoucherRule(db, code);
  if (!rule) throw new ServiceError(VOUCHER_ERRORS.invalid);
  const use = await voucherUseOf(db, rule, { customerId });
  const refused = checkVoucherAvailable(rule, { site: ctx.site, now: (ctx.clock ?? systemClock).now(), ...use });
  if (refused) throw new ServiceError(voucherRefusalError(refused), refused.message);
  return rule;
}

/**
 * Applies a voucher to the cart (creating the cart when it does not exist). The same code again changes
 * nothing (it discounts once); a second code is refused: one voucher per order.
 */
export async function applyVoucher(ctx: CartContext, cartId: string, rawCode: string): Promise<CartModel> {
  const code = normalise(rawCode);
  await inTransaction(ctx.db, async (tx) => {
    await lockCart(tx, cartId, ctx.site, ctx.customerId ?? null);
    const [cart] = await tx
      .select({ voucherCode: carts.voucherCode, customerId: carts.customerId })
      .from(carts)
      .where(eq(carts.id, cartId));
    if (cart?.voucherCode === code) return;
    if (cart?.voucherCode) throw new ServiceError(VOUCHER_ERRORS.onlyOne, VOUCHER_MESSAGES.onlyOne(cart.voucherCode));
    const rule = await usableVoucher(tx, ctx, code, cart?.customerId ?? null);
    const { totals } = await getCart({ ...ctx, db: tx }, cartId);
    const result = calculateVoucherDiscount(rule, {
      eligibleSubtotalCents: totals.eligibleSubtotalCents,
      bottles: totals.numBottles,
      site: ctx.site,
    });
    if (!result.ok) throw new ServiceError(voucherRefusalError(result), result.message);
    await tx.update(carts).set({ voucherCode: code }).where(eq(carts.id, cartId));
    await touch(tx, cartId);
  });
  return getCart(ctx, cartId);
}

/** Takes the voucher of this code off the cart. */
export async function removeVoucher(ctx: CartContext, cartId: string | null, rawCode: string): Promise<CartModel> {
  const code = normalise(rawCode);
  if (!cartId) throw new ServiceError(VOUCHER_ERRORS.notOnCart);
  const removed = await inTransaction(ctx.db, async (tx) => {
    await lockCart(tx, cartId, ctx.site, ctx.customerId ?? null);
    const rows = await tx
      .update(carts)
      .set({ voucherCode: null })
      .where(sql`${carts.id} = ${cartId} and ${carts.voucherCode} = ${code}`)
      .returning({ id: carts.id });
    if (rows.length > 0) await touch(tx, cartId);
    return rows.length;
  });
  if (removed === 0) throw new ServiceError(VOUCHER_ERRORS.notOnCart);
  return getCart(ctx, cartId);
}

/** SPEC §7 voucher validate: what the voucher is, when this customer may use it now. Changes nothing. */
export async function describeVoucher(ctx: CartContext, customerId: number, rawCode: string) {
  const code = normalise(rawCode);
  const rule = await usableVoucher(ctx.db, ctx, code, customerId);
  return {
    code: rule.code,
    description: rule.description,
    kind: rule.kind,
    /** Currency amount off (kind amount) or whole percent off (kind percent). */
    amount: rule.kind === 'percent' ? rule.value : centsToAmount(rule.value),
    minimumSubtotal: centsToAmount(rule.minimumSubtotalCents),
    minimumBottles: rule.minimumBottles,
    currencyCode: ctx.site.currency,
    expiresAt: rule.expiresAt?.toISOString() ?? null,
    oncePerCustomer: rule.oncePerCustomer,
  };
}

export type VoucherDescription = Awaited<ReturnType<typeof describeVoucher>>;

/** What became of the code a voucher link saved (the `voucher_code` cookie). */
export type VoucherCookieOutcome =
  | { code: string; status: 'applied'; message: null; reason: null }
  | {
      code: string;
      status: 'invalid';
      /** SPEC §8: the text the page tracks. */
      message: string;
      /** Why, as the voucher box would say it (e.g. 'Voucher expired'). */
      reason: string;
    }
  | {
      code: string;
      /** The code budget is used up: the code was not tried, so this says nothing of whether it exists. */
      status: 'throttled';
      message: string;
      reason: null;
    };

/** Who tries a voucher link's code: a try spends from the code budget of their address and cart, as the box does. */
export interface CodeTrier {
  clientAddress: string;
  budgets: Pick<BudgetLimits, 'codesPerAddress' | 'codesPerCart'>;
}

/**
 * Applies the code a voucher link saved, when the cart has no voucher yet. Creates the cart when the code
 * applies and the visitor has none (unless createCart is false). The caller clears the cookie whenever the
 * outcome is not null. The outcome is null (nothing tried) when the cart already carries a voucher, or there
 * is no cart and createCart is false: a saved code already on the cart costs no try however often it is sent.
 * Every try spends one from the code budget first; once it is used up the code is not looked at ('throttled').
 */
export async function applyVoucherCookie(
  ctx: CartContext,
  trier: CodeTrier,
  cartId: string | null,
  rawCode: string,
  options: { createCart?: boolean } = {},
): Promise<{ cartId: string | null; outcome: VoucherCookieOutcome | null }> {
  const code = rawCode.trim().toUpperCase();
  // A caller that cannot set the cart cookie (the cart page's loader) leaves a visitor without a cart alone.
  if (!cartId && options.createCart === false) return { cartId, outcome: null };
  if (cartId) {
    const [cart] = await ctx.db.select({ voucherCode: carts.voucherCode }).from(carts).where(eq(carts.id, cartId));
    if (cart?.voucherCode) return { cartId, outcome: null };
  }
  const target = cartId ?? newCartId();
  try {
    await spendBudget(
      ctx.db,
      (ctx.clock ?? systemClock).now(),
      budgetsFor('code', trier.budgets.codesPerAddress, trier.clientAddress, {
        limit: trier.budgets.codesPerCart,
        cartId,
      }),
      VOUCHER_MESSAGES.tooManyTries,
    );
    await applyVoucher(ctx, target, code);
    return { cartId: target, outcome: { code, status: 'applied', message: null, reason: null } };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const text = sentText(await ctx.messages?.(), error.text);
    if (error.kind === 'throttled')
      return { cartId, outcome: { code, status: 'throttled', message: text, reason: null } };
    return { cartId, outcome: { code, status: 'invalid', message: VOUCHER_MESSAGES.invalidLink, reason: text } };
  }
}

/**
 * Records that a customer used a voucher (checkout calls this with the order). A once-per-customer voucher
 * the customer has used already is refused.
 */
export async function recordVoucherUse(
  db: Db,
  use: { code: string; customerId: number; orderId?: number | null },
): Promise<{ id: number }> {
  const code = normalise(use.code);
  return inTransaction(db, async (tx) => {
    const rule = await loadVoucherRule(tx, code);
    if (!rule) throw new ServiceError(GENERIC_ERRORS.not_found, VOUCHER_MESSAGES.invalid);
    // NOTE: the customer's voucher lock, so two checkouts at once cannot both use a once-only code.
    const [account] = await tx
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, use.customerId));
    await lockVoucherUser(tx, { customerId: use.customerId }, account?.email ?? null);
    if (rule.oncePerCustomer && (await hasUsedVoucher(tx, code, { customerId: use.customerId })))
      throw new ServiceError(CHECKOUT_ERRORS.voucherRefused, VOUCHER_MESSAGES.alreadyUsed);
    const [row] = await tx
      .insert(voucherUses)
      .values({ voucherCode: code, customerId: use.customerId, orderId: use.orderId ?? null })
      .returning({ id: voucherUses.id });
    return { id: row!.id };
  });
}
