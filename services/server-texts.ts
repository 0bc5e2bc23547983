// Texts only the server reads: the emails it writes (services/order-email.ts, services/account-emails.ts) and the
// templates it fills in before it answers. Nothing here imports anything: the build's config reads SERVER_ONLY_TEXTS
// too.

/**
 * The texts of the account's link emails: read by the server alone, so the browser's catalogues leave them out
 * (`SERVER_ONLY_TEXTS`, vite.config.ts).
 */
export const EMAIL_TEXTS = {
  // The order confirmation (services/order-email.ts).
  preSale: /*i18n*/ { id: ' (pre-sale: charged when it ships)' },
  subtotal: /*i18n*/ { id: 'Subtotal: {amount}' },
  discount: /*i18n*/ { id: 'Discount: −{amount}' },
  deliveryFree: /*i18n*/ { id: 'Delivery: Free' },
  delivery: /*i18n*/ { id: 'Delivery: {amount}' },
  total: /*i18n*/ { id: 'Total: {total} (includes {tax} tax)' },
  charged: /*i18n*/ { id: 'Charged today to {brand} ending {last4}: {amount}' },
  giftCard: /*i18n*/ { id: 'eGift card for {name}: {amount}, code {code}' },
  orderSubject: /*i18n*/ { id: '{brand}: your order {orderNumber}' },
  thanks: /*i18n*/ { id: 'Thank you for your order {orderNumber}' },
  orderLink: /*i18n*/ { id: 'See your order and where it is at any time:' },
  // The account's link emails (services/account-emails.ts).
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
  // services/checkout.ts: the cart changed between the card's authorisation and the order.
  amountChanged: /*i18n*/ {
    id: 'Your cart changed while you were paying, and nothing was charged. Please check your cart and place the order again.',
  },
  // app/routes/product.tsx: what a mixed case holds, and what it saves.
  caseContents: /*i18n*/ { id: 'In this case' },
  caseSaving: /*i18n*/ { id: 'Save {saving} against its {count} bottles bought one by one ({alone}).' },
  // app/root.tsx: every footer's licence line.
  liquorLicence: /*i18n*/ { id: 'Liquor licence {licence}' },
};

/**
 * The search page's help with a term (app/routes/wines.tsx): its loader writes them in the site's language, so the
 * browser's catalogues leave them out.
 */
export const SEARCH_TEXTS = {
  corrected: /*i18n*/ { id: 'Showing results for {term}' },
  didYouMean: /*i18n*/ { id: 'Did you mean:' },
  popular: /*i18n*/ { id: 'Popular categories' },
};

/**
 * Reordering an order (services/reorder.ts): the order page's control and the cart's notice are written by their
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

/** Catalogue ids only the server reads: the browser build drops them from its catalogues. */
export const SERVER_ONLY_TEXTS: readonly string[] = [
  ...Object.values(EMAIL_TEXTS),
  ...Object.values(SERVER_FILLED_TEXTS),
  ...Object.values(SEARCH_TEXTS),
  ...Object.values(REORDER_TEXTS),
].map((t) => t.id);
