import { describe, expect, it, vi } from 'vitest';

// A browser's first Intl.NumberFormat costs 10–20 ms of the main thread (ICU's number data, measured in Chromium
// here), and a page made one while it hydrated: Lingui formats the count of every plural with one, and prices went
// through one. The sites' texts and prices are written without it (app/lib/i18n.ts, domain/money.ts).
// NOTE: its own file, so that no earlier test has let Lingui or the money format keep a formatter.

describe('a page’s texts and prices', () => {
  it('are written without Intl.NumberFormat, on every site', async () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    try {
      const { i18nFor } = await import('../../app/lib/i18n');
      const { formatMoney, formatWholeNumber } = await import('../../domain/money');
      const { SITES } = await import('../../domain/sites');
      // CONTRACT.md "Sites": `$` in AU, NZ and US, HK$ on the HK sites, NT$ in whole dollars on law-tw.
      const money: Record<string, string> = { HKD: 'HK$1,234.56', TWD: 'NT$1,235' };
      for (const site of Object.values(SITES)) {
        const i18n = await i18nFor(site.intlLocale);
        expect(i18n._('{count, plural, one {Cart, # item} other {Cart, # items}}', { count: 1234 })).toMatch(/1,234/);
        expect(i18n._('{count, plural, one {{count} star} other {{count} stars}}', { count: 4 })).toMatch(/4/);
        expect(formatMoney(123_456, site)).toBe(money[site.currency] ?? '$1,234.56');
      }
      expect(formatWholeNumber(1_234_567)).toBe('1,234,567');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
