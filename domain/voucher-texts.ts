// What the voucher box and checkout answer about a voucher's limits set in the console. The server sends these in the
// site's language (the voucher box's answers and the checkout's), so the browser's catalogues leave them out
// (vite.config.ts). Nothing here imports anything: the build's config reads this file too.

export const VOUCHER_LIMIT_MESSAGES = {
  usedUp: /*i18n*/ 'This voucher has been used as many times as it can be: it cannot be used any more.',
} as const;

/** The texts above, which the server translates before it answers. */
export const VOUCHER_ONLY_TEXTS: readonly string[] = Object.values(VOUCHER_LIMIT_MESSAGES);
