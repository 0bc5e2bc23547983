import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { customerSubscriptions } from '../../../db/schema';
import { CHECKOUT_ERRORS } from '../../../domain/checkout';
import { isOutOfArea, STANDING_STATES, UNLIMITED_ITEM_CODES, UNLIMITED_MESSAGES } from '../../../domain/unlimited';
import { CART_ERRORS, emptyCartAfterOrder, getCart, lockCart, MAX_GIFT_VOUCHER_LINES } from '../../cart/cart';
import { recordVoucherUse } from '../../vouchers/voucher-store';
import type { CartModel } from '../../cart/cart-json';
import { enqueue } from '../../platform/outbox';
import { ServiceError } from '../../platform/service-error';
import { message } from '../../../domain/message';
import { SERVER_FILLED_TEXTS } from '../../platform/server-texts';
import { randomToken } from '../../platform/random-token';
import { giveOrder, unlimitedPending } from '../../orders/gifts';
import { lockGiftCards, redeemGiftCards } from '../../gift-cards/gift-cards';
import { GIFT_CARD_ERRORS, giftCardText } from '../../../domain/gift-cards';
import { GENERIC_ERRORS } from '../../../domain/errors';
import { takeStock } from '../../catalogue/stock';
import { CAPTURE_FALLBACK_AFTER_MS, type PaymentCaptureJob } from '../../payments/capture';
import type {
  CheckoutContext,
  HeldPayment,
  OrderRequest,
  PaymentSplit,
  PriceForPayment,
  WrittenOrder,
} from '../context';
import { findByKey } from '../replay';
import {
  insertOrder,
  insertOrderLines,
  issueOrderGiftCards,
  queueGiftCardEmails,
  queueOrderEmail,
} from './order-parts';
import { checkPersonRules } from './person-rules';
import { splitBetween } from './plan-payment';
import { eGiftCentsOf, presellCentsOf, refuseUndelivered, refuseUnpayable } from './price-for-payment';

/** Step 5: the order, in one transaction under the cart's lock. */
export async function writeOrder(
  tx: Db,
  ctx: CheckoutContext,
  {
    request,
    price,
    planned,
    held,
  }: { request: OrderRequest; price: PriceForPayment; planned: PaymentSplit; held: HeldPayment | null },
): Promise<WrittenOrder> {
  const { cartId, customerId, now } = request;
  await lockCart(tx, cartId, ctx.site, customerId);
  // A second click waited for the first one's lock: it finds the order the first one placed.
  const placedMeanwhile = await findByKey(tx, request.input.idempotencyKey);
  if (placedMeanwhile)
    return { ...placedMeanwhile, replayed: true, amountCents: 0, captureJob: 0, wentOutOfStock: false };

  const cart = await repriceUnderLock(tx, ctx, request, price);
  const split = await splitUnderLock(tx, request, cart, planned, held);
  const authorisation = held?.purpose === 'charge' ? held : null;
  await checkMembership(tx, request, cart);
  const eCards = cart.lines.filter((l) => l.giftVoucher).reduce((n, l) => n + l.quantity, 0);
  if (eCards > MAX_GIFT_VOUCHER_LINES) throw new ServiceError(CART_ERRORS.tooManyGiftVouchers);
  const wentOutOfStock = await takeStock(tx, cart);
  const voucher = await checkPersonRules(tx, ctx, request, cart);

  // The email's link carries its own secret (never the checkout key, which the confirmation cookie holds).
  const linkToken = randomToken(32, 'base64url');
  const { orderId, orderNumber } = await insertOrder(tx, ctx, request, {
    totals: cart.totals,
    voucher,
    split,
    authorisation,
    card: held,
    linkToken,
  });
  await redeemGiftCards(tx, split.applied, orderId, now);
  await insertOrderLines(tx, orderId, cart);
  // The cards hold nothing and their emails wait until the payment is captured (services/orders/gifts.ts).
  const issued = await issueOrderGiftCards(tx, ctx.giftCardKey, orderId, ctx.site.id, cart, now);
  if (voucher)
    await recordVoucherUse(tx, { voucherCode: voucher.code, customerId, email: request.email, orderId, usedAt: now });
  // Taken after the commit (captureAfterCommit). The outbox's job is the fallback, due a minute later: should the
  // provider not answer then, or this process stop first, the worker takes the amount.
  const captureJob = authorisation
    ? await enqueue(tx, 'payment-capture', { orderId } satisfies PaymentCaptureJob, now, {
        dueAt: new Date(now.getTime() + CAPTURE_FALLBACK_AFTER_MS),
      })
    : 0;
  await emptyCartAfterOrder(tx, cartId, now);
  await queueOrderEmail(tx, ctx, request, { id: orderId, orderNumber, cart, issued, split, authorisation, linkToken });
  await queueGiftCardEmails(tx, ctx, request, orderId, issued);
  // Nothing left to capture (gift cards paid, or nothing was payable today): what it bought is given now.
  if (!authorisation) await giveOrder(tx, orderId, now);
  return {
    id: orderId,
    orderNumber,
    customerId,
    siteId: ctx.site.id,
    cartHash: null,
    replayed: false,
    amountCents: split.cardCents,
    captureJob,
    wentOutOfStock,
  };
}

