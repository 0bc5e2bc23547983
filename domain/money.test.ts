import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { SITES } from './sites';

describe('formatMoney', () => {
  it('writes every amount as the site’s number format does, also past the amounts it keeps, per site', () => {
    for (const id of ['law-au', 'law-nz', 'wsj-us', 'hlw-hk'] as const) {
      const site = SITES[id];
      const intl = new Intl.NumberFormat(site.intlLocale, {
        style: 'currency',
        currency: site.currency,
        currencyDisplay: 'narrowSymbol',
      });
      for (let round = 0; round < 2; round++) {
        for (let cents = -50; cents < 6_000; cents += 7)
          expect(formatMoney(cents, site)).toBe(intl.format(cents / 100));
      }
    }
    expect(formatMoney(34_700, SITES['law-au'])).toBe('$347.00');
  });
});
