// What the checkout answers about a payment only a real provider asks for (a bank's confirmation, a card the browser
// gives the provider). The server sends these in the site's language, so the browser's catalogues leave them out
// (vite.config.ts). Nothing here imports anything: the build's config reads this file too.

export const PROVIDER_PAYMENT_MESSAGES = {
  authenticate: /*i18n*/ 'Your bank asks you to confirm this payment. Please confirm it and place the order again.',
  noPaymentMethod: /*i18n*/ 'Please enter your card details.',
} as const;

/** The texts above, which the server translates before it answers. */
export const PAYMENT_ONLY_TEXTS: readonly string[] = Object.values(PROVIDER_PAYMENT_MESSAGES);
