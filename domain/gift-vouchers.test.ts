import { describe, expect, it } from 'vitest';
import { giftVoucherFormSchema, previewAmountText } from './gift-vouchers';
import { SITES } from './sites';

const FORM = {
  choice: '02698VC',
  recipientName: 'Ann Lee',
  recipientEmail: 'ann@example.com',
  verifyEmail: 'ann@example.com',
  message: 'Enjoy!',
};

describe('the custom e-gift amount per site (README.md: the AUD range at about the catalogue’s exchange rates)', () => {
  it.each([
    ['law-au', 25, 500],
    ['wsj-us', 1, 500],
    ['law-hk', 100, 2_500],
    ['hlw-hk', 100, 2_500],
    ['law-tw', 500, 10_000],
  ] as const)('%s takes %i to %i, and the form says so', (id, min, max) => {
    const site = SITES[id];
    expect([site.minGiftVoucherAmount, site.maxGiftVoucherAmount]).toEqual([min, max]);
    const schema = giftVoucherFormSchema(site.minGiftVoucherAmount, site.maxGiftVoucherAmount);
    const issueOf = (amount: number) =>
      (
        schema.safeParse({ ...FORM, customAmount: String(amount) }).error?.issues[0] as {
          params?: { values?: unknown };
        }
      )?.params?.values;
    expect(issueOf(min - 1)).toEqual({ minimum: min });
    expect(issueOf(max + 1)).toEqual({ maximum: max });
    expect(issueOf(min)).toBeUndefined();
    expect(issueOf(max)).toBeUndefined();
  });

  it('shows the sample card’s amount in the site’s money, XX past the site’s maximum', () => {
    const tw = SITES['law-tw'];
    expect(previewAmountText('02698VC', '10000', tw, tw.maxGiftVoucherAmount)).toBe('NT$10,000');
    expect(previewAmountText('02698VC', '10001', tw, tw.maxGiftVoucherAmount)).toBe('NT$XX');
    expect(previewAmountText('02698VC', '100000', tw, tw.maxGiftVoucherAmount)).toBe('NT$XX');
    const hk = SITES['law-hk'];
    expect(previewAmountText('02698VC', '2500', hk, hk.maxGiftVoucherAmount)).toBe('HK$2,500');
    expect(previewAmountText('00042VC', '', hk, hk.maxGiftVoucherAmount)).toBe('HK$100');
    const au = SITES['law-au'];
    expect(previewAmountText('02698VC', '501', au, au.maxGiftVoucherAmount)).toBe('$XX');
    expect(previewAmountText('02698VC', '0500', au, au.maxGiftVoucherAmount)).toBe('$XX');
    expect(previewAmountText('02698VC', '500', au, au.maxGiftVoucherAmount)).toBe('$500');
  });
});
