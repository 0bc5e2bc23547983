// Texts only the JSON API answers: a client's mistake no page of ours makes, a lookup no page shows. The server sends
// them in the site's language (server/envelope.ts), so the browser's catalogues leave them out (vite.config.ts).
// Nothing here imports anything: the build's config reads this file too.

export const API_TEXTS = {
  badJson: /*i18n*/ 'The request body must be JSON.',
  unreadableBody: /*i18n*/ 'The request body could not be read.',
  noSuchCall: /*i18n*/ 'There is no such API call.',
  checkRequest: /*i18n*/ 'Please check the request.',
  /** zod's own wording (an issue its schema gives no text) becomes one of these two. */
  missingField: /*i18n*/ 'Please fill in every required field.',
  wrongValue: /*i18n*/ 'Please check the values you sent.',
  cartItems: /*i18n*/ 'Send cartItems as a list of items, each with an itemCode and a quantity.',
  cartItemsAtOnce: /*i18n*/ 'At most 50 items at once.',
  cartLine: /*i18n*/ 'Please give the number of a cart line.',
  offerListName: /*i18n*/ 'Unknown offer list name.',
  authorSlug: /*i18n*/ 'An author is named by lower-case words joined by dashes.',
  noSuggestions: /*i18n*/ 'There are no suggestions for that brand.',
  emailFlag: /*i18n*/ 'Please send optin.emailFlag as true or false.',
  orderNotFound: /*i18n*/ 'We could not find that order.',
  accountNotFound: /*i18n*/ 'We could not find your account.',
} as const;

/** The texts above, which the server translates before it answers. */
export const API_ONLY_TEXTS: readonly string[] = Object.values(API_TEXTS);
