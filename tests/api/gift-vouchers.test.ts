import { describe, expect, it } from 'vitest';
import { type CartLine, createVisitor, useTestApp } from '../support/test-app';

// PUT /api/cart/eItemCode (SPEC §3 gift voucher payload, §5 amounts): preset cards carry their face value,
// the custom card (02698VC) takes the site's range, and every valid add is a cart line with its amount.

const t = useTestApp();
const visitor = (site = 'law-au') => createVisitor(() => t.app, site);

const payload = (itemCode: string, amount: number) => ({
  salesCode: '',
  quantity: 1,
  recipientName: 'Ann Lee',
  recipientEmail: 'ann@example.com',
  verifyEmail: 'ann@example.com',
  message: 'Enjoy your wine!',
  amount,
  itemCode,
});

const addCard = (v: ReturnType<typeof visitor>, itemCode: string, amount: number) =>
  v.call('PUT', '/api/cart/eItemCode', payload(itemCode, amount));

describe('preset e-gift cards', () => {
  it('refuses a preset card with another amount than its value, changing nothing', async () => {
    const v = visitor();
    expect((await addCard(v, '00042VC', 100)).status).toBe(200);
    const before = await v.cart();
    for (const [code, amount, value] of [
      ['00041VC', 25, 50],
      ['00041VC', 500, 50],
      ['00042VC', 50, 100],
      ['00043VC', 100, 150],
    ] as const) {
      const res = await addCard(v, code, amount);
      expect(res.status).toBe(400);
      expect(res.body.statusCode).not.toBe(0);
      expect(res.body.statusMessage).toBe(
        `The e-gift card ${code} is worth ${value}; send amount ${value} or choose the custom amount card.`,
      );
    }
    expect(await v.cart()).toEqual(before);
  });

  it('refuses the mismatch in the new-cart form too', async () => {
    const v = visitor();
    const res = await v.call('PUT', '/api/cart/eItemCode', {
      itemCode: '00043VC',
      itemType: 'giftVoucher',
      giftVoucherDetails: {
        recipientName: 'Bo',
        recipientEmail: 'bo@example.com',
        value: { amount: 30, currencyCode: 'AUD' },
        message: 'Cheers',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toMatch(/worth 150/);
    expect((await v.cart()).numLineItems).toBe(0);
  });

  it('adds each preset card at its value as a cart line', async () => {
    const v = visitor();
    for (const [code, amount] of [
      ['00041VC', 50],
      ['00042VC', 100],
      ['00043VC', 150],
    ] as const)
      expect((await addCard(v, code, amount)).status).toBe(200);
    const cart = await v.cart();
    expect(
      cart.lineItems.map((l: CartLine) => [l.lineItemIdentification.itemCode, l.quantity, l.itemPriceInfo.amount]),
    ).toEqual([
      ['00041VC', 1, 50],
      ['00042VC', 1, 100],
      ['00043VC', 1, 150],
    ]);
    expect(cart.orderPriceInfo.subtotal).toBe(300);
    expect(cart.lineItems[0]?.giftVoucherDetails).toEqual({
      recipientName: 'Ann Lee',
      recipientEmail: 'ann@example.com',
      message: 'Enjoy your wine!',
      value: { amount: 50, currencyCode: 'AUD' },
    });
  });
});

describe('the custom amount card (02698VC)', () => {
  it('takes 25 to 500 on law-au', async () => {
    const v = visitor('law-au');
    for (const [amount, message] of [
      [24, 'The amount must be at least 25.'],
      [1, 'The amount must be at least 25.'],
      [501, 'The amount must be at most 500.'],
    ] as const) {
      const res = await addCard(v, '02698VC', amount);
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.statusMessage).toBe(message);
    }
    expect((await v.cart()).numLineItems).toBe(0);
    expect((await addCard(v, '02698VC', 25)).status).toBe(200);
    expect((await addCard(v, '02698VC', 500)).status).toBe(200);
    const cart = await v.cart();
    expect(cart.lineItems.map((l: CartLine) => l.itemPriceInfo.amount)).toEqual([25, 500]);
    expect(cart.lineItems.every((l: CartLine) => l.lineItemIdentification.itemCode === '02698VC')).toBe(true);
  });

  // README.md: the AUD range at about the catalogue's exchange rates, rounded (CONTRACT.md: HK$ and NT$ sites).
  it.each([
    ['law-hk', 100, 2_500, '金額最少為 100。', '金額最多為 2500。', 'HKD'],
    ['hlw-hk', 100, 2_500, '金額最少為 100。', '金額最多為 2500。', 'HKD'],
    ['law-tw', 500, 10_000, '金額至少須為 500。', '金額最多為 10000。', 'TWD'],
  ] as const)('on %s takes %i to %i, in its currency', async (site, min, max, tooLow, tooHigh, currency) => {
    const v = visitor(site);
    expect((await addCard(v, '02698VC', 25)).body.statusMessage).toBe(tooLow);
    expect((await addCard(v, '02698VC', min - 1)).body.statusMessage).toBe(tooLow);
    expect((await addCard(v, '02698VC', max + 1)).body.statusMessage).toBe(tooHigh);
    expect((await v.cart()).numLineItems).toBe(0);
    expect((await addCard(v, '02698VC', min)).status).toBe(200);
    const top = await addCard(v, '02698VC', max);
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    const cart = await v.cart();
    expect(cart.lineItems.map((l: CartLine) => l.itemPriceInfo.amount)).toEqual([min, max]);
    expect(cart.lineItems[1]?.giftVoucherDetails?.value).toEqual({ amount: max, currencyCode: currency });
  });

  it('takes 1 to 500 on wsj-us, in dollars', async () => {
    const v = visitor('wsj-us');
    expect((await addCard(v, '02698VC', 0)).body.statusMessage).toBe('The amount must be at least 1.');
    expect((await addCard(v, '02698VC', 501)).body.statusMessage).toBe('The amount must be at most 500.');
    expect((await v.cart()).numLineItems).toBe(0);
    expect((await addCard(v, '02698VC', 1)).status).toBe(200);
    expect((await addCard(v, '00041VC', 50)).status).toBe(200);
    const cart = await v.cart();
    expect(cart.lineItems.map((l: CartLine) => [l.lineItemIdentification.itemCode, l.itemPriceInfo.amount])).toEqual([
      ['02698VC', 1],
      ['00041VC', 50],
    ]);
    expect(cart.lineItems[0]?.giftVoucherDetails?.value).toEqual({ amount: 1, currencyCode: 'USD' });
  });
});
