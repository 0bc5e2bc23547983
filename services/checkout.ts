import type { I18n } from '@lingui/core';
import { createHash, randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Db, transactionWithoutFlush } from '../db/client';
import {
  cartLines,
  carts,
  customerAddresses,
  customerSubscriptions,
  customers,
  giftCardLedger,
  giftCards,
  type OrderAddress,
  orderLines,
  orders,
  products,
  voucherUses,
} from '../db/schema';
import {
  addressSchemaFor,
  type AddressInput,
  CHECKOUT_MESSAGES,
  type CheckoutInput,
  MAX_ORDER_SUBTOTAL_CENTS,
  ORDER_NUMBER_PATTERN,
  orderNumberFor,
  validEmail,
  CHECKOUT_ERRORS,
} from '../domain/checkout';
import type { Clock } from '../domain/clock';
import { checkCard, type PaymentProvider, paymentError } from '../domain/payment';
import { isOutOfArea, STANDING_STATES, UNLIMITED_ITEM_CODES, UNLIMITED_MESSAGES } from '../domain/unlimited';
import { formatMoney } from '../domain/money';
import { carriesStock } from '../domain/product-kinds';
import { VOUCHER_MESSAGES } from '../domain/vouchers';
import {
  CART_ERRORS,
  cartChanged,
  type CartContext,
  cartContextOf,
  getCart,
  lockCart,
  MAX_GIFT_VOUCHER_LINES,
} from './cart';
import type { CartModel } from './cart-json';
import { type BudgetLimits, budgetsFor, giveBackBudget, spendBudget } from './budgets';
import type { RequestContext } from './request-context';
import { enqueue, settleJob } from './outbox';
import { renderOrderEmail } from './order-email';
import { type OrderEventView, orderHistory } from './order-history';
import { lookupPostcode } from './postcodes';
import { ServiceError } from './service-error';
import { loadVoucherRule, lockVoucherUser, mailboxKeySql, voucherUseOf } from './voucher-store';
import { mailboxKey } from '../domain/identity-rules';
import { announcePageChange } from './page-changes';
import { issueText, message } from '../domain/message';
import { SERVER_FILLED_TEXTS } from './server-texts';
import { randomToken } from './random-token';
import { giveOrder, unlimitedPending } from './order-gifts';
import { cardsForCheckout, type IssuedGiftCard, issueGiftCards, redeemGiftCards } from './gift-cards';
import { type GiftCardMail, renderGiftCardEmail } from './gift-card-email';
import { planGiftCardPayment, GIFT_CARD_ERRORS } from '../domain/gift-cards';
import { GENERIC_ERRORS } from '../domain/errors';

// Placing an order: the amount is authorised on the card, then one transaction reads prices and stock uncached, takes
// the stock with no oversell, records the voucher use, issues gift cards, requests Unlimited, writes the order and
// empties the cart; the amount is captured once the order is written. Anything that fails rolls all of it back and
// releases the authorisation.

export interface CheckoutContext extends CartContext {
  clock: Clock;
  payments: PaymentProvider;
  /** The site's message catalogue: the confirmation email is written in the site's language. */
  messages: () => Promise<I18n>;
  /** Pre-sell bottles a customer may hold reserved and unpaid over their unshipped orders. */
  presellBottleLimit: number;
  /** The client's address and the budgets of payment attempts (per address and per cart). */
  clientAddress: string;
  budgets: Pick<BudgetLimits, 'paymentsPerAddress' | 'paymentsPerCart' | 'codesPerAddress'>;
  /** The site's own origin, for the confirmation email's link to the order's page. */
  siteOrigin: string;
  /** What gift card codes are hashed with (services/gift-cards.ts). */
  giftCardKey: Buffer;
}

/** The checkout's context for a request (the JSON API and the checkout page's form post place orders alike). */
export function checkoutContextOf(ctx: RequestContext): CheckoutContext {
  return {
    ...cartContextOf(ctx),
    clock: ctx.clock,
    payments: ctx.payments,
    messages: ctx.messages,
    presellBottleLimit: ctx.presellBottleLimit,
    clientAddress: ctx.clientAddress,
    budgets: ctx.budgets,
    siteOrigin: ctx.siteOrigin,
    giftCardKey: ctx.giftCardKey,
  };
}

export interface PlacedOrder {
  orderNumber: string;
  orderId: number;
  /** True when this key had placed the order already (a double click, a retry, a reload). */
  replayed: boolean;
}

/** The confirmation page's cookie value is the checkout key itself; only its hash is kept. */
export function accessTokenHash(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex');
}

/** The hash kept of the secret in the confirmation email's link (`orders.link_token_hash`). */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(`order-link:${token}`).digest('hex');
}

/** The order's page for whoever holds the confirmation email (a guest needs no login): its path and secret. */
export function orderLinkPath(orderNumber: string, token: string): string {
  return `/checkout/confirmation/${encodeURIComponent(orderNumber)}?token=${token}`;
}

function toOrderAddress(a: AddressInput): OrderAddress {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    state: a.state,
    postcode: a.postcode.toUpperCase(),
    ...(a.district ? { district: a.district } : {}),
    phone: a.phone,
  };
}

/** What an order keeps of the cart it was placed from (a cart id opens the cart: only its hash is kept). */
function cartHashOf(cartId: string): string {
  return createHash('sha256').update(`cart:${cartId}`).digest('hex');
}

