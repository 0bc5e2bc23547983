// Card payment (CONTRACT.md checkout): the PaymentProvider interface and the built-in test provider. A card
// number is only ever held in memory for the charge; what is kept is the brand and the last four digits.

import { declareErrors, type ErrorWithText, GENERIC_ERRORS } from './errors';
import { type StateMachine, stateMachine } from './state-machine';
import { PROVIDER_PAYMENT_MESSAGES } from './payment-texts';

export interface CardInput {
  /** Digits, spaces allowed. */
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

/** What an authorisation asks the shopper's bank for before it answers: 3-D Secure, done in the browser. */
export interface RequiredAction {
  /** The provider's payment waiting for the shopper (Stripe: the PaymentIntent). */
  reference: string;
  /** Where a page without the provider's script sends the shopper, when the provider names one. */
  redirectUrl: string | null;
}

/**
 * Authorised (`amountCents` is what the authorisation holds: always the amount asked for under its key), declined
 * (`message`), or waiting for the shopper (`action`: the amount is not held yet).
 */
export type AuthoriseResult =
  | { ok: true; reference: string; brand: string; last4: string; amountCents: number }
  | { ok: false; message: PaymentMessage }
  | { ok: false; action: RequiredAction };

/** What a release found: let go, or captured already (then it took `capturedCents`, for the caller to refund). */
export interface ReleaseResult {
  released: boolean;
  capturedCents: number;
}

export interface AuthoriseRequest {
  amountCents: number;
  currency: string;
  /** The card as typed on the shop's own form: the test provider's only (`capabilities.cardOnServer`). */
  card?: CardInput | undefined;
  /** The provider's token of a card the browser gave it (Stripe: a PaymentMethod id); the card never reaches us. */
  paymentMethod?: string | undefined;
  /** The payment `begin` made for the checkout, for providers that begin one. */
  payment?: BegunPayment | null | undefined;
  /** Where the provider sends the shopper back after their bank's check. */
  returnUrl?: string | undefined;
  /**
   * The same key twice is one authorisation (a retry after a lost answer); a key is bound to its amount and currency,
   * so the same key with another amount is refused. Checkout makes one per attempt (services/checkout/steps/authorise.ts).
   */
  paymentKey: string;
}

/** A payment begun for one checkout: one per checkout key, its amount kept to the cart's. */
export interface BeginRequest {
  /** The checkout's own key (a hash of the cart and the checkout form's key): one payment per key. */
  checkoutKey: string;
  amountCents: number;
  currency: string;
  /** The payment begun for this key before, when there is one: it is kept, its amount changed when need be. */
  existing?: string | null | undefined;
}

export interface BegunPayment {
  reference: string;
  /** What the browser's script confirms or completes the payment with (never stored, never logged). */
  clientSecret: string | null;
}

/** A payment as the provider holds it, in the shop's states (each provider maps its own to these in one place). */
export type ProviderPaymentState = 'PENDING' | 'REQUIRES_ACTION' | 'AUTHORISED' | 'CAPTURED' | 'RELEASED' | 'FAILED';

export interface ProviderPayment {
  reference: string;
  state: ProviderPaymentState;
  currency: string;
  /** Asked for, held now (0 unless AUTHORISED), taken, given back: cents, as the shop counts them. */
  amountCents: number;
  capturableCents: number;
  capturedCents: number;
  refundedCents: number;
  createdAt: Date;
  /** The checkout key the payment was begun for, when the provider keeps it. */
  checkoutKey: string | null;
}

/** What a provider's event means to the shop (each provider maps its own event types to these in one place). */
export type PaymentEventKind = 'authorised' | 'failed' | 'released' | 'captured' | 'refunded' | 'ignored';

export interface PaymentEvent {
  /** The provider's event id: an event is handled once however often it comes. */
  id: string;
  kind: PaymentEventKind;
  /** The provider's own type, for logs and the event store. */
  type: string;
  reference: string | null;
  occurredAt: Date;
}

/** A webhook whose signature is missing, wrong or too old: nothing in it is believed. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** What a provider does, for the callers that differ by it. */
export interface PaymentCapabilities {
  /** The card's number reaches the shop's server (the test provider's form); otherwise the browser gives it away. */
  cardOnServer: boolean;
  /** A payment is begun for the checkout before it is authorised (`begin` answers a reference). */
  beginsPayment: boolean;
  /** The provider tells the shop of changes through signed webhooks (`parseWebhook`). */
  webhooks: boolean;
  /** How long an authorisation is held before it lapses at the bank (Stripe: 7 days for cards). */
  authorisationDays: number;
}

/**
 * A card payment in two steps, so that money is never taken for an order that was not written: `authorise` holds
 * the amount on the card, the order is written, then `capture` takes it. An authorisation whose order could not be
 * written is released (and one never captured lapses at the card's bank on its own).
 */
export interface PaymentProvider {
  readonly name: string;
  readonly capabilities: PaymentCapabilities;
  /** The checkout's payment, made or found by its key (nothing is held yet); none for providers that begin none. */
  begin(request: BeginRequest): Promise<BegunPayment | null>;
  authorise(request: AuthoriseRequest): Promise<AuthoriseResult>;
  /** Takes the amount held (or less). Capturing a captured payment again does nothing; any other refusal throws. */
  capture(reference: string, amountCents: number): Promise<void>;
  /**
   * Lets an authorisation go without taking anything. Does nothing to a released one; a captured one is left as it
   * is and answered so (a capture that won a race with the release), for the caller to refund.
   */
  release(reference: string): Promise<ReleaseResult>;
  /**
   * Gives back part or all of a captured amount to the card it came from. The same `refundKey` twice is one refund
   * (a retry after a lost answer); refunds beyond what was captured are refused (throws `RefundRefusedError`).
   */
  refund(reference: string, amountCents: number, refundKey?: string): Promise<void>;
  /** The payment as the provider holds it now; null when it has none by that reference. */
  retrieve(reference: string): Promise<ProviderPayment | null>;
  /** A webhook's event from its raw body, once its signature is checked; throws `WebhookSignatureError` otherwise. */
  parseWebhook(rawBody: string, signature: string | undefined): PaymentEvent;
}

/** The outcome of an authorisation, named. */
export function authorisationOutcome(result: AuthoriseResult): 'authorised' | 'requires_action' | 'declined' {
  if (result.ok) return 'authorised';
  return 'action' in result ? 'requires_action' : 'declined';
}

/** The provider refused a refund (more than was captured, nothing captured): nothing was given back. */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}

