// The site table of CONTRACT.md: a site is a brand trading in a country.

export const BRAND_CODES = ['law', 'vir', 'wpe', 'adc', 'vws', 'wsj', 'hlw'] as const;
export type BrandCode = (typeof BRAND_CODES)[number];

export const COUNTRY_CODES = ['au', 'nz', 'us', 'hk', 'tw'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const CURRENCY_CODES = ['AUD', 'NZD', 'USD', 'HKD', 'TWD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const CURRENCIES: readonly CurrencyCode[] = ['AUD', 'NZD', 'USD', 'HKD', 'TWD'];

export type SiteId =
  | 'law-au'
  | 'vir-au'
  | 'wpe-au'
  | 'adc-au'
  | 'vws-au'
  | 'law-nz'
  | 'wpe-nz'
  | 'wsj-us'
  | 'law-hk'
  | 'hlw-hk'
  | 'law-tw';

export interface Brand {
  code: BrandCode;
  name: string;
  tagline: string;
  /** Colours used by the theme; contrast checked against white text (WCAG AA). */
  colours: { primary: string; primaryDark: string; accent: string; accentText: string; surface: string };
}

export interface Site {
  id: SiteId;
  brand: Brand;
  country: CountryCode;
  currency: CurrencyCode;
  /** BCP 47 tag used with Intl. */
  intlLocale: string;
  /** pageData.userLocale (CONTRACT.md). */
  userLocale: string;
  /** pageData.dataAreaId: AUS, NZL, or empty outside AU/NZ. */
  dataAreaId: 'AUS' | 'NZL' | '';
  /** html lang attribute. */
  lang: string;
  /** Subtotal at or above which shipping is free, in cents (SPEC §9). */
  freeShippingThresholdCents: number;
  /** Flat delivery fee below the threshold, in cents. */
  deliveryFeeCents: number;
  /** Minimum custom gift voucher amount, in whole currency units (SPEC §5). */
  minGiftVoucherAmount: number;
  maxGiftVoucherAmount: number;
  /** Email-marketing list configuration (SPEC §3). */
  emailList: { accountId: string; listId: string; footerListId?: string };
  supportPhone: string;
  /** GST/VAT rate included in prices, in basis points. */
  taxRateBasisPoints: number;
  /** Site is served in traditional Chinese where the SPEC gives Chinese text. */
  chinese: boolean;
}

const BRANDS: Record<BrandCode, Brand> = {
  law: {
    code: 'law',
    name: 'Laithwaites',
    tagline: /*i18n*/ 'Wines from family vineyards, chosen for you',
    colours: {
      primary: '#7a1a2e',
      primaryDark: '#5a1222',
      accent: '#c9a24a',
      accentText: '#1f1b1a',
      surface: '#fbf7f2',
    },
  },
  vir: {
    code: 'vir',
    name: 'Virgin Wines',
    tagline: /*i18n*/ 'Wine that turns heads',
    colours: {
      primary: '#b0102a',
      primaryDark: '#85081d',
      accent: '#1f1f1f',
      accentText: '#ffffff',
      surface: '#fff7f7',
    },
  },
  wpe: {
    code: 'wpe',
    name: 'Wine People',
    tagline: /*i18n*/ 'By wine people, for wine people',
    colours: {
      primary: '#24506b',
      primaryDark: '#183a4f',
      accent: '#e07a32',
      accentText: '#1f1b1a',
      surface: '#f4f8fa',
    },
  },
  adc: {
    code: 'adc',
    name: 'Australian Direct Cellars',
    tagline: /*i18n*/ 'Straight from the cellar door',
    colours: {
      primary: '#2f5d3a',
      primaryDark: '#1f4128',
      accent: '#b98a2f',
      accentText: '#1f1b1a',
      surface: '#f5f8f3',
    },
  },
  vws: {
    code: 'vws',
    name: 'Vintage Wine Society',
    tagline: /*i18n*/ 'A society of good taste',
    colours: {
      primary: '#3c2a5c',
      primaryDark: '#2a1c42',
      accent: '#b5894b',
      accentText: '#1f1b1a',
      surface: '#f7f5fa',
    },
  },
  wsj: {
    code: 'wsj',
    name: 'WSJwine',
    tagline: /*i18n*/ 'Discover wines worth talking about',
    colours: {
      primary: '#1d2b3a',
      primaryDark: '#111b26',
      accent: '#a8343b',
      accentText: '#ffffff',
      surface: '#f6f6f4',
    },
  },
  hlw: {
    code: 'hlw',
    name: 'Hong Kong Laithwaites',
    tagline: /*i18n*/ 'Fine wine, delivered across Hong Kong',
    colours: {
      primary: '#6b1730',
      primaryDark: '#4d0f22',
      accent: '#c59a3d',
      accentText: '#1f1b1a',
      surface: '#fbf7f4',
    },
  },
};

interface SiteRow {
  brand: BrandCode;
  country: CountryCode;
  listId: string;
}

const COUNTRY_DEFAULTS: Record<
  CountryCode,
  Omit<Site, 'id' | 'brand' | 'emailList' | 'supportPhone'> & { phonePrefix: string }
> = {
  au: {
    country: 'au',
    currency: 'AUD',
    intlLocale: 'en-AU',
    userLocale: 'en_AU',
    dataAreaId: 'AUS',
    lang: 'en-AU',
    freeShippingThresholdCents: 34_700,
    deliveryFeeCents: 1_499,
    minGiftVoucherAmount: 25,
    maxGiftVoucherAmount: 500,
    taxRateBasisPoints: 1_000,
    chinese: false,
    phonePrefix: '1300',
  },
  nz: {
    country: 'nz',
    currency: 'NZD',
    intlLocale: 'en-NZ',
    userLocale: 'en_NZ',
    dataAreaId: 'NZL',
    lang: 'en-NZ',
    freeShippingThresholdCents: 39_200,
    deliveryFeeCents: 1_699,
    minGiftVoucherAmount: 25,
    maxGiftVoucherAmount: 500,
    taxRateBasisPoints: 1_500,
    chinese: false,
    phonePrefix: '0800',
  },
  us: {
    country: 'us',
    currency: 'USD',
    intlLocale: 'en-US',
    userLocale: 'en_US',
    dataAreaId: '',
    lang: 'en-US',
    freeShippingThresholdCents: 20_000,
    deliveryFeeCents: 1_999,
    minGiftVoucherAmount: 1,
    maxGiftVoucherAmount: 500,
    taxRateBasisPoints: 0,
    chinese: false,
    phonePrefix: '1-877',
  },
  hk: {
    country: 'hk',
    currency: 'HKD',
    intlLocale: 'zh-HK',
    userLocale: 'zh_HK_LW',
    dataAreaId: '',
    lang: 'zh-HK',
    freeShippingThresholdCents: 150_000,
    deliveryFeeCents: 10_000,
    minGiftVoucherAmount: 25,
    maxGiftVoucherAmount: 500,
    taxRateBasisPoints: 0,
    chinese: true,
    phonePrefix: '+852',
  },
  tw: {
    country: 'tw',
    currency: 'TWD',
    intlLocale: 'zh-TW',
    userLocale: 'zh_TW',
    dataAreaId: '',
    lang: 'zh-TW',
    freeShippingThresholdCents: 600_000,
    deliveryFeeCents: 25_000,
    minGiftVoucherAmount: 25,
    maxGiftVoucherAmount: 500,
    taxRateBasisPoints: 500,
    chinese: true,
    phonePrefix: '+886',
  },
};

const SITE_ROWS: Record<SiteId, SiteRow> = {
  'law-au': { brand: 'law', country: 'au', listId: 'a0b1c2d3' },
  'vir-au': { brand: 'vir', country: 'au', listId: 'b1c2d3e4' },
  'wpe-au': { brand: 'wpe', country: 'au', listId: 'c2d3e4f5' },
  'adc-au': { brand: 'adc', country: 'au', listId: 'd3e4f5a6' },
  'vws-au': { brand: 'vws', country: 'au', listId: 'e4f5a6b7' },
  'law-nz': { brand: 'law', country: 'nz', listId: 'f5a6b7c8' },
  'wpe-nz': { brand: 'wpe', country: 'nz', listId: 'a6b7c8d9' },
  'wsj-us': { brand: 'wsj', country: 'us', listId: 'b7c8d9e0' },
  'law-hk': { brand: 'law', country: 'hk', listId: 'c8d9e0f1' },
  'hlw-hk': { brand: 'hlw', country: 'hk', listId: 'd9e0f1a2' },
  'law-tw': { brand: 'law', country: 'tw', listId: 'e0f1a2b3' },
};

function buildSite(id: SiteId, row: SiteRow, index: number): Site {
  const { phonePrefix, ...defaults } = COUNTRY_DEFAULTS[row.country];
  const site: Site = {
    ...defaults,
    id,
    brand: BRANDS[row.brand],
    emailList: { accountId: `dw${row.country}${row.brand}`, listId: row.listId },
    supportPhone: `${phonePrefix} ${String(555_100 + index * 37).slice(0, 3)} ${String(400 + index * 13)}`,
  };
  if (id === 'hlw-hk') site.userLocale = 'zh_HK_HKLW';
  // SPEC §3: a second list applies to nz law footer signups.
  if (id === 'law-nz') site.emailList.footerListId = 'f5a6b7c9';
  return site;
}

export const SITES: Readonly<Record<SiteId, Site>> = Object.fromEntries(
  (Object.entries(SITE_ROWS) as [SiteId, SiteRow][]).map(([id, row], i) => [id, buildSite(id, row, i)]),
) as Record<SiteId, Site>;

export const SITE_IDS = Object.keys(SITES) as SiteId[];

export function isSiteId(value: string): value is SiteId {
  return Object.hasOwn(SITES, value);
}

export function getSite(id: SiteId): Site {
  return SITES[id];
}

export const CURRENCY_OF_COUNTRY: Record<CountryCode, CurrencyCode> = {
  au: 'AUD',
  nz: 'NZD',
  us: 'USD',
  hk: 'HKD',
  tw: 'TWD',
};

export interface ResolvedSite {
  site: Site;
  /** A test host (`{site}.test.localhost` or a configured test host): SPEC's test-environment rules apply. */
  isTestHost: boolean;
}

/**
 * Picks the site of a request from its Host header (CONTRACT.md "Sites"):
 * `{site}.localhost` / `{site}.test.localhost` in development, configured host names in production,
 * else the default site.
 */
export function resolveSiteFromHost(
  hostHeader: string | undefined | null,
  options: {
    defaultSite: SiteId;
    hosts?: Readonly<Record<string, SiteId>>;
    testHosts?: Readonly<Record<string, SiteId>>;
  },
): ResolvedSite {
  const host = (hostHeader ?? '').toLowerCase().trim().replace(/:\d+$/, '').replace(/\.$/, '');
  const configuredTest = options.testHosts?.[host];
  if (configuredTest) return { site: SITES[configuredTest], isTestHost: true };
  const configured = options.hosts?.[host];
  if (configured) return { site: SITES[configured], isTestHost: false };
  const match = /^([a-z]{3}-[a-z]{2})\.(test\.)?localhost$/.exec(host);
  if (match?.[1] && isSiteId(match[1])) return { site: SITES[match[1]], isTestHost: Boolean(match[2]) };
  const testMatch = /^test\.localhost$/.test(host);
  return { site: SITES[options.defaultSite], isTestHost: testMatch };
}

/** `en_{COUNTRY}_{localeBrand}` as used by offer-list paths (SPEC §7). */
export function offerListLocale(site: Site): string {
  return `en_${site.country.toUpperCase()}_${site.brand.code}`;
}

/**
 * The site's own origin for absolute links (sitemap, robots): its configured production host over https,
 * else (development) `http://{site}.localhost:{port}`. Never the request's Host header, which the client
 * chooses.
 */
export function canonicalOrigin(
  siteId: SiteId,
  options: { hosts?: Readonly<Record<string, SiteId>>; port: number },
): string {
  const host = Object.entries(options.hosts ?? {}).find(([, site]) => site === siteId)?.[0];
  return host ? `https://${host}` : `http://${siteId}.localhost:${options.port}`;
}
