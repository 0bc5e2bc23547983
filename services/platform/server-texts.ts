// Texts only the server reads: the emails it writes (services/orders/confirmation-email.ts, services/identity/account-emails.ts) and the
// templates it fills in before it answers. Nothing here imports anything: the build's config reads SERVER_ONLY_TEXTS
// too.

/**
 * The texts of the account's link emails: read by the server alone, so the browser's catalogues leave them out
 * (`SERVER_ONLY_TEXTS`, vite.config.ts).
 */
export const EMAIL_TEXTS = {
  // The order confirmation (services/orders/confirmation-email.ts).
  preSale: /*i18n*/ { id: ' (pre-sale: charged when it ships)' },
  subtotal: /*i18n*/ { id: 'Subtotal: {amount}' },
  discount: /*i18n*/ { id: 'Discount: −{amount}' },
  deliveryFree: /*i18n*/ { id: 'Delivery: Free' },
  delivery: /*i18n*/ { id: 'Delivery: {amount}' },
  total: /*i18n*/ { id: 'Total: {total} (includes {tax} tax)' },
  charged: /*i18n*/ { id: 'Charged today to {brand} ending {last4}: {amount}' },
  giftCard: /*i18n*/ { id: 'eGift card for {name}: {amount}, card ending {last4} (its code is emailed to {name})' },
  giftCardPaid: /*i18n*/ { id: 'Paid with the gift card ending {last4}: {amount}' },
  // The recipient's gift card (services/gift-cards/email.ts).
  giftSubject: /*i18n*/ { id: '{name}, you have been sent a {brand} eGift card' },
  giftHello: /*i18n*/ { id: 'Hello {name},' },
  giftBody: /*i18n*/ { id: 'You have been sent an eGift card worth {amount} to spend at {brand}.' },
  giftMessage: /*i18n*/ { id: 'Their message:' },
  giftCode: /*i18n*/ { id: 'Your gift card code: {code}' },
  giftHowTo: /*i18n*/ {
    id: 'Enter the code in the gift card field at checkout: it pays up to its balance, and what is left stays on the card. It can be spent until {date}.',
  },
  giftBalance: /*i18n*/ { id: 'Check its balance at any time:' },
  refundedGiftCard: /*i18n*/ { id: 'We have put {amount} back on your gift card ending {last4}.' },
  orderSubject: /*i18n*/ { id: '{brand}: your order {orderNumber}' },
  thanks: /*i18n*/ { id: 'Thank you for your order {orderNumber}' },
  // The order's moves (services/orders/status-email.ts).
  shippedSubject: /*i18n*/ { id: '{brand}: your order {orderNumber} is on its way' },
  shippedBody: /*i18n*/ { id: 'Your order {orderNumber} has shipped. Its tracking number is {trackingNumber}:' },
  shippedCarrier: /*i18n*/ { id: 'It travels with {carrier}.' },
  deliveredSubject: /*i18n*/ { id: '{brand}: your order {orderNumber} was delivered' },
  deliveredBody: /*i18n*/ { id: 'Your order {orderNumber} was delivered. We hope you enjoy it.' },
  cancelledSubject: /*i18n*/ { id: '{brand}: your order {orderNumber} is cancelled' },
  cancelledBody: /*i18n*/ { id: 'Your order {orderNumber} is cancelled.' },
  cancelledReleased: /*i18n*/ { id: 'Nothing was taken from your card: the amount held on it is released.' },
  refundedSubject: /*i18n*/ { id: '{brand}: a refund for your order {orderNumber}' },
  refundedBody: /*i18n*/ {
    id: 'We have refunded {amount} to your {cardBrand} card ending {last4}. It can take 3 to 5 working days to show.',
  },
  refundedAll: /*i18n*/ { id: 'Your order {orderNumber} is refunded in full.' },
  next: /*i18n*/ {
    id: 'What happens next: we pack your wine within 2 working days and email you when it is on its way, with tracking.',
  },
  orderLink: /*i18n*/ { id: 'See your order and where it is at any time:' },
  // The account's link emails (services/identity/account-emails.ts).
  greeting: /*i18n*/ { id: 'Hello {firstName},' },
  verifySubject: /*i18n*/ { id: '{brand}: please confirm your email address' },
  verifyBody: /*i18n*/ { id: 'Please confirm that this is your email address by opening this link within 24 hours:' },
  verifyIgnore: /*i18n*/ { id: 'If you did not create an account with us, you can ignore this email.' },
  resetSubject: /*i18n*/ { id: '{brand}: choose a new password' },
  resetBody: /*i18n*/ { id: 'Open this link within one hour to choose a new password:' },
  resetIgnore: /*i18n*/ { id: 'If you did not ask for this, you can ignore this email: your password stays as it is.' },
};

/**
 * Templates a service fills in from the site's catalogue before the API answers with them (domain/message.ts): the
 * page shows them as they come, so the browser's catalogues leave them out.
 */