/**
 * The split again, under the locks: the gift cards planned before are locked and their balances read again (one
 * that no longer holds its part refuses the order), and the amount is shared between them and the card from the
 * lines under the cart's lock. What the card pays (or, for a pre-sell order with nothing to pay today, the pre-sell
 * amount it was checked for) must be what this request authorised.
 */
async function splitUnderLock(
  tx: Db,
  request: OrderRequest,
  cart: CartModel,
  planned: PaymentSplit,
  held: HeldPayment | null,
) {
  const cards = await lockGiftCards(tx, planned.applied);
  for (const card of planned.applied) {
    const now = cards.find((c) => c.id === card.id)?.balanceCents ?? 0;
    if (now < card.appliedCents)
      throw new ServiceError(GIFT_CARD_ERRORS.balanceChanged, giftCardText.balanceChanged(card.last4));
  }
  const split = splitBetween(cards, {
    amountCents: cart.totals.order.payableTodayCents,
    eGiftCents: eGiftCentsOf(cart),
  });
  const presell = presellCentsOf(cart);
  const matches = !held
    ? split.cardCents === 0 && presell === 0
    : held.purpose === 'verify'
      ? split.cardCents === 0 && held.amountCents === presell
      : held.amountCents === split.cardCents;
  if (!matches)
    throw new ServiceError(CHECKOUT_ERRORS.amountChanged, message(SERVER_FILLED_TEXTS.amountChanged.id, {}));
  return split;
}

/**
 * Prices and stock as they are now, not from the read cache: the cart must be the version the payment was priced
 * at, for the same amount, and still deliverable (a line swapped in meanwhile may need the address).
 */
async function repriceUnderLock(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  price: PriceForPayment,
): Promise<CartModel> {
  const priced = await getCart({ ...ctx, db: tx, cache: undefined }, request.cartId, { validate: true });
  if (priced.version !== price.cartVersion)
    throw new ServiceError(CHECKOUT_ERRORS.amountChanged, message(SERVER_FILLED_TEXTS.amountChanged.id, {}));
  refuseUnpayable(ctx, priced);
  // The voucher stopped applying since the payment was priced (disabled, ended, its total uses taken by another
  // order): the shopper is told why rather than that the cart changed.
  const voucher = priced.totals.voucher;
  if (voucher && !voucher.applied && voucher.message && priced.totals.order.payableTodayCents !== price.amountCents)
    throw new ServiceError(CHECKOUT_ERRORS.voucherRefused, voucher.message);
  if (priced.totals.order.payableTodayCents !== price.amountCents)
    throw new ServiceError(CHECKOUT_ERRORS.amountChanged, message(SERVER_FILLED_TEXTS.amountChanged.id, {}));
  refuseUndelivered(request, priced);
  return priced;
}

/**
 * Unlimited in the cart: it belongs to an account in its area, and a member of any standing does not buy it again
 * (checked as the database has it now: a login merge brings in lines a Prospect added).
 */
async function checkMembership(tx: Db, request: OrderRequest, cart: CartModel): Promise<void> {
  const { customerId } = request;
  if (!cart.lines.some((l) => UNLIMITED_ITEM_CODES.has(l.itemCode))) return;
  // A guest paying for it would get no subscription.
  if (customerId === null) throw new ServiceError(CHECKOUT_ERRORS.unlimitedGuest);
  if (isOutOfArea(request.delivery?.postcode ?? '')) throw new ServiceError(CHECKOUT_ERRORS.unlimitedOutOfArea);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`unlimited:customer:${customerId}`}))`);
  // An order that bought it and is not captured yet counts as a membership: it is given on its capture.
  if (await unlimitedPending(tx, customerId))
    throw new ServiceError(GENERIC_ERRORS.conflict, UNLIMITED_MESSAGES.alreadyMember);
  const [standing] = await tx
    .select({ status: customerSubscriptions.status })
    .from(customerSubscriptions)
    .where(
      and(
        eq(customerSubscriptions.customerId, customerId),
        eq(customerSubscriptions.type, 'FREESHIP'),
        inArray(customerSubscriptions.status, STANDING_STATES),
      ),
    )
    .limit(1);
  if (standing?.status === 'SUSPENDED') throw new ServiceError(GENERIC_ERRORS.conflict, UNLIMITED_MESSAGES.suspended);
  if (standing) throw new ServiceError(GENERIC_ERRORS.conflict, UNLIMITED_MESSAGES.alreadyMember);
}
