import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';
import { products, vouchers } from '../../db/schema';
import { testAddressFor } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// Texts with a runtime part (an amount, a count, a code, a limit) reach the shopper in the site's language
// (CONTRACT.md "Languages"): the server fills in the catalogue's template for the site. The English sites keep
// the exact English of the other API tests.

const t = useTestApp();
const visitor = (site: string) => createVisitor(() => t.app, site);

// Minimums no demo cart reaches on any site's prices (SPEND150 is below a bottle's price in HKD and TWD).
beforeAll(async () => {
  await t.testDb.database.db.insert(vouchers).values([
    {
      code: 'BIGSPEND',
      description: '10 off a big order',
      discountType: 'amount',
      discountValue: 1000,
      minimumSubtotalCents: 10_000_000,
    },
    { code: 'DOZEN', description: '10 off a dozen', discountType: 'amount', discountValue: 1000, minimumBottles: 12 },
  ]);
});

const order = (site: string, overrides: Record<string, unknown> = {}) => ({
  email: 'guest@example.com',
  delivery: testAddressFor(site),
  billingSameAsDelivery: true,
  card: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  idempotencyKey: randomUUID(),
  ...overrides,
});

const SITES = [
  {
    site: 'law-au',
    locale: 'en-AU',
    minimum: 'This voucher needs an order of at least $100,000.00.',
    dozen: 'This voucher needs an order of at least 12 bottles.',
    fewLeft: /^Sorry, only 4 bottles of .+ are left\. Please lower the quantity in your cart\.$/,
    tooLong: 'Please keep this under 100 characters.',
    unknownItem: 'We could not find a product with item code NOPE1.',
    quantity: 'Please enter a quantity from 1 to 99.',
  },
  {
    site: 'law-hk',
    locale: 'zh-HK',
    minimum: '此優惠券只適用於 HK$100,000.00 或以上的訂單。',
    dozen: '此優惠券只適用於最少 12 瓶的訂單。',
    fewLeft: /^抱歉，.+ 只剩下 4 瓶。請減少購物車中的數量。$/,
    tooLong: '此欄最多 100 個字元。',
    unknownItem: '我們找不到貨品編號為 NOPE1 的產品。',
    quantity: '請輸入 1 至 99 之間的數量。',
  },
  {
    site: 'law-tw',
    locale: 'zh-TW',
    minimum: '此優惠券僅適用於 NT$100,000 以上的訂單。',
    dozen: '此優惠券僅適用於至少 12 瓶的訂單。',
    fewLeft: /^抱歉，.+ 僅剩 4 瓶。請降低購物車中的數量。$/,
    tooLong: '此欄位最多 100 個字元。',
    unknownItem: '我們找不到商品編號為 NOPE1 的商品。',
    quantity: '請輸入 1 到 99 之間的數量。',
  },
] as const;

describe.each(SITES)('server texts with runtime parts on $site', (s) => {
  it('says the voucher minimum with the amount or the bottles, refused and then on the cart', async () => {
    const v = visitor(s.site);
    await v.add('D0001', 1);
    const refused = await v.call('PUT', '/api/cart/voucher/BIGSPEND');
    expect(refused.status).toBe(400);
    expect(refused.body.statusMessage).toBe(s.minimum);
    expect((await v.call('PUT', '/api/cart/voucher/DOZEN')).body.statusMessage).toBe(s.dozen);

    // Applied to a dozen, then the cart drops below it: the cart says why the voucher no longer applies.
    await v.add('D0001', 12, true);
    expect((await v.call('PUT', '/api/cart/voucher/DOZEN')).status).toBe(200);
    const smaller = await v.add('D0001', 1, true);
    expect(smaller.body.response.validationInformationDetails).toEqual({
      validationDetailsList: [{ type: 'VOUCHER', message: s.dozen }],
    });
  });

  it('says how many bottles are left', async () => {
    await t.testDb.database.db
      .update(products)
      .set({ stockBottles: 4, availability: 'in_stock' })
      .where(eq(products.itemCode, 'D0002'));
    const v = visitor(s.site);
    await v.add('D0002', 6);
    const res = await v.call('POST', '/api/checkout/order', order(s.site));
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toMatch(s.fewLeft);
  });

  it('says the length limit of a checkout field and an unknown item code; the quantity range is in the catalogue', async () => {
    const v = visitor(s.site);
    await v.add('D0001', 1);
    const long = await v.call(
      'POST',
      '/api/checkout/order',
      order(s.site, { delivery: { ...testAddressFor(s.site), city: 'x'.repeat(101) } }),
    );
    expect(long.status).toBe(400);
    expect(long.body.statusMessage).toBe(s.tooLong);
    expect((await v.add('NOPE1', 1)).body.statusMessage).toBe(s.unknownItem);
    // A text without a runtime part is sent as its English key; the page shows the catalogue's text for it.
    const quantity = (await v.add('D0001', 100)).body.statusMessage ?? '';
    expect(quantity).toBe('Please enter a quantity from 1 to 99.');
    expect((await i18nFor(s.locale))._(quantity)).toBe(s.quantity);
  });
});