export const SERVER_FILLED_TEXTS = {
  // The HK checkout's district select (app/routes/checkout.tsx writes them into the page and its answers).
  district: /*i18n*/ { id: 'District' },
  noDistrict: /*i18n*/ { id: 'Please choose a district.' },
  // The checkout of an order that delivers nothing (e-gift cards alone): no address or delivery step.
  detailsStep: /*i18n*/ { id: '1. Your details' },
  nothingDelivered: /*i18n*/ {
    id: 'Nothing in this order is delivered: e-gift cards go to their recipients by email.',
  },
  paymentStep: /*i18n*/ { id: '2. Payment' },
  reviewStep: /*i18n*/ { id: '3. Review and place order' },
  // services/checkout/steps/write-order.ts: the cart changed between the card's authorisation and the order.
  amountChanged: /*i18n*/ {
    id: 'Your cart changed while you were paying, and nothing was charged. Please check your cart and place the order again.',
  },
  // Gift cards on an order's pages (app/routes/checkout-confirmation.tsx, app/routes/account/order.tsx).
  giftCardPaid: /*i18n*/ { id: 'Paid with the gift card ending {last4}' },
  toGiftCards: /*i18n*/ { id: 'Put back on your gift cards:' },
  toCard: /*i18n*/ { id: 'Refunded to your card:' },
  toCardInFull: /*i18n*/ { id: 'Refunded in full to your card:' },
  // app/routes/product.tsx: what a mixed case holds, and what it saves.
  caseContents: /*i18n*/ { id: 'In this case' },
  caseSaving: /*i18n*/ { id: 'Save {saving} against its {count} bottles bought one by one ({alone}).' },
  // app/routes/product.tsx: the buy box's member-savings link (a mixed case sells as one case).
  unlimitedPriceBottle: /*i18n*/ { id: 'Unlimited members pay {price} a bottle, with free delivery' },
  unlimitedPriceCase: /*i18n*/ { id: 'Unlimited members pay {price} a case, with free delivery' },
  // app/root.tsx: every footer's licence line.
  liquorLicence: /*i18n*/ { id: 'Liquor licence {licence}' },
};

/** An order's refund words in the site's language, for its pages (the confirmation and the account's order page). */
export function refundTextsOf(i18n: { _: (id: string) => string }) {
  return {
    toCard: i18n._(SERVER_FILLED_TEXTS.toCard.id),
    toCardInFull: i18n._(SERVER_FILLED_TEXTS.toCardInFull.id),
    toGiftCards: i18n._(SERVER_FILLED_TEXTS.toGiftCards.id),
  };
}

/**
 * The search page's help with a term (app/routes/wines.tsx): its loader writes them in the site's language, so the
 * browser's catalogues leave them out.
 */
export const SEARCH_TEXTS = {
  corrected: /*i18n*/ { id: 'Showing results for {term}' },
  didYouMean: /*i18n*/ { id: 'Did you mean:' },
  popular: /*i18n*/ { id: 'Popular categories' },
};

/** The catalogue's countries (db/demo/catalogue.ts), which the pages show in the site's language. */
export const COUNTRY_TEXTS = [
  /*i18n*/ { id: 'Argentina' },
  /*i18n*/ { id: 'Australia' },
  /*i18n*/ { id: 'Chile' },
  /*i18n*/ { id: 'France' },
  /*i18n*/ { id: 'Germany' },
  /*i18n*/ { id: 'Italy' },
  /*i18n*/ { id: 'New Zealand' },
  /*i18n*/ { id: 'Portugal' },
  /*i18n*/ { id: 'South Africa' },
  /*i18n*/ { id: 'Spain' },
  /*i18n*/ { id: 'USA' },
];

/**
 * The headings of the cart's add-on lists (db/demo/catalogue.ts): the offer list API answers the list's own words, and
 * the cart page's loader hands the carousel their translation (addOnHeadings).
 */
export const ADDON_HEADING_TEXTS = [/*i18n*/ { id: 'Add a little extra' }];

/**
 * The catalogue's own words the pages show (the demo catalogue's countries and styles, the home carousels' headings):
 * the server writes them in the site's language into the page's data (catalogueText), so the browser's catalogues
 * leave them out. A value not listed here is shown as it is.
 */
export const CATALOGUE_TEXTS = [
  // Home carousels (db/demo/catalogue.ts offer lists).
  /*i18n*/ { id: 'Our featured wines' },
  /*i18n*/ { id: 'New arrivals' },
  /*i18n*/ { id: 'Top rated by our customers' },
  ...ADDON_HEADING_TEXTS,
  ...COUNTRY_TEXTS,
  // Styles (the ones named like a colour, 'Fortified' and 'Mixed case', are the browser's too: domain/categories.ts).
  /*i18n*/ { id: 'Aromatic white' },
  /*i18n*/ { id: 'Crisp & zesty white' },
  /*i18n*/ { id: 'Dry rosé' },
  /*i18n*/ { id: 'Elegant white' },
  /*i18n*/ { id: 'Fruity rosé' },
  /*i18n*/ { id: 'Full-bodied red' },
  /*i18n*/ { id: 'Light & fruity sparkling' },
  /*i18n*/ { id: 'Light & silky red' },
  /*i18n*/ { id: 'Medium-bodied red' },
  /*i18n*/ { id: 'Oaked red' },
  /*i18n*/ { id: 'Rich & creamy white' },
  /*i18n*/ { id: 'Rich & spicy red' },
  /*i18n*/ { id: 'Savoury red' },
  /*i18n*/ { id: 'Smooth & fruity red' },
  /*i18n*/ { id: 'Structured red' },
  /*i18n*/ { id: 'Sweet white' },
  /*i18n*/ { id: 'Traditional-method sparkling' },
];

