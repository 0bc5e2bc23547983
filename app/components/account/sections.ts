import { metaI18n } from '../../lib/i18n';
import type { MessageDescriptor } from '@lingui/core';

// The account area's sections (SPEC §2 "Account routes (new)"), in the order the section nav shows them.

export interface AccountSection {
  path: string;
  /** Shown as `i18n._(label)`; `label.id` is the English name. */
  label: MessageDescriptor;
}

export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { path: '/account', label: /*i18n*/ { id: 'Overview' } },
  { path: '/account/personal-details', label: /*i18n*/ { id: 'Personal details' } },
  { path: '/account/payment-methods', label: /*i18n*/ { id: 'Payment methods' } },
  { path: '/account/settings', label: /*i18n*/ { id: 'Settings' } },
  { path: '/account/purchased', label: /*i18n*/ { id: 'Purchased' } },
  { path: '/account/wine-cellar', label: /*i18n*/ { id: 'Wine cellar' } },
  { path: '/account/preferences', label: /*i18n*/ { id: 'Taste preferences' } },
  { path: '/account/memberships', label: /*i18n*/ { id: 'Memberships' } },
  { path: '/account/gift-cards-and-vouchers', label: /*i18n*/ { id: 'Gift cards and vouchers' } },
  { path: '/account/favourites', label: /*i18n*/ { id: 'Favourites' } },
  { path: '/account/top-rated', label: /*i18n*/ { id: 'Top rated' } },
  { path: '/account/not-for-me', label: /*i18n*/ { id: 'Not for me' } },
  { path: '/account/recommendations', label: /*i18n*/ { id: 'Recommendations' } },
];

type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/** '{Section} | My account | {brand name}' (the brand from the root loader's data). */
export function accountTitle(section: string, matches: Matches): { title: string }[] {
  const root = matches[0]?.loaderData as { site?: { brand: { name: string } } } | undefined;
  const brand = root?.site?.brand.name;
  const i18n = metaI18n(matches);
  // The section names are the account menu's texts, in the catalogue already.
  const title = `${i18n._(section)} | ${i18n._('My account')}`;
  return [{ title: brand ? `${title} | ${brand}` : title }];
}

/** Dates of orders and vouchers, in UTC so the server and the browser render the same text. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}
