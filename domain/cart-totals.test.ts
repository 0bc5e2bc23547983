import { describe, expect, it } from 'vitest';
import { type CartLineInput, calculateCartTotals } from './cart-totals';
import { englishText } from './message';
import { SITES } from './sites';
import { VOUCHER_RULE_DEFAULTS, type VoucherRule } from './vouchers';

const au = SITES['law-au'];
const nz = SITES['law-nz'];
const NOW = new Date('2026-06-01T00:00:00Z');

/** A flat line of `cents` (one unit). */
const flat = (cents: number, extra: Partial<CartLineInput> = {}): CartLineInput =>
  ({
    quantity: 1,
    bottlesPerUnit: 1,
    preSell: false,
    voucherEligible: true,
    pricing: 'flat',
    price: { itemCode: 'X', saleCents: cents, listCents: cents, memberCents: null },
    memberPriceAllowed: true,
    ...extra,
  }) as CartLineInput;

const rule = (over: Partial<VoucherRule> = {}): VoucherRule => ({
  code: 'TEST',
  description: 'Test voucher',
  kind: 'amount',
  value: 2_000,
  ...VOUCHER_RULE_DEFAULTS,
  ...over,
});

const totals = (lines: CartLineInput[], voucher?: VoucherRule, used = false, site = au, now = NOW) =>
  calculateCartTotals({
    lines,
    site,
    isMember: false,
    voucher: voucher ? { rule: voucher, usedByCustomer: used } : null,
    now,
  });

describe('calculateCartTotals: the order in cents', () => {
  it.each([
    // [lines, site, subtotal, shipping, total, tax (GST included: total × 10/110 AU, 15/115 NZ)]
    [[flat(1_000)], au, 1_000, au.deliveryFeeCents, 1_000 + au.deliveryFeeCents],
    [[flat(34_700)], au, 34_700, 0, 34_700],
    [[flat(39_199)], nz, 39_199, nz.deliveryFeeCents, 39_199 + nz.deliveryFeeCents],
    [[flat(20_000), flat(19_200)], nz, 39_200, 0, 39_200],
  ])('prices %j on %s', (lines, site, subtotal, shipping, total) => {
    const t = totals(lines as CartLineInput[], undefined, false, site as typeof au);
    expect(t.order).toMatchObject({ subtotalCents: subtotal, shippingCents: shipping, totalCents: total });
    const rate = (site as typeof au).taxRateBasisPoints;
    expect(t.order.taxCents).toBe(Math.round((total * rate) / (10_000 + rate)));
    expect(t.voucher).toBeNull();
    expect(t.adjustments).toEqual([]);
  });

  it('counts bottles (a magnum 2) and leaves pre-sell lines out of payable today', () => {
    const t = totals([flat(5_000, { bottlesPerUnit: 2, quantity: 2 }), flat(4_000, { preSell: true })]);
    expect(t.numBottles).toBe(5);
    expect(t.order.payableTodayCents).toBe(t.order.totalCents - 4_000);
  });

  it('shows member savings as a positive MemberPrice Discount', () => {
    const t = calculateCartTotals({
      lines: [flat(0, { price: { itemCode: 'X', saleCents: 2_000, listCents: 2_500, memberCents: 1_800 } } as never)],
      site: au,
      isMember: true,
      now: NOW,
    });
    expect(t.adjustments).toEqual([
      { adjustmentType: 'MemberPrice Discount', promotionName: 'Unlimited member pricing', amountCents: 200 },
    ]);
  });
});