async function findByKey(db: Db, key: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      siteId: orders.siteId,
      cartHash: orders.cartHash,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key))
    .limit(1);
  return row ?? null;
}

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
function refusalFor(use: { usedByCustomer: boolean; ownReferral: boolean }): string | null {
  if (use.ownReferral) return VOUCHER_MESSAGES.ownReferral;
  return use.usedByCustomer ? VOUCHER_MESSAGES.alreadyUsed : null;
}

/** Who is buying: the customer's own email, or the guest's (checked). */
async function buyerEmail(db: Db, customerId: number | null, input: CheckoutInput): Promise<string> {
  if (customerId !== null) {
    const [row] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
    if (row) return row.email;
  }
  const email = (input.email ?? '').trim().toLowerCase();
  if (!validEmail(email)) throw new ServiceError(CHECKOUT_ERRORS.email);
  return email;
}

async function deliveryAddressOf(ctx: CheckoutContext, input: CheckoutInput): Promise<OrderAddress> {
  const customerId = ctx.customerId ?? null;
  if (input.savedAddressId !== undefined) {
    if (customerId === null) throw new ServiceError(CHECKOUT_ERRORS.addressNotFound);
    const [row] = await ctx.db
      .select({ a: customerAddresses, firstName: customers.firstName, lastName: customers.lastName })
      .from(customerAddresses)
      .innerJoin(customers, eq(customers.id, customerAddresses.customerId))
      .where(and(eq(customerAddresses.id, input.savedAddressId), eq(customerAddresses.customerId, customerId)));
    if (!row) throw new ServiceError(CHECKOUT_ERRORS.addressNotFound);
    return {
      firstName: row.firstName,
      lastName: row.lastName,
      line1: row.a.line1,
      line2: '',
      city: row.a.locality,
      state: row.a.state,
      postcode: row.a.postcode,
      phone: '',
    };
  }
  const address = toOrderAddress(input.delivery!);
  // AU and NZ deliveries go to a postcode we know (the same table as /api/address/zipcode/{zip}).
  if (ctx.site.country === 'au' || ctx.site.country === 'nz') {
    const known = await lookupPostcode(ctx.db, ctx.site.country, address.postcode);
    if (known.length === 0) throw new ServiceError(CHECKOUT_ERRORS.unknownPostcode);
  }
  return address;
}

/**
 * Places the order of the visitor's cart. The same idempotency key always answers the one order it placed;
 * a refusal (empty cart, stock, voucher, card) changes nothing.
 */
type Authorisation = Extract<Awaited<ReturnType<PaymentProvider['authorise']>>, { ok: true }>;

/** What a checkout asks for, checked: who buys, where it goes, and when. */
interface OrderRequest {
  cartId: string;
  customerId: number | null;
  input: CheckoutInput;
  now: Date;
  email: string;
  /** None when the order delivers nothing (e-gift cards alone): priceForPayment checks that it does not. */
  delivery: OrderAddress | null;
  billing: OrderAddress | null;
  messages: I18n;
  /** This attempt's own part of the payment key. */
  attempt: string;
}

/** The order as the transaction left it (or the one a double click's first request placed). */
interface WrittenOrder {
  id: number;
  orderNumber: string;
  customerId: number | null;
  siteId: string;
  cartHash: string | null;
  replayed: boolean;
  amountCents: number;
  captureJob: number;
  wentOutOfStock: boolean;
}

/**
 * Places the cart's order, in named steps: check the request, price the cart, authorise the amount on the card,
 * write the order in one transaction (reprice and check under the cart's lock, take the stock, check the per-person
 * rules, write the order, its lines and gift cards, empty the cart, queue the email), then capture the amount. A card
 * is never charged for an order that does not exist: anything that fails in the transaction rolls all of it back and
 * releases the authorisation (decision 020).
 */
export async function placeOrder(
  ctx: CheckoutContext,
  cartId: string | null,
  input: CheckoutInput,
): Promise<PlacedOrder> {
  const customerId = ctx.customerId ?? null;
  const earlier = await findByKey(ctx.db, input.idempotencyKey);
  if (earlier) return replay(earlier, ctx, customerId, cartId);
  if (!cartId) throw new ServiceError(CHECKOUT_ERRORS.emptyCart);

  const request = await checkRequest(ctx, cartId, customerId, input);
  const price = await priceForPayment(ctx, request);
  if ('replay' in price) return price.replay;
  const split = await splitPayment(ctx, request, price);
  const authorisation = await authorise(ctx, request, price, split);
  const written = await ctx.db
    .transaction((tx) => writeOrder(tx as unknown as Db, ctx, request, price, authorisation))
    .catch(async (error: unknown) => {
      if (authorisation) await releaseOwn(ctx, authorisation.reference);
      throw error;
    });
  if (written.wentOutOfStock) ctx.cache?.clear();
  // This request's own authorisation, unless its order now holds it: a double click's second request lets its go.
  if (authorisation && (written.replayed || authorisation.purpose === 'verify'))
    await releaseOwn(ctx, authorisation.reference);
  if (written.replayed) return replay(written, ctx, customerId, cartId);
  if (authorisation?.purpose === 'charge') await captureAfterCommit(ctx, written, authorisation.reference);
  return { orderNumber: written.orderNumber, orderId: written.id, replayed: false };
}