/**
 * An order's card payment (orders.payment_status): written authorised, then captured; an order cancelled before its
 * capture lets the authorisation go (RELEASED). Refunds of a captured payment are order events, not a state.
 */
export const PAYMENT_STATUS = stateMachine({ AUTHORISED: ['CAPTURED', 'RELEASED'], CAPTURED: [], RELEASED: [] });
export type PaymentState = typeof PAYMENT_STATUS extends StateMachine<infer S> ? S : never;

/** An authorisation at the test provider (test_payments.status): released ones may be held anew by their key. */
export const AUTHORISATION_STATUS = stateMachine({
  AUTHORISED: ['CAPTURED', 'RELEASED'],
  RELEASED: ['AUTHORISED'],
  CAPTURED: [],
});
export type AuthorisationState = typeof AUTHORISATION_STATUS extends StateMachine<infer S> ? S : never;

/**
 * A payment begun for a checkout at a provider that begins one (checkout_payments.status): open while the shopper
 * pays, ordered once its order is written, closed when the provider let it go with no order (a new attempt reopens it).
 */
export const CHECKOUT_PAYMENT_STATUS = stateMachine({ OPEN: ['ORDERED', 'CLOSED'], ORDERED: [], CLOSED: ['OPEN'] });
export type CheckoutPaymentState = typeof CHECKOUT_PAYMENT_STATUS extends StateMachine<infer S> ? S : never;

