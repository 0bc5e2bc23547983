// What checkout, the balance page and the gift card API answer about a gift card. The server sends these in the
// site's language (server/envelope.ts, the pages' actions), so the browser's catalogues leave them out
// (vite.config.ts). Nothing here imports anything: the build's config reads this file too.

export const GIFT_CARD_MESSAGES = {
  unknown:
    /*i18n*/ 'We could not find a gift card with that code. Check the code in the gift card email and try again.',
  expired: /*i18n*/ 'The gift card ending {last4} has expired.',
  empty: /*i18n*/ 'The gift card ending {last4} has no balance left.',
  otherCurrency:
    /*i18n*/ 'The gift card ending {last4} is in {currency}: it pays for orders on sites that sell in {currency}.',
  notForGiftCards: /*i18n*/ 'Gift cards cannot pay for e-gift cards: please pay for them by card.',
  balanceChanged:
    /*i18n*/ 'The balance of the gift card ending {last4} has changed. Please check your gift cards and place the order again.',
  tooMany: /*i18n*/ 'An order can be paid with at most 5 gift cards.',
  code: /*i18n*/ 'Please enter the gift card code.',
  disabled:
    /*i18n*/ 'The gift card ending {last4} has been stopped and can no longer pay for orders. Please contact us about its balance.',
  spent: /*i18n*/ 'A gift card of this order has been spent: it can no longer be cancelled or refunded.',
} as const;

/** The texts above, which the server translates before it answers. */
export const GIFT_CARD_ONLY_TEXTS: readonly string[] = Object.values(GIFT_CARD_MESSAGES);
