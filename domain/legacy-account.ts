// SPEC §2 "Account routes (new) and legacy mapping" and CONTRACT.md "Legacy paths". Pure tables, used by
// the server (live hosts: legacy → new) and by the account loaders (test hosts: new → legacy details).

export const LEGACY_DETAILS_PATH = '/jsp/account/common/account_details.jsp';
export const LEGACY_LISTS_PATH = '/jsp/account/common/account_lists.jsp';

/** Legacy pages without a hash: the server redirects them. */
export const LEGACY_PLAIN_REDIRECTS: Readonly<Record<string, string>> = {
  '/jsp/account/common/account_summary.jsp': '/account/wine-cellar',
  '/jsp/account/common/wine_preference.jsp': '/account/preferences',
  '/jsp/account/common/wineplan_summary.jsp': '/account/memberships',
  '/jsp/account/au/subscription.jsp': '/account/memberships',
  '/jsp/account/common/voucher_details.jsp': '/account/gift-cards-and-vouchers',
};

/** Legacy pages whose target depends on the hash, which only the browser sees. */
export const LEGACY_HASH_PAGES: Readonly<
  Record<string, { byHash: Readonly<Record<string, string>>; fallback: string }>
> = {
  [LEGACY_DETAILS_PATH]: {
    byHash: {
      '#shipping-address': '/account/personal-details',
      '#billing-address': '/account/personal-details',
      '#payment': '/account/payment-methods',
      '#email-settings': '/account/settings',
      '#password': '/account/settings',
      '#tpr-settings': '/account/settings',
    },
    fallback: '/account',
  },
  [LEGACY_LISTS_PATH]: {
    byHash: {
      '#/purchased': '/account/purchased',
      '#/favorites': '/account/favourites',
      '#/top-rated': '/account/top-rated',
      '#/dont-send': '/account/not-for-me',
      '#/recommendations': '/account/recommendations',
    },
    fallback: '/account/purchased',
  },
};

/** The new route a legacy hash page goes to (the same rule the page's inline script applies). */
export function newRouteForHash(legacyPath: string, hash: string): string | null {
  const page = LEGACY_HASH_PAGES[legacyPath];
  if (!page) return null;
  return page.byHash[hash] ?? page.fallback;
}

/** Test hosts: the hash of the legacy details page that shows a new route's section. */
const TEST_HOST_HASH: Readonly<Record<string, string>> = {
  '/account/personal-details': '#shipping-address',
  '/account/payment-methods': '#payment',
  '/account/settings': '#email-settings',
};

/** Test hosts: every new account route maps back to the legacy details page (with its hash where one exists). */
export function legacyDetailsFor(newPath: string): string {
  const path = newPath.length > 1 ? newPath.replace(/\/+$/, '') : newPath;
  return `${LEGACY_DETAILS_PATH}${TEST_HOST_HASH[path] ?? ''}`;
}
