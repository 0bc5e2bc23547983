import { describe, expect, it, vi } from 'vitest';
import { formatMoney, formatWholeAmount, formatWholeNumber, centsToStripeAmount, stripeAmountToCents } from './money';
import { SITES, type Site } from './sites';

const AMOUNTS = [-123_456_789, -100_000, -1, 0, 1, 99, 100, 999_999, 1_000_000, 12_345_678_901];

/**
 * ICU's money of a site as CONTRACT.md "Sites" writes it: `$` in AU, NZ and US, `HK$` (ICU's own symbol in zh-HK)
 * on the HK sites, `NT$` in whole dollars on law-tw (ICU's narrow `$` with no decimals, named).
 */
function contractFormat(site: Site, options: Intl.NumberFormatOptions = {}) {
  const hk = site.currency === 'HKD';
  const tw = site.currency === 'TWD';
  const intl = new Intl.NumberFormat(site.intlLocale, {
    style: 'currency',
    currency: site.currency,
    currencyDisplay: hk ? 'symbol' : 'narrowSymbol',
    ...(tw ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    ...options,
  });
  return (amount: number) => (tw ? intl.format(amount).replace('$', 'NT$') : intl.format(amount));
}

describe('formatMoney', () => {
  it('writes every amount as the site’s number format does, also past the amounts it keeps, per site', () => {
    for (const site of Object.values(SITES)) {
      const format = contractFormat(site);
      for (let round = 0; round < 2; round++) {
        for (let cents = -50; cents < 6_000; cents += 7) expect(formatMoney(cents, site)).toBe(format(cents / 100));
      }
      for (const cents of AMOUNTS) expect(formatMoney(cents, site), site.id).toBe(format(cents / 100));
    }
    expect(formatMoney(34_700, SITES['law-au'])).toBe('$347.00');
    expect(formatMoney(34_700, SITES['wsj-us'])).toBe('$347.00');
    expect(formatMoney(123_456_7, SITES['hlw-hk'])).toBe('HK$12,345.67');
    expect(formatMoney(-1_999, SITES['law-hk'])).toBe('-HK$19.99');
    expect(formatMoney(123_456_7, SITES['law-tw'])).toBe('NT$12,346');
    expect(formatMoney(1_249, SITES['law-tw'])).toBe('NT$12');
    expect(formatMoney(0, SITES['law-tw'])).toBe('NT$0');
  });

  it('writes the sites’ amounts without ICU (a browser’s first Intl.NumberFormat stalls hydration), other money with it', async () => {
    vi.resetModules();
    const spy = vi.spyOn(Intl, 'NumberFormat');
    try {
      const fresh = await import('./money');
      for (const site of Object.values(SITES)) fresh.formatMoney(1999, site);
      fresh.formatWholeNumber(1234);
      expect(spy).not.toHaveBeenCalled();
      const euro = { intlLocale: 'de-DE', currency: 'EUR' } as unknown as Site;
      expect(fresh.formatMoney(123_456, euro)).toMatch(/^1\.234,56\s€$/);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(fresh.formatMoney(1999.5, SITES['law-au'])).toBe(
        new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol' }).format(
          19.995,
        ),
      );
    } finally {
      spy.mockRestore();
    }
  });
});

describe('formatWholeAmount', () => {
  it('writes whole units of money as the site’s number format does', () => {
    for (const site of Object.values(SITES)) {
      const format = contractFormat(site, { minimumFractionDigits: 0, maximumFractionDigits: 0 });
      for (const amount of [...AMOUNTS, 50, 500, 1000])
        expect(formatWholeAmount(amount, site), site.id).toBe(format(amount));
    }
  });
});

describe('formatWholeNumber', () => {
  it('writes whole numbers as every site’s locale does (the catalogues’ locales are the sites’)', () => {
    const locales = new Set(Object.values(SITES).map((s) => s.intlLocale));
    for (const locale of locales) {
      const intl = new Intl.NumberFormat(locale);
      for (const n of [...AMOUNTS, 12, 123, 1234, 12_345, 123_456, -7_654_321])
        expect(formatWholeNumber(n), locale).toBe(intl.format(n));
    }
  });
});

describe('Stripe amounts', () => {
  it('are the cents in AUD, NZD, USD and HKD', () => {
    for (const currency of ['AUD', 'NZD', 'USD', 'HKD']) expect(centsToStripeAmount(12_345, currency)).toBe(12_345);
    expect(stripeAmountToCents(12_345, 'aud')).toBe(12_345);
  });

  it('are whole New Taiwan dollars ×100, halves away from zero as the page shows them', () => {
    expect(centsToStripeAmount(120_000, 'TWD')).toBe(120_000);
    expect(centsToStripeAmount(1_250, 'TWD')).toBe(1_300);
    expect(centsToStripeAmount(1_249, 'twd')).toBe(1_200);
    expect(stripeAmountToCents(1_300, 'twd')).toBe(1_300);
    expect(() => centsToStripeAmount(12.5, 'AUD')).toThrow(RangeError);
  });
});