export interface GiftCardPreview {
  /** Each card named, with what it would pay of this cart's order and the balance it holds now. */
  cards: { last4: string; balanceCents: number; appliedCents: number }[];
  giftCardCents: number;
  /** What is left for the payment card. */
  cardCents: number;
  payableTodayCents: number;
}

/**
 * What the named gift cards would pay of the cart's order as it is now (the checkout's gift card field), refusing
 * a card checkout would refuse; wrong codes spend from the address's code budget. Nothing is spent here.
 */
export async function previewGiftCards(
  ctx: CheckoutContext,
  cartId: string | null,
  codes: readonly string[],
): Promise<GiftCardPreview> {
  if (!cartId) throw new ServiceError(CHECKOUT_ERRORS.emptyCart);
  const priced = await getCart({ ...ctx, cache: undefined }, cartId, { validate: true });
  if (priced.lines.length === 0) throw new ServiceError(CHECKOUT_ERRORS.emptyCart);
  const price = { amountCents: priced.totals.order.payableTodayCents, eGiftCents: eGiftCentsOf(priced) };
  const split = await planPayment(ctx, codes, price);
  return {
    cards: split.applied.map((c) => ({ last4: c.last4, balanceCents: c.balanceCents, appliedCents: c.appliedCents })),
    giftCardCents: split.giftCardCents,
    cardCents: split.cardCents,
    payableTodayCents: price.amountCents,
  };
}

/** What the cart's pre-sell lines come to: reserved today, not charged. */
function presellCentsOf(priced: CartModel): number {
  return priced.lines.reduce(
    (sum, line, i) => sum + (line.preSellItem ? (priced.totals.lines[i]?.totalCents ?? 0) : 0),
    0,
  );
}

function eGiftCentsOf(priced: CartModel): number {
  return priced.lines.reduce(
    (sum, line, i) => sum + (line.giftVoucher ? (priced.totals.lines[i]?.totalCents ?? 0) : 0),
    0,
  );
}

/** The gift cards named pay first, up to what they may pay for (never e-gift cards); the card the rest. */
async function planPayment(
  ctx: CheckoutContext,
  codes: readonly string[],
  price: { amountCents: number; eGiftCents: number },
): Promise<PaymentSplit> {
  const cards = await cardsForCheckout(
    { db: ctx.db, key: ctx.giftCardKey, clock: ctx.clock, clientAddress: ctx.clientAddress, budgets: ctx.budgets },
    codes,
    ctx.site.currency,
  );
  const giftable = Math.max(0, price.amountCents - price.eGiftCents);
  if (cards.length > 0 && giftable === 0) throw new ServiceError(GIFT_CARD_ERRORS.notForGiftCards);
  const plan = planGiftCardPayment(cards, giftable);
  return { ...plan, cardCents: price.amountCents - plan.giftCardCents };
}

/** How the amount is paid: gift cards first (never for e-gift cards), the card for the rest. */
type PaymentSplit = ReturnType<typeof planGiftCardPayment>;

/**
 * Step 3: the gift cards named are looked up (a wrong code spends from the address's code budget) and paid from, up
 * to what they may pay for; the card's details are checked when it has something left to pay, or when the order
 * reserves pre-sell wine (the card it is reserved against).
 */
async function splitPayment(
  ctx: CheckoutContext,
  request: OrderRequest,
  price: PriceForPayment,
): Promise<PaymentSplit> {
  const split = await planPayment(ctx, request.input.giftCardCodes ?? [], price);
  if (split.cardCents > 0 || price.presellCents > 0) {
    const cardProblem = checkCard(request.input.card, request.now);
    if (cardProblem) throw new ServiceError(paymentError(cardProblem));
  }
  return split;
}

/** Step 1: the card's details, the buyer's email and addresses; every attempt that goes on spends from the budgets. */
async function checkRequest(
  ctx: CheckoutContext,
  cartId: string,
  customerId: number | null,
  input: CheckoutInput,
): Promise<OrderRequest> {
  const now = ctx.clock.now();
  // The site's own address rules (a district in Hong Kong, the country's postcode elsewhere), whoever sent it.
  const addressRules = addressSchemaFor(ctx.site.country);
  for (const given of [input.delivery, input.billingSameAsDelivery ? undefined : input.billing]) {
    const issue = given === undefined ? undefined : addressRules.safeParse(given).error?.issues[0];
    if (issue) throw new ServiceError(GENERIC_ERRORS.invalid, issueText(issue));
  }
  const email = await buyerEmail(ctx.db, customerId, input);
  const delivery =
    input.savedAddressId !== undefined || input.delivery !== undefined ? await deliveryAddressOf(ctx, input) : null;
  const messages = await ctx.messages();
  const billing = input.billingSameAsDelivery || !input.billing ? delivery : toOrderAddress(input.billing);
  return { cartId, customerId, input, now, email, delivery, billing, messages, attempt: randomToken(12, 'base64url') };
}

function paymentBudgetsOf(ctx: CheckoutContext, cartId: string) {
  return budgetsFor('payment', ctx.budgets.paymentsPerAddress, ctx.clientAddress, {
    limit: ctx.budgets.paymentsPerCart,
    cartId,
  });
}

/** The cart's version (carts.version, bumped by every change): what a payment is authorised for. */
async function cartVersionOf(db: Db, cartId: string): Promise<number> {
  const [row] = await db.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId));
  return row?.version ?? 0;
}