/**
 * Reordering an order (services/orders/reorder.ts): the order page's control and the cart's notice are written by their
 * loaders, the API's `notAdded` messages by the service, so the browser's catalogues leave them out.
 */
export const REORDER_TEXTS = {
  button: /*i18n*/ { id: 'Reorder these wines' },
  note: /*i18n*/ {
    id: 'Puts the wines of this order back in your cart, in the same quantities. E-gift cards and memberships are not added again.',
  },
  added: /*i18n*/ { id: 'The wines of order {orderNumber} are back in your cart.' },
  noneAdded: /*i18n*/ { id: 'None of the wines of order {orderNumber} could be added to your cart.' },
  notAddedHeading: /*i18n*/ { id: 'Not added:' },
  soldOut: /*i18n*/ { id: '{name}: sold out' },
  notSold: /*i18n*/ { id: '{name}: no longer sold' },
  egift: /*i18n*/ { id: '{name}: e-gift cards are not added again; choose a new one from Gift vouchers' },
  membership: /*i18n*/ { id: '{name}: memberships are not added again' },
  refused: /*i18n*/ { id: '{name}: {reason}' },
  refusedInCart: /*i18n*/ { id: '{name}: your cart cannot take more of it' },
};

/**
 * The gift card pages (app/routes/gift-card-balance.tsx, the account's gift cards, the gift voucher page's link):
 * their loaders and the balance page's action write them in the site's language, so the browser's catalogues leave
 * them out (every page loads its locale's whole catalogue).
 */
export const GIFT_CARD_PAGE_TEXTS = {
  balanceTitle: /*i18n*/ { id: 'Gift card balance' },
  balanceIntro: /*i18n*/ { id: 'Enter the code from the gift card email to see what is left to spend on the card.' },
  codeLabel: /*i18n*/ { id: 'Gift card code' },
  check: /*i18n*/ { id: 'Check balance' },
  cardEnding: /*i18n*/ { id: 'Gift card ending {last4}' },
  balanceOf: /*i18n*/ { id: '{balance} left of {amount}' },
  spendUntil: /*i18n*/ { id: 'It can be spent until {date}.' },
  expired: /*i18n*/ { id: 'This card expired on {date}: it can no longer be spent.' },
  checkLink: /*i18n*/ { id: 'Check a gift card balance' },
  yourCards: /*i18n*/ { id: 'Your gift cards' },
  noCards: /*i18n*/ {
    id: 'You have no gift cards yet. Cards you buy, and cards sent to your email address, show here.',
  },
  boughtFor: /*i18n*/ { id: 'Bought for {name}' },
  received: /*i18n*/ { id: 'Sent to you' },
  history: /*i18n*/ { id: 'History' },
  historyCaption: /*i18n*/ { id: 'What happened to the gift card ending {last4}' },
  date: /*i18n*/ { id: 'Date' },
  whatHappened: /*i18n*/ { id: 'What happened' },
  issued: /*i18n*/ { id: 'Issued' },
  spent: /*i18n*/ { id: 'Spent on order {orderNumber}' },
  refunded: /*i18n*/ { id: 'Refunded from order {orderNumber}' },
  ended: /*i18n*/ { id: 'Ended' },
};

/**
 * The checkout's gift card field (app/routes/checkout.tsx): its loader writes them in the site's language, the
 * templates with their {placeholders} kept for the page to fill, so the browser's catalogues leave them out.
 */
export const GIFT_CARD_FIELD_TEXTS = {
  code: /*i18n*/ { id: 'Gift card code' },
  applied: /*i18n*/ { id: 'Card ending {last4}: pays {amount}, balance {balance}' },
  remove: /*i18n*/ { id: 'Remove the gift card ending {last4}' },
  giftCards: /*i18n*/ { id: 'Gift cards' },
  toPay: /*i18n*/ { id: 'To pay by card' },
  noCard: /*i18n*/ { id: 'Your gift cards pay for the whole order: no card is needed.' },
};

/** Catalogue ids only the server reads: the browser build drops them from its catalogues. */
export const SERVER_ONLY_TEXTS: readonly string[] = [
  ...Object.values(EMAIL_TEXTS),
  ...Object.values(SERVER_FILLED_TEXTS),
  ...Object.values(SEARCH_TEXTS),
  ...CATALOGUE_TEXTS,
  ...Object.values(REORDER_TEXTS),
  ...Object.values(GIFT_CARD_PAGE_TEXTS),
  ...Object.values(GIFT_CARD_FIELD_TEXTS),
].map((t) => t.id);
