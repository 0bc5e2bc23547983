// Card payment (CONTRACT.md checkout): the PaymentProvider interface and the built-in test provider. A card
// number is only ever held in memory for the charge; what is kept is the brand and the last four digits.

import { declareErrors, type ErrorWithText, GENERIC_ERRORS } from './errors';
import { type StateMachine, stateMachine } from './state-machine';

export interface CardInput {
  /** Digits, spaces allowed. */
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

/** On success, `amountCents` is what the authorisation holds: always the amount asked for under its key. */
export type AuthoriseResult =
  | { ok: true; reference: string; brand: string; last4: string; amountCents: number }
  | { ok: false; message: PaymentMessage };

/** What a release found: let go, or captured already (then it took `capturedCents`, for the caller to refund). */
export interface ReleaseResult {
  released: boolean;
  capturedCents: number;
}

export interface AuthoriseRequest {
  amountCents: number;
  currency: string;
  card: CardInput;
  /**
   * The same key twice is one authorisation (a retry after a lost answer); a key is bound to its amount and currency,
   * so the same key with another amount is refused. Checkout makes one per attempt (services/checkout/steps/authorise.ts).
   */
  paymentKey: string;
}

/**
 * A card payment in two steps, so that money is never taken for an order that was not written: `authorise` holds
 * the amount on the card, the order is written, then `capture` takes it. An authorisation whose order could not be
 * written is released (and one never captured lapses at the card's bank on its own).
 */
export interface PaymentProvider {
  readonly name: string;
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

export const PAYMENT_MESSAGES = {
  declined: /*i18n*/ 'Your card was declined.',
  number: /*i18n*/ 'Please enter a valid card number.',
  expiry: /*i18n*/ 'Please enter the card’s expiry date as MM/YY.',
  expired: /*i18n*/ 'This card has expired.',
  cvc: /*i18n*/ 'Please enter the 3-digit security code (CVC).',
  testOnly: /*i18n*/ 'This shop takes test cards only: use 4242 4242 4242 4242.',
  keyReused: /*i18n*/ 'This payment was started for another amount. Please reload the page and try again.',
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
