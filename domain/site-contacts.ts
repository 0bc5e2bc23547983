import type { SiteId } from './sites';

// What each site's pages say of the retailer beyond its phone (domain/sites.ts): the customer-service mailbox and the
// liquor licence. Kept apart from the site table, which every page's scripts carry: only loaders read these.

/**
 * The liquor licence each site sells under, in every page's footer. NOTE: placeholders (neither SPEC nor CONTRACT
 * gives the numbers): the retailer fills in each site's real licence before going live.
 */
export const LIQUOR_LICENCES: Readonly<Record<SiteId, string>> = {
  'law-au': 'LIQP770016001',
  'vir-au': 'LIQP770016002',
  'wpe-au': 'LIQP770016003',
  'adc-au': 'LIQP770016004',
  'vws-au': 'LIQP770016005',
  'law-nz': '60/OFF/000101/2026',
  'wpe-nz': '60/OFF/000102/2026',
  'wsj-us': 'DS-000103',
  'law-hk': 'LL-000104',
  'hlw-hk': 'LL-000105',
  'law-tw': '000106',
};

/**
 * The site's customer-service mailbox, shown on the contact page; contact-form messages go there unless
 * CUSTOMER_SERVICE_EMAIL names one address for every site.
 */
export function supportEmailOf(siteId: SiteId): string {
  return `customerservice@${siteId}.storefront.localhost`;
}
