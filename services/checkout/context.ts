import type { I18n } from '@lingui/core';
import type { OrderAddress } from '../../db/schema';
import type { CheckoutInput } from '../../domain/checkout';
import type { Clock } from '../../domain/clock';
import type { PaymentProvider } from '../../domain/payment';
import { type CartContext, cartContextOf } from '../cart/cart';
import type { BudgetLimits } from '../platform/budgets';
import type { ShopObserver } from '../platform/observer';
import type { RequestContext } from '../platform/request-context';
import type { planGiftCardPayment } from '../../domain/gift-cards';

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
  /** What gift card codes are hashed with (services/gift-cards/gift-cards.ts). */
  giftCardKey: Buffer;
  /** The operators' metrics and traces, when they are on: the steps are spans of the traces. */
  observer?: ShopObserver;
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
    ...(ctx.observer ? { observer: ctx.observer } : {}),
  };
}

export interface PlacedOrder {
  orderNumber: string;
  orderId: number;
  /** True when this key had placed the order already (a double click, a retry, a reload). */
  replayed: boolean;
}

/**
 * Places the order of the visitor's cart. The same idempotency key always answers the one order it placed;
 * a refusal (empty cart, stock, voucher, card) changes nothing.
 */
export type Authorisation = Extract<Awaited<ReturnType<PaymentProvider['authorise']>>, { ok: true }>;

/** What a checkout asks for, checked: who buys, where it goes, and when. */
export interface OrderRequest {
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
export interface WrittenOrder {
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

/** How the amount is paid: gift cards first (never for e-gift cards), the card for the rest. */
export type PaymentSplit = ReturnType<typeof planGiftCardPayment>;

/** What the cart costs as priced for the payment: the amount payable today, at one version of the cart. */
export interface PriceForPayment {
  amountCents: number;
  eGiftCents: number;
  presellCents: number;
  cartVersion: number;
}

/**
 * This request's authorisation: `charge` holds what the card pays today (captured once the order is written);
 * `verify` holds the pre-sell amount of an order with nothing for the card to pay today, to show the card it is
 * reserved against is good, and is released once the order is written (decision 023: pre-sell is not charged).
 */
export type HeldPayment = Authorisation & { purpose: 'charge' | 'verify' };