export const PAYMENT_MESSAGES = {
  declined: /*i18n*/ 'Your card was declined.',
  number: /*i18n*/ 'Please enter a valid card number.',
  expiry: /*i18n*/ 'Please enter the card’s expiry date as MM/YY.',
  expired: /*i18n*/ 'This card has expired.',
  cvc: /*i18n*/ 'Please enter the 3-digit security code (CVC).',
  testOnly: /*i18n*/ 'This shop takes test cards only: use 4242 4242 4242 4242.',
  keyReused: /*i18n*/ 'This payment was started for another amount. Please reload the page and try again.',
  ...PROVIDER_PAYMENT_MESSAGES,
} as const;
export type PaymentMessage = (typeof PAYMENT_MESSAGES)[keyof typeof PAYMENT_MESSAGES];

/** A refused card (domain/errors.ts), on the checkout form's card fields. */
export const PAYMENT_ERRORS = /* @__PURE__ */ declareErrors({
  declined: { kind: 'invalid', code: 'checkout.card_declined', field: 'cardNumber', text: PAYMENT_MESSAGES.declined },
  number: { kind: 'invalid', code: 'checkout.card_number_invalid', field: 'cardNumber', text: PAYMENT_MESSAGES.number },
  expiry: { kind: 'invalid', code: 'checkout.card_expiry_invalid', field: 'cardExpiry', text: PAYMENT_MESSAGES.expiry },
  expired: { kind: 'invalid', code: 'checkout.card_expired', field: 'cardExpiry', text: PAYMENT_MESSAGES.expired },
  cvc: { kind: 'invalid', code: 'checkout.card_cvc_invalid', field: 'cardCvc', text: PAYMENT_MESSAGES.cvc },
  testOnly: { kind: 'invalid', code: 'checkout.card_test_only', field: 'cardNumber', text: PAYMENT_MESSAGES.testOnly },
  keyReused: { kind: 'invalid', code: 'checkout.payment_key_reused', text: PAYMENT_MESSAGES.keyReused },
  authenticate: {
    kind: 'invalid',
    code: 'checkout.payment_requires_action',
    field: 'cardNumber',
    text: PAYMENT_MESSAGES.authenticate,
  },
  noPaymentMethod: {
    kind: 'invalid',
    code: 'checkout.payment_method_missing',
    field: 'cardNumber',
    text: PAYMENT_MESSAGES.noPaymentMethod,
  },
}) satisfies Record<keyof typeof PAYMENT_MESSAGES, ErrorWithText>;

const PAYMENT_ERROR_OF: ReadonlyMap<string, ErrorWithText> = new Map(
  Object.values(PAYMENT_ERRORS).map((error) => [error.text, error]),
);

/**
 * The declared error of a card's refusal. NOTE: the card's checks and a provider's refusal answer one of
 * PAYMENT_MESSAGES (the type admits no other text: a provider maps its own reasons to ours), and both keep that shape
 * for their callers; this is where such an answer gets its code.
 */
export function paymentError(text: PaymentMessage): ErrorWithText {
  return PAYMENT_ERROR_OF.get(text) ?? { ...GENERIC_ERRORS.invalid, text };
}

export const TEST_CARDS = { approved: '4242424242424242', declined: '4000000000000002' } as const;

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

/** The card's own checks, before any provider sees it: the first problem's message, or null. */
export function checkCard(card: CardInput, now: Date): PaymentMessage | null {
  if (!luhnValid(cardDigits(card.number))) return PAYMENT_MESSAGES.number;
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return PAYMENT_MESSAGES.expiry;
  const year = 2000 + Number(expiry[2]);
  // A card is good to the end of its expiry month.
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return PAYMENT_MESSAGES.expired;
  if (!/^\d{3}$/.test(card.cvc.trim())) return PAYMENT_MESSAGES.cvc;
  return null;
}
