// The account area's sections (SPEC §2 "Account routes (new)"), in the order the section nav shows them.

export interface AccountSection {
  path: string;
  label: string;
}

export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { path: '/account', label: 'Overview' },
  { path: '/account/personal-details', label: 'Personal details' },
  { path: '/account/payment-methods', label: 'Payment methods' },
  { path: '/account/settings', label: 'Settings' },
  { path: '/account/purchased', label: 'Purchased' },
  { path: '/account/wine-cellar', label: 'Wine cellar' },
  { path: '/account/preferences', label: 'Taste preferences' },
  { path: '/account/memberships', label: 'Memberships' },
  { path: '/account/gift-cards-and-vouchers', label: 'Gift cards and vouchers' },
  { path: '/account/favourites', label: 'Favourites' },
  { path: '/account/top-rated', label: 'Top rated' },
  { path: '/account/not-for-me', label: 'Not for me' },
  { path: '/account/recommendations', label: 'Recommendations' },
];

type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/** '{Section} | My account | {brand name}' (the brand from the root loader's data). */
export function accountTitle(section: string, matches: Matches): { title: string }[] {
  const root = matches[0]?.loaderData as { site?: { brand: { name: string } } } | undefined;
  const brand = root?.site?.brand.name;
  return [{ title: brand ? `${section} | My account | ${brand}` : `${section} | My account` }];
}

/** Dates of orders and vouchers, in UTC so the server and the browser render the same text. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
