import { declareErrors } from './errors';
import { GIFT_CARD_MESSAGES } from './gift-card-texts';
import { message, type Message } from './message';

export { GIFT_CARD_MESSAGES } from './gift-card-texts';

// e-gift cards once issued: how a code is read, what a card's ledger holds, and how cards pay for an order.
// (domain/gift-vouchers.ts holds the form that sells them.)

/** Every change of a card's balance is one ledger entry: issued, spent on an order, given back, or ended. */
export const GIFT_CARD_LEDGER_KINDS = ['issue', 'redeem', 'refund', 'expire'] as const;
export type GiftCardLedgerKind = (typeof GIFT_CARD_LEDGER_KINDS)[number];

/** A card can be spent for three years from its issue (Australian Consumer Law's minimum for gift cards). */
export const GIFT_CARD_VALID_YEARS = 3;

/** How many gift cards one order may be paid with. */
export const MAX_GIFT_CARDS_PER_ORDER = 5;

/**
 * A code as the shopper typed it, as it is looked up: letters and digits only, in capitals (spaces, dashes and case
 * do not matter). Empty when nothing of a code is left.
 */
export function normaliseGiftCardCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 64);
}

/** The last 4 characters of a code: what pages, emails and the database show of it. */
export function last4Of(code: string): string {
  return normaliseGiftCardCode(code).slice(-4);
}

export const giftCardText = {
  expired: (last4: string): Message => message(GIFT_CARD_MESSAGES.expired, { last4 }),
  empty: (last4: string): Message => message(GIFT_CARD_MESSAGES.empty, { last4 }),
  otherCurrency: (last4: string, currency: string): Message =>
    message(GIFT_CARD_MESSAGES.otherCurrency, { last4, currency }),
  balanceChanged: (last4: string): Message => message(GIFT_CARD_MESSAGES.balanceChanged, { last4 }),
  disabled: (last4: string): Message => message(GIFT_CARD_MESSAGES.disabled, { last4 }),
};

/**
 * A gift card's failures (domain/errors.ts): those about the codes typed are on the checkout form's gift card field
 * (the balance page has that one field).
 */
export const GIFT_CARD_ERRORS = /* @__PURE__ */ declareErrors({
  code: { kind: 'invalid', code: 'gift_card.code_missing', field: 'giftCardCode', text: GIFT_CARD_MESSAGES.code },
  unknown: { kind: 'not_found', code: 'gift_card.unknown', field: 'giftCardCode', text: GIFT_CARD_MESSAGES.unknown },
  tooMany: { kind: 'invalid', code: 'gift_card.too_many', field: 'giftCardCode', text: GIFT_CARD_MESSAGES.tooMany },
  otherCurrency: { kind: 'invalid', code: 'gift_card.other_currency', field: 'giftCardCode' },
  expired: { kind: 'invalid', code: 'gift_card.expired', field: 'giftCardCode' },
  empty: { kind: 'invalid', code: 'gift_card.empty', field: 'giftCardCode' },
  notForGiftCards: {
    kind: 'invalid',
    code: 'gift_card.not_for_e_gift_cards',
    text: GIFT_CARD_MESSAGES.notForGiftCards,
  },
  balanceChanged: { kind: 'conflict', code: 'gift_card.balance_changed' },
  disabled: { kind: 'invalid', code: 'gift_card.disabled', field: 'giftCardCode' },
  spent: { kind: 'conflict', code: 'gift_card.spent', text: GIFT_CARD_MESSAGES.spent },
});

export interface SpendableCard {
  id: number;
  last4: string;
  balanceCents: number;
}

export interface AppliedCard extends SpendableCard {
  /** What this card pays of the order. */
  appliedCents: number;
}

/**
 * How gift cards pay for an amount: each in the order given, its balance up to what is still to pay; a card that is
 * not needed pays nothing. The rest is for the payment card.
 */
export function planGiftCardPayment(
  cards: readonly SpendableCard[],
  payableCents: number,
): { applied: AppliedCard[]; giftCardCents: number; cardCents: number } {
  let left = Math.max(0, payableCents);
  const applied = cards.map((card) => {
    const appliedCents = Math.min(Math.max(0, card.balanceCents), left);
    left -= appliedCents;
    return { ...card, appliedCents };
  });
  const giftCardCents = applied.reduce((sum, c) => sum + c.appliedCents, 0);
  return { applied, giftCardCents, cardCents: Math.max(0, payableCents) - giftCardCents };
}

/**
 * How a refund is shared between the payment card and the gift cards that paid: the card first (up to what is
 * left of it), then the gift cards in the order they paid; `giftCardsFirst` turns that round (an operator's choice).
 */
export function splitRefund<Card extends { id: number; last4?: string; leftCents: number }>(
  amountCents: number,
  left: { cardCents: number; giftCards: readonly Card[] },
  giftCardsFirst = false,
): { cardCents: number; giftCards: (Pick<Card, 'id' | 'last4'> & { cents: number })[] } {
  let rest = amountCents;
  const takeCard = () => {
    const cents = Math.min(rest, Math.max(0, left.cardCents));
    rest -= cents;
    return cents;
  };
  const takeGiftCards = () =>
    left.giftCards
      .map((card) => {
        const cents = Math.min(rest, Math.max(0, card.leftCents));
        rest -= cents;
        return { id: card.id, ...(card.last4 === undefined ? {} : { last4: card.last4 }), cents };
      })
      .filter((c) => c.cents > 0);
  if (giftCardsFirst) {
    const giftCards = takeGiftCards();
    return { cardCents: takeCard(), giftCards };
  }
  const cardCents = takeCard();
  return { cardCents, giftCards: takeGiftCards() };
}
