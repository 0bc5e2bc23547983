import type { Site } from './sites';

// Money is integer cents end to end (DESIGN.md convention 1).

/**
 * A site's money format, with the amounts it has written: a page writes the same few dozen prices on every view
 * (three on each of 24 tiles), and ICU's formatting was about 0.5 % of a listing page's server time (issue 17).
 * At most FORMATTED_PER_SITE amounts are kept per locale and currency; past that the list starts again.
 */
const FORMATTED_PER_SITE = 5000;
const formatters = new Map<string, { format: Intl.NumberFormat; written: Map<number, string> }>();

function formatterFor(site: Pick<Site, 'intlLocale' | 'currency'>) {
  const key = `${site.intlLocale}|${site.currency}`;
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
  const { format, written } = formatterFor(site);
  let text = written.get(cents);
  if (text === undefined) {
    text = format.format(cents / 100);
    if (written.size >= FORMATTED_PER_SITE) written.clear();
    written.set(cents, text);
  }
  return text;
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