/** What the cart costs as priced for the payment: the amount payable today, at one version of the cart. */
interface PriceForPayment {
  amountCents: number;
  eGiftCents: number;
  presellCents: number;
  cartVersion: number;
}

/**
 * Step 2: the amount payable today, from the cart as it is now (a read cache behind the catalogue would refuse what
 * is there, or hold another amount), refusing what cannot be ordered before the card is asked. The transaction
 * prices it again under the cart's lock and refuses when the amount moved meanwhile.
 */
async function priceForPayment(
  ctx: CheckoutContext,
  request: OrderRequest,
): Promise<PriceForPayment | { replay: PlacedOrder }> {
  // NOTE: the version is read before the lines: a change between the two reads is a newer version under the lock.
  const cartVersion = await cartVersionOf(ctx.db, request.cartId);
  const priced = await getCart({ ...ctx, cache: undefined }, request.cartId, { validate: true });
  try {
    refuseUnpayable(ctx, priced);
  } catch (error) {
    // A double click's first request may have placed the order (and emptied the cart) since the look-up before.
    const placedMeanwhile = await findByKey(ctx.db, request.input.idempotencyKey);
    if (placedMeanwhile) return { replay: replay(placedMeanwhile, ctx, request.customerId, request.cartId) };
    throw error;
  }
  refuseUndelivered(request, priced);
  return {
    amountCents: priced.totals.order.payableTodayCents,
    eGiftCents: eGiftCentsOf(priced),
    presellCents: presellCentsOf(priced),
    cartVersion,
  };
}

/** Anything but e-gift cards is delivered: it needs the delivery address. */
function refuseUndelivered(request: OrderRequest, cart: CartModel): void {
  if (!request.delivery && cart.lines.some((l) => !l.giftVoucher))
    throw new ServiceError(CHECKOUT_ERRORS.deliveryRequired);
}

/**
 * This request's authorisation: `charge` holds what the card pays today (captured once the order is written);
 * `verify` holds the pre-sell amount of an order with nothing for the card to pay today, to show the card it is
 * reserved against is good, and is released once the order is written (decision 023: pre-sell is not charged).
 */
type HeldPayment = Authorisation & { purpose: 'charge' | 'verify' };

/**
 * Step 4: the amount is held on the card, outside any transaction; it is taken only once the order is written. The
 * key is this attempt's own, bound to the amount and the cart's version: no other request can be answered with this
 * authorisation, and only this request releases it. A refusal spends from the payment budgets.
 */
async function authorise(
  ctx: CheckoutContext,
  request: OrderRequest,
  price: PriceForPayment,
  split: PaymentSplit,
): Promise<HeldPayment | null> {
  const purpose = split.cardCents > 0 ? 'charge' : price.presellCents > 0 ? 'verify' : null;
  if (!purpose) return null;
  const amountCents = purpose === 'charge' ? split.cardCents : price.presellCents;
  // What abuse costs (card testing: declined cards, failed authorisations) spends from the budgets. Every attempt
  // holds a use while it reaches the provider (so that parallel attempts count), and an approved one gives it back.
  const budgets = paymentBudgetsOf(ctx, request.cartId);
  await spendBudget(ctx.db, request.now, budgets, CHECKOUT_MESSAGES.tooManyPayments);
  const authorisation = await ctx.payments.authorise({
    amountCents,
    currency: ctx.site.currency,
    card: request.input.card,
    paymentKey: paymentKeyOf(request, price.cartVersion, amountCents),
  });
  if (!authorisation.ok) throw new ServiceError(paymentError(authorisation.message));
  await giveBackBudget(ctx.db, request.now, budgets);
  if (authorisation.amountCents !== amountCents) {
    await releaseOwn(ctx, authorisation.reference);
    throw new ServiceError(CHECKOUT_ERRORS.amountChanged, message(SERVER_FILLED_TEXTS.amountChanged.id, {}));
  }
  return { ...authorisation, purpose };
}

