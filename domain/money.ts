import type { Site } from './sites';

// Money is integer cents end to end (DESIGN.md convention 1).

/**
 * How each site writes its money (CONTRACT.md "Sites"): the symbol before the amount (`$` in AU, NZ and US, `HK$` on
 * the HK sites, `NT$` on law-tw) and how many decimals show (TWD in whole dollars, as Taiwan writes prices). Commas
 * between thousands, `-` before a negative amount. Written here without ICU: a browser's first `Intl.NumberFormat`
 * costs 10–20 ms of the main thread while a page hydrates (measured in Chromium here, decision 016); domain/money.test.ts
 * checks the figures against `Intl.NumberFormat`. Any other locale and currency goes to ICU.
 */
const SITE_MONEY: Readonly<Record<string, string>> = {
  'en-AU|AUD': '$',
  'en-NZ|NZD': '$',
  'en-US|USD': '$',
  'zh-HK|HKD': 'HK$',
  'zh-TW|TWD': 'NT$',
};

/**
 * ICU's money format of other sites, with the amounts it has written (at most FORMATTED_PER_SITE per locale and
 * currency; past that the list starts again): ICU's formatting was about 0.5 % of a listing page's server time.
 */
const FORMATTED_PER_SITE = 5000;
const formatters = new Map<string, { format: Intl.NumberFormat; written: Map<number, string> }>();

function formatterFor(site: Pick<Site, 'intlLocale' | 'currency'>, key: string) {
  let f = formatters.get(key);
  if (!f) {
    f = {
      format: new Intl.NumberFormat(site.intlLocale, {
        style: 'currency',
        currency: site.currency,
        currencyDisplay: 'narrowSymbol',
      }),
      written: new Map(),
    };
    formatters.set(key, f);
  }
  return f;
}

export function formatMoney(cents: number, site: Pick<Site, 'intlLocale' | 'currency'>): string {
  const key = `${site.intlLocale}|${site.currency}`;
  const symbol = SITE_MONEY[key];
  if (symbol && Number.isSafeInteger(cents)) {
    const abs = Math.abs(cents);
    // TWD shows whole dollars, halves rounded away from zero as ICU does (NT$12.50 reads NT$13).
    return `${cents < 0 ? '-' : ''}${symbol}${
      site.currency === 'TWD'
        ? formatWholeNumber(Math.round(abs / 100))
        : `${formatWholeNumber(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`
    }`;
  }
  const { format, written } = formatterFor(site, key);
  let text = written.get(cents);
  if (text === undefined) {
    text = format.format(cents / 100);
    if (written.size >= FORMATTED_PER_SITE) written.clear();
    written.set(cents, text);
  }
  return text;
}

/** Whole units of the site's money, as a gift card shows them (`$1,000`), written as `formatMoney` writes cents. */
export function formatWholeAmount(amount: number, site: Pick<Site, 'intlLocale' | 'currency'>): string {
  const symbol = SITE_MONEY[`${site.intlLocale}|${site.currency}`];
  if (symbol && Number.isSafeInteger(amount)) {
    return `${amount < 0 ? '-' : ''}${symbol}${formatWholeNumber(Math.abs(amount))}`;
  }
  return new Intl.NumberFormat(site.intlLocale, {
    style: 'currency',
    currency: site.currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/**
 * A whole number as every site's locale writes it (`1,234,567`, `-3`; checked against `Intl.NumberFormat` for each
 * site and catalogue locale in domain/money.test.ts), without ICU's first-use cost in a browser (see SITE_MONEY).
 */
export function formatWholeNumber(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const out = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${out}` : out;
}

/** Plain two-decimal amount, as the API's price fields carry it (e.g. 19.99). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents of a two-decimal amount as the API carries it (19.99 → 1999); the inverse of centsToAmount. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

/** A two-decimal amount of the JSON API (a cart's, a product's) as the site writes money: the pages' one conversion. */
export function formatAmount(amount: number, site: Pick<Site, 'intlLocale' | 'currency'>): string {
  return formatMoney(amountToCents(amount), site);
}

/** '$x.xx' as in the SPEC's 'SAVE $x.xx'. */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Currencies Stripe takes in two-decimal minor units but only in whole units (its "special cases"): TWD is charged in
 * whole dollars, the amount still given ×100 (NT$13 → 1300). The shop shows TWD in whole dollars too, halves rounded
 * away from zero (formatMoney), so what the card pays is what the page said.
 */
const STRIPE_WHOLE_UNITS: ReadonlySet<string> = new Set(['TWD']);

/** The amount Stripe's API takes for cents of a currency (AUD, NZD, USD, HKD: the cents; TWD: whole dollars ×100). */
export function centsToStripeAmount(cents: number, currency: string): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  if (!STRIPE_WHOLE_UNITS.has(currency.toUpperCase())) return cents;
  const whole = Math.round(Math.abs(cents) / 100) * 100;
  return cents < 0 ? -whole : whole;
}

/** Cents of an amount as Stripe's API gives it: every currency the shop sells in is two-decimal there. */
export function stripeAmountToCents(amount: number, _currency: string): number {
  return Math.round(amount);
}
