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
  // The order's moves (services/order-status-email.ts).
  shippedSubject: /*i18n*/ { id: '{brand}: your order {orderNumber} is on its way' },
  shippedBody: /*i18n*/ { id: 'Your order {orderNumber} has shipped. Its tracking number is {trackingNumber}:' },
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

/** Catalogue ids only the server reads: the browser build drops them from its catalogues. */
export const SERVER_ONLY_TEXTS: readonly string[] = [
  ...Object.values(EMAIL_TEXTS),
  ...Object.values(SERVER_FILLED_TEXTS),
  ...Object.values(SEARCH_TEXTS),
].map((t) => t.id);