/** Step 5: the order, in one transaction under the cart's lock. */
async function writeOrder(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  price: PriceForPayment,
  held: HeldPayment | null,
): Promise<WrittenOrder> {
  const { cartId, customerId, now } = request;
  await lockCart(tx, cartId, ctx.site, customerId);
  // A second click waited for the first one's lock: it finds the order the first one placed.
  const placedMeanwhile = await findByKey(tx, request.input.idempotencyKey);
  if (placedMeanwhile)
    return { ...placedMeanwhile, replayed: true, amountCents: 0, captureJob: 0, wentOutOfStock: false };

  const cart = await repriceUnderLock(tx, ctx, request, price);
  // The split again, from the lines under the lock: what the card pays must be what was authorised.
  const split = await planPayment({ ...ctx, db: tx }, request.input.giftCardCodes ?? [], {
    amountCents: cart.totals.order.payableTodayCents,
    eGiftCents: eGiftCentsOf(cart),
  });
  const heldCents = held ? held.amountCents : 0;
  const expected = held?.purpose === 'verify' ? presellCentsOf(cart) : split.cardCents;
  if (expected !== heldCents || (held?.purpose === 'verify' && split.cardCents !== 0))
    throw new ServiceError(CHECKOUT_ERRORS.amountChanged, message(SERVER_FILLED_TEXTS.amountChanged.id, {}));
  if (!held && presellCentsOf(cart) > 0)
    throw new ServiceError(CHECKOUT_ERRORS.amountChanged, message(SERVER_FILLED_TEXTS.amountChanged.id, {}));
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
  // The cards hold nothing and their emails wait until the payment is captured (services/order-gifts.ts).
  const issued = await issueOrderGiftCards(tx, ctx.giftCardKey, orderId, cart, now);
  if (voucher)
    await tx
      .insert(voucherUses)
      .values({ voucherCode: voucher.code, customerId, email: request.email, orderId, usedAt: now });
  // Taken after the commit (captureAfterCommit). The outbox's job is the fallback, due a minute later: should the
  // provider not answer then, or this process stop first, the worker takes the amount.
  const captureJob = authorisation
    ? await enqueue(
        tx,
        'payment-capture',
        { orderId } satisfies PaymentCaptureJob,
        now,
        new Date(now.getTime() + CAPTURE_FALLBACK_AFTER_MS),
      )
    : 0;
  await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await tx
    .update(carts)
    .set({ ...cartChanged(), voucherCode: null, updatedAt: now })
    .where(eq(carts.id, cartId));
  await queueOrderEmail(tx, ctx, request, { orderNumber, cart, issued, split, authorisation, linkToken });
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
 * Prices and stock as they are now, not from the read cache: the cart must be the version the payment was priced
 * at, for the same amount, and still deliverable (a line swapped in meanwhile may need the address).
 */
async function repriceUnderLock(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  price: PriceForPayment,
): Promise<CartModel> {
  if ((await cartVersionOf(tx, request.cartId)) !== price.cartVersion)
    throw new ServiceError(CHECKOUT_ERRORS.amountChanged, message(SERVER_FILLED_TEXTS.amountChanged.id, {}));
  const priced = await getCart({ ...ctx, db: tx, cache: undefined }, request.cartId, { validate: true });
  refuseUnpayable(ctx, priced);
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

/**
 * The stock: one conditional update per product, in item-code order (no deadlocks between two buyers). A row that
 * cannot cover the bottles is not touched, and the buyer is told how many are left. True when a wine sold out.
 */
async function takeStock(tx: Db, cart: CartModel): Promise<boolean> {
  let wentOutOfStock = false;
  const bottlesByProduct = new Map<string, { name: string; bottles: number }>();
  for (const line of cart.lines) {
    if (line.giftVoucher || !carriesStock(line.product.productType)) continue;
    const entry = bottlesByProduct.get(line.product.itemCode) ?? { name: line.product.name, bottles: 0 };
    entry.bottles += line.bottleCount;
    bottlesByProduct.set(line.product.itemCode, entry);
  }
  for (const [itemCode, { name, bottles }] of [...bottlesByProduct].sort(([a], [b]) => a.localeCompare(b))) {
    const taken = await tx
      .update(products)
      .set({
        stockBottles: sql`${products.stockBottles} - ${bottles}`,
        availability: sql`case when ${products.stockBottles} - ${bottles} <= 0 then 'out_of_stock' else ${products.availability} end`,
      })
      .where(and(eq(products.itemCode, itemCode), sql`${products.stockBottles} >= ${bottles}`))
      .returning({ left: products.stockBottles });
    if (taken.length > 0) {
      if ((taken[0]?.left ?? 1) <= 0) {
        // Pages show availability: the wine's pages (and lists holding it) change.
        if (!wentOutOfStock) await announcePageChange(tx);
        wentOutOfStock = true;
      }
      continue;
    }
    const [row] = await tx
      .select({ left: products.stockBottles })
      .from(products)
      .where(eq(products.itemCode, itemCode));
    if (row && row.left !== null) {
      throw new ServiceError(
        CHECKOUT_ERRORS.stockShort,
        row.left <= 0 ? CHECKOUT_MESSAGES.outOfStock(name) : CHECKOUT_MESSAGES.fewLeft(name, row.left),
      );
    }
    // Stock not counted for this product (null): nothing to take.
  }
  return wentOutOfStock;
}

/**
 * Rules that hold per person (a once-only voucher, unpaid pre-sell bottles), by account and by mailbox together,
 * guest or customer, under the person's locks (services/voucher-store.ts). The voucher counts only when it applies
 * now; it is returned for the order to record.
 */
async function checkPersonRules(tx: Db, ctx: CheckoutContext, request: OrderRequest, cart: CartModel) {
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
    const refused = rule ? refusalFor(await voucherUseOf(tx, rule, user)) : null;
    if (refused) throw new ServiceError(CHECKOUT_ERRORS.voucherRefused, refused);
  }
  return voucher;
}

/** What the order's row is written from, besides the request. */
interface OrderFields {
  totals: CartModel['totals'];
  voucher: { code: string } | null;
  split: PaymentSplit;
  /** The card payment to capture, or null when there is none. */
  authorisation: Authorisation | null;
  /** The card the order was paid or reserved against (its brand and last 4 are shown). */
  card: Authorisation | null;
  linkToken: string;
}

/** The order's row, AUTHORISED; a clash with an existing number draws again (the unique index decides). */
async function insertOrder(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  fields: OrderFields,
): Promise<{ orderId: number; orderNumber: string }> {
  const { input, now } = request;
  const { voucher, split, authorisation, card, linkToken } = fields;
  const order = fields.totals.order;
  for (let attempt = 0; attempt < 5; attempt++) {
    const orderNumber = orderNumberFor(ctx.site.id, now, randomInt(100_000_000) / 100_000_000);
    const [created] = await tx
      .insert(orders)
      .values({
        customerId: request.customerId,
        siteId: ctx.site.id,
        orderNumber,
        status: 'PROCESSING',
        currency: ctx.site.currency,
        subtotalCents: order.subtotalCents,
        shippingCents: order.shippingCents,
        totalCents: order.totalCents,
        discountCents: order.discountCents,
        taxCents: order.taxCents,
        payableTodayCents: order.payableTodayCents,
        placedAt: now,
        email: request.email,
        idempotencyKey: input.idempotencyKey,
        voucherCode: voucher?.code ?? null,
        deliveryAddress: request.delivery,
        billingAddress: request.billing,
        accessTokenHash: accessTokenHash(input.idempotencyKey),
        linkTokenHash: linkTokenHash(linkToken),
        cartHash: cartHashOf(request.cartId),
        giftCardCents: split.giftCardCents,
        // Paid by gift cards alone: no card payment to take.
        paymentBrand: card?.brand ?? null,
        paymentLast4: card?.last4 ?? null,
        paymentReference: authorisation?.reference ?? null,
        paymentStatus: authorisation ? 'AUTHORISED' : 'CAPTURED',
        // Given once the payment is captured (services/order-gifts.ts), in this transaction when there is none.
        givenAt: null,
        placedFrom: request.customerId === null ? placedFromOf(ctx.clientAddress) : null,
      })
      // NOTE: no target: a clash on the order number draws again; one on the key means another cart placed an
      // order with it meanwhile (PostgreSQL waits for that transaction here, then skips the row).
      .onConflictDoNothing()
      .returning({ id: orders.id });
    if (created) return { orderId: created.id, orderNumber };
    if (await findByKey(tx, input.idempotencyKey)) throw new ServiceError(CHECKOUT_ERRORS.keyReused);
  }
  throw new Error('no free order number after 5 draws');
}

async function insertOrderLines(tx: Db, orderId: number, cart: CartModel) {
  await tx.insert(orderLines).values(
    cart.lines.map((line, i) => {
      const lineTotal = cart.totals.lines[i]?.totalCents ?? 0;
      return {
        orderId,
        itemCode: line.product.itemCode,
        skuItemCode: line.itemCode,
        name: line.product.name,
        quantity: line.quantity,
        bottleCount: line.bottleCount,
        unitPriceCents: Math.round(lineTotal / Math.max(1, line.quantity)),
        lineTotalCents: lineTotal,
        preSell: line.preSellItem,
      };
    }),
  );
}

/** One gift card per e-gift card bought, worth the line's price of one card (in cents, from the totals). */
function issueOrderGiftCards(
  tx: Db,
  key: Buffer,
  orderId: number,
  cart: CartModel,
  now: Date,
): Promise<IssuedGiftCard[]> {
  const cards = cart.lines.flatMap((line, i) => {
    const gift = line.giftVoucher;
    if (!gift) return [];
    const cents = Math.round((cart.totals.lines[i]?.totalCents ?? 0) / Math.max(1, line.quantity));
    return Array.from({ length: line.quantity }, () => ({
      amountCents: cents,
      currency: gift.currencyCode,
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      message: gift.message,
    }));
  });
  return issueGiftCards(tx, key, orderId, cards, now, { held: true });
}

/** The confirmation email, through the outbox in the site's language: sent once the transaction commits. */
async function queueOrderEmail(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  order: {
    orderNumber: string;
    cart: CartModel;
    issued: IssuedGiftCard[];
    split: PaymentSplit;
    authorisation: Authorisation | null;
    linkToken: string;
  },
) {
  const { cart } = order;
  const { totals } = cart;
  await enqueue(
    tx,
    'order-email',
    renderOrderEmail(
      {
        site: ctx.site,
        orderNumber: order.orderNumber,
        email: request.email,
        delivery: request.delivery,
        lines: cart.lines.map((line, i) => ({
          name: line.product.name,
          quantity: line.quantity,
          totalCents: totals.lines[i]?.totalCents ?? 0,
          preSell: line.preSellItem,
        })),
        totals: totals.order,
        giftCards: order.issued.map((g) => ({
          last4: g.last4,
          amountCents: g.amountCents,
          recipientName: g.recipientName,
        })),
        giftCardPayments: order.split.applied
          .filter((g) => g.appliedCents > 0)
          .map((g) => ({ last4: g.last4, amountCents: g.appliedCents })),
        card: order.authorisation
          ? { brand: order.authorisation.brand, last4: order.authorisation.last4, amountCents: order.split.cardCents }
          : null,
        orderLink: `${ctx.siteOrigin}${orderLinkPath(order.orderNumber, order.linkToken)}`,
      },
      request.messages,
    ),
    request.now,
  );
}

/**
 * Each card bought goes to its recipient by email, through the outbox with its code sealed; held until the order's
 * payment is captured (services/order-gifts.ts).
 */
async function queueGiftCardEmails(
  tx: Db,
  ctx: CheckoutContext,
  request: OrderRequest,
  orderId: number,
  issued: IssuedGiftCard[],
) {
  for (const card of issued) {
    await enqueue(
      tx,
      'gift-card-email',
      renderGiftCardEmail(
        { site: ctx.site, siteOrigin: ctx.siteOrigin, ...card },
        request.messages,
        ctx.giftCardKey,
      ) satisfies GiftCardMail,
      request.now,
      request.now,
      orderId,
    );
  }
}

/**
 * Step 6: the amount is taken once the order is written, and what the order bought is given with it. NOTE: a
 * capture that fails here leaves the order AUTHORISED with nothing given; its outbox job (queued with the order)
 * retries it, and /readyz counts the orders still waiting (`payments.notCaptured`) and the jobs that gave up.
 */
async function captureAfterCommit(ctx: CheckoutContext, written: WrittenOrder, reference: string) {
  await capturePayment(ctx.db, ctx.payments, written.id, {
    reference,
    amountCents: written.amountCents,
    fallbackJob: written.captureJob,
    now: ctx.clock.now(),
  }).catch(() => {});
}

/** What the payment card is charged for an order: the payable-today amount less what gift cards paid. */
export function cardChargeOf(order: { payableTodayCents: number | null; totalCents: number; giftCardCents: number }) {
  return (order.payableTodayCents ?? order.totalCents) - order.giftCardCents;
}

/** How long the outbox's capture job waits for checkout's own capture to settle it. */
export const CAPTURE_FALLBACK_AFTER_MS = 60_000;

/**
 * Orders still AUTHORISED (and not cancelled) longer after they were placed than the capture and its first retries
 * take: stuck, with nothing they bought given (/readyz `payments.notCaptured`).
 */
export async function countUncapturedOrders(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'AUTHORISED'),
        inArray(orders.status, ['PROCESSING', 'SHIPPED', 'DELIVERED']),
        sql`${orders.placedAt} < ${new Date(now.getTime() - 5 * CAPTURE_FALLBACK_AFTER_MS).toISOString()}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

/** The outbox job that takes an order's authorised amount (services/outbox.ts, kind `payment-capture`). */
export interface PaymentCaptureJob {
  orderId: number;
}

/**
 * Takes the amount authorised for an order, once: an order already captured is left alone, so the checkout's own
 * attempt and the outbox's retry may both run. Throws when the provider refuses or cannot be reached.
 */
export async function capturePayment(
  db: Db,
  payments: PaymentProvider,
  orderId: number,
  /**
   * The order's payment as checkout just wrote it (AUTHORISED), and its fallback job, settled with the capture; read
   * from the order when not given.
   */
  written?: { reference: string; amountCents: number; fallbackJob: number; now: Date },
): Promise<void> {
  let payment: { reference: string; amountCents: number } | undefined = written;
  if (!payment) {
    const [order] = await db
      .select({
        reference: orders.paymentReference,
        state: orders.paymentStatus,
        payableTodayCents: orders.payableTodayCents,
        totalCents: orders.totalCents,
        giftCardCents: orders.giftCardCents,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.state !== 'AUTHORISED' || !order.reference) return;
    payment = { reference: order.reference, amountCents: cardChargeOf(order) };
  }
  await payments.capture(payment.reference, payment.amountCents);
  const now = written?.now ?? new Date();
  // NOTE: lost in a crash, these only leave the fallback job to capture again, which takes nothing twice and gives
  // only once: the commit need not wait for the disk. A capture whose order was cancelled meanwhile (RELEASED)
  // gives nothing; the cancellation's release job finds the payment captured and refunds it.
  await transactionWithoutFlush(db, async (tx) => {
    const [captured] = await tx
      .update(orders)
      .set({ paymentStatus: 'CAPTURED' })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'AUTHORISED')))
      .returning({ id: orders.id });
    if (captured) await giveOrder(tx, orderId, now);
    if (written) await settleJob(tx, written.fallbackJob, written.now);
  });
}

/**
 * After a checkout that wrote no order of its own: this request's authorisation is let go. No other request holds
 * it: every attempt authorises under its own key.
 */
async function releaseOwn(ctx: CheckoutContext, reference: string): Promise<void> {
  try {
    await ctx.payments.release(reference);
  } catch {
    // NOTE: an authorisation not released lapses at the card's bank: nothing is taken without an order.
  }
}

/**
 * The provider's idempotency key: this attempt's own (a random part), for one cart and checkout form, one version of
 * the cart and one amount. Two requests never share an authorisation, so each releases only its own.
 */
function paymentKeyOf(request: OrderRequest, cartVersion: number, amountCents: number): string {
  return createHash('sha256')
    .update(
      `payment:${request.cartId}:${request.input.idempotencyKey}:${cartVersion}:${amountCents}:${request.attempt}`,
    )
    .digest('hex');
}

/** What a guest's order keeps of the address it was placed from (for the pre-sell cap): a hash, not the address. */
function placedFromOf(clientAddress: string): string {
  return createHash('sha256').update(`placed-from:${clientAddress}`).digest('hex');
}

/** What the cart must be for an order to be paid for: not empty, under the cap, every line orderable. */
function refuseUnpayable(ctx: CheckoutContext, cart: CartModel): void {
  if (cart.lines.length === 0) throw new ServiceError(CHECKOUT_ERRORS.emptyCart);
  const cap = MAX_ORDER_SUBTOTAL_CENTS[ctx.site.currency];
  if (cart.totals.order.subtotalCents > cap)
    throw new ServiceError(CHECKOUT_ERRORS.tooLarge, CHECKOUT_MESSAGES.tooLarge(formatMoney(cap, ctx.site)));
  for (const line of cart.lines) {
    const problems = line.validations;
    if (problems.some((p) => p.type === 'OUT_OF_STOCK'))
      throw new ServiceError(CHECKOUT_ERRORS.stockShort, CHECKOUT_MESSAGES.outOfStock(line.product.name));
    if (problems.length > 0) throw new ServiceError(CHECKOUT_ERRORS.upsell);
  }
}

function replay(
  row: { id: number; orderNumber: string; customerId: number | null; siteId: string; cartHash: string | null },
  ctx: CheckoutContext,
  customerId: number | null,
  cartId: string | null,
): PlacedOrder {
  // A key is the checkout form's own: another visitor, cart or site presenting it gets no order of someone else's.
  const otherCart = row.cartHash !== null && (cartId === null || row.cartHash !== cartHashOf(cartId));
  if (row.siteId !== ctx.site.id || (row.customerId !== null && row.customerId !== customerId) || otherCart)
    throw new ServiceError(CHECKOUT_ERRORS.keyReused);
  return { orderNumber: row.orderNumber, orderId: row.id, replayed: true };
}

export interface ConfirmedOrder {
  orderNumber: string;
  email: string;
  placedAt: string;
  currency: string;
  status: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  payableTodayCents: number;
  voucherCode: string | null;
  paymentBrand: string | null;
  paymentLast4: string | null;
  delivery: OrderAddress | null;
  billing: OrderAddress | null;
  lines: {
    itemCode: string;
    skuItemCode: string;
    name: string;
    quantity: number;
    bottleCount: number;
    lineTotalCents: number;
    preSell: boolean;
  }[];
  /** The e-gift cards this order bought (their codes went to the recipients; the order shows the last 4). */
  giftCards: { last4: string; amountCents: number; recipientName: string }[];
  /** What gift cards paid of the order (net of what went back to them), each by its last 4. */
  giftCardPayments: { last4: string; amountCents: number }[];
  /** What the payment card was charged (the payable-today amount less the gift cards' part). */
  cardCents: number;
  guest: boolean;
  /** What happened to the order since it was placed (shipped, refunds …), oldest first. */
  history: OrderEventView[];
}

/**
 * The order behind a confirmation page: the customer's own order, the order whose checkout key the browser holds (a
 * guest's), or the order of the confirmation email's link (services/order-link.ts). Anyone else gets not_found.
 */
export async function findConfirmedOrder(
  db: Db,
  siteId: string,
  orderNumber: string,
  viewer: { customerId: number | null; accessToken: string | null; linkToken?: string | null },
): Promise<ConfirmedOrder> {
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) throw new ServiceError(CHECKOUT_ERRORS.orderNotFound);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.siteId, siteId)))
    .limit(1);
  const mine =
    row &&
    ((viewer.customerId !== null && row.customerId === viewer.customerId) ||
      (viewer.accessToken !== null && row.accessTokenHash === accessTokenHash(viewer.accessToken)) ||
      (Boolean(viewer.linkToken) &&
        row.linkTokenHash !== null &&
        row.linkTokenHash === linkTokenHash(viewer.linkToken ?? '')));
  if (!row || !mine) throw new ServiceError(CHECKOUT_ERRORS.orderNotFound);
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(asc(orderLines.id));
  const cards = await db
    .select({ last4: giftCards.last4, amountCents: giftCards.amountCents, recipientName: giftCards.recipientName })
    .from(giftCards)
    .where(eq(giftCards.orderId, row.id))
    .orderBy(asc(giftCards.id));
  return {
    orderNumber: row.orderNumber,
    email: row.email ?? '',
    placedAt: row.placedAt.toISOString(),
    currency: row.currency,
    status: row.status,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    payableTodayCents: row.payableTodayCents ?? row.totalCents,
    voucherCode: row.voucherCode,
    paymentBrand: row.paymentBrand,
    paymentLast4: row.paymentLast4,
    delivery: row.deliveryAddress,
    billing: row.billingAddress,
    lines: lines.map((l) => ({
      itemCode: l.itemCode,
      skuItemCode: l.skuItemCode,
      name: l.name,
      quantity: l.quantity,
      bottleCount: l.bottleCount,
      lineTotalCents: l.lineTotalCents ?? l.unitPriceCents * l.quantity,
      preSell: l.preSell,
    })),
    giftCards: cards,
    giftCardPayments: await giftCardPaymentsOf(db, row.id),
    cardCents: cardChargeOf(row),
    guest: row.customerId === null,
    history: await orderHistory(db, row.id),
  };
}

/** What each gift card paid of an order, in the order they paid. */
async function giftCardPaymentsOf(db: Db, orderId: number): Promise<{ last4: string; amountCents: number }[]> {
  const rows = await db
    .select({ last4: giftCards.last4, paid: sql<string>`-sum(${giftCardLedger.amountCents})` })
    .from(giftCardLedger)
    .innerJoin(giftCards, eq(giftCards.id, giftCardLedger.giftCardId))
    .where(and(eq(giftCardLedger.orderId, orderId), eq(giftCardLedger.kind, 'redeem')))
    .groupBy(giftCardLedger.giftCardId, giftCards.last4)
    .orderBy(sql`min(${giftCardLedger.id})`);
  return rows.map((r) => ({ last4: r.last4, amountCents: Number(r.paid) }));
}

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
