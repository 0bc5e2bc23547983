import type { Site } from './sites';

// Money is integer cents end to end (DESIGN.md convention 1).

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(site: Pick<Site, 'intlLocale' | 'currency'>): Intl.NumberFormat {
  const key = `${site.intlLocale}|${site.currency}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(site.intlLocale, {
      style: 'currency',
      currency: site.currency,
      currencyDisplay: 'narrowSymbol',
    });
    formatters.set(key, f);
  }
  return f;
}

export function formatMoney(cents: number, site: Pick<Site, 'intlLocale' | 'currency'>): string {
  return formatterFor(site).format(cents / 100);
}

/** Plain two-decimal amount, as the API's price fields carry it (e.g. 19.99). */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Cents of a two-decimal amount as the API carries it (19.99 → 1999); the inverse of centsToAmount. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

/** '$x.xx' as in the SPEC's 'SAVE $x.xx'. */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