describe('calculateCartTotals: vouchers on the cent', () => {
  it.each([
    // [voucher, lines, discount]
    ['20 off', rule({ value: 2_000 }), [flat(5_000)], 2_000],
    ['fixed never more than the eligible subtotal', rule({ value: 2_000 }), [flat(1_250)], 1_250],
    ['15% of 123.45 = 18.5175 → 18.52', rule({ kind: 'percent', value: 15 }), [flat(12_345)], 1_852],
    ['15% of 123.43 = 18.5145 → 18.51', rule({ kind: 'percent', value: 15 }), [flat(12_343)], 1_851],
    ['10% of 0.05 = 0.005 → 0.01 (half up)', rule({ kind: 'percent', value: 10 }), [flat(5)], 1],
    [
      'e-gift cards are not discounted',
      rule({ kind: 'percent', value: 10 }),
      [flat(10_000), flat(5_000, { voucherEligible: false })],
      1_000,
    ],
    ['SPEND150 at exactly 150.00', rule({ value: 1_500, minimumSubtotalCents: 15_000 }), [flat(15_000)], 1_500],
  ])('%s', (_name, voucher, lines, discount) => {
    const t = totals(lines as CartLineInput[], voucher as VoucherRule);
    expect(t.voucher).toMatchObject({ applied: true, discountCents: discount, message: null });
    expect(t.order.discountCents).toBe(discount);
    expect(t.adjustments).toContainEqual({
      adjustmentType: 'Order Discount',
      promotionName: 'TEST',
      amountCents: discount,
    });
  });

  it('lowers the total and recomputes GST on the discounted total', () => {
    const t = totals([flat(40_000)], rule({ value: 2_000 }));
    expect(t.order.totalCents).toBe(38_000); // free shipping: the threshold is on the subtotal before discount
    expect(t.order.taxCents).toBe(3_455); // 38 000 × 10 / 110 = 3454.5… → 3455
    expect(t.order.payableTodayCents).toBe(38_000);
    expect(t.order.savingsCents).toBe(2_000);
  });

  it('refuses SPEND150 at 149.99 with the minimum in the site currency, and takes nothing off', () => {
    const spend = rule({ value: 1_500, minimumSubtotalCents: 15_000 });
    const t = totals([flat(14_999)], spend);
    expect({ ...t.voucher, message: englishText(t.voucher?.message ?? '') }).toEqual({
      code: 'TEST',
      description: 'Test voucher',
      applied: false,
      discountCents: 0,
      message: 'This voucher needs an order of at least $150.00.',
    });
    expect(t.order.totalCents).toBe(14_999 + au.deliveryFeeCents);
    expect(t.adjustments).toEqual([]);
    expect(englishText(totals([flat(14_999)], spend, false, nz).voucher?.message ?? '')).toBe(
      'This voucher needs an order of at least $150.00.',
    );
  });

  it.each([
    ['one millisecond before expiry', new Date('2026-06-01T00:00:00.000Z'), true, null],
    ['at the expiry instant', new Date('2026-06-01T00:00:00.001Z'), false, 'Voucher expired'],
    ['after expiry', new Date('2027-01-01T00:00:00Z'), false, 'Voucher expired'],
  ])('expiry boundary: %s', (_name, now, applied, message) => {
    const voucher = rule({ expiresAt: new Date('2026-06-01T00:00:00.001Z') });
    expect(totals([flat(5_000)], voucher, false, au, now).voucher).toMatchObject({ applied, message });
  });

  it.each([
    ['once per customer, not used', rule({ oncePerCustomer: true }), false, true, null],
    ['once per customer, used', rule({ oncePerCustomer: true }), true, false, 'You have already used this voucher.'],
    ['unlimited, used', rule({ oncePerCustomer: false }), true, true, null],
    [
      'not started',
      rule({ startsAt: new Date('2026-07-01T00:00:00Z') }),
      false,
      false,
      'That voucher cannot be used yet.',
    ],
    ['inactive', rule({ active: false }), false, false, 'That voucher code is not valid.'],
    ['another site', rule({ siteId: 'law-nz' }), false, false, 'That voucher cannot be used on this site.'],
    ['another currency', rule({ currency: 'NZD' }), false, false, 'That voucher cannot be used on this site.'],
    ['this currency', rule({ currency: 'AUD' }), false, true, null],
    [
      'too few bottles',
      rule({ minimumBottles: 12 }),
      false,
      false,
      'This voucher needs an order of at least 12 bottles.',
    ],
  ])('%s', (_name, voucher, used, applied, message) => {
    const status = totals([flat(5_000)], voucher, used).voucher;
    expect({ applied: status?.applied, message: status?.message ? englishText(status.message) : null }).toEqual({
      applied,
      message,
    });
  });
});
