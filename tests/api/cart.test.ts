import { describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { testConfig } from '../../server/config';
import {
  type Envelope,
  createVisitor,
  fetchProduct,
  useTestApp,
  type CartLine,
  type PricingPart,
} from '../support/test-app';

import type { CartJson } from '../../services/cart/cart-json';

const t = useTestApp();

/** GET /api/cart/pointsEarnedSummary. */
type PointsSummary = { orderId: string; basePoints: number; bonusPoints: number; totalPoints: number };

const visitor = (site = 'law-au', target: () => App = () => t.app) => createVisitor(target, site);
const product = (code: string, site = 'law-au') => fetchProduct(t.app, code, site);

const cents = (n: number) => Math.round(n * 100);

describe('reading an empty cart', () => {
  it('answers the Cart shape with no lines and no cookie', async () => {
    const v = visitor();
    const res = await v.call('GET', '/api/cart/list');
    expect(res.status).toBe(200);
    expect(res.setCookie).toBeNull();
    expect(res.body.response).toMatchObject({
      lineItems: [],
      numLineItems: 0,
      numItems: 0,
      numBottles: 0,
      orderPriceInfo: {
        rawSubtotal: 0,
        savings: 0,
        memberSavings: 0,
        shipping: 0,
        tax: 0,
        total: 0,
        payableTodayTotal: 0,
      },
      shippingDetails: { shippingAddress: { address: { postalCode: null } } },
    });
  });
});

describe('adding and pricing', () => {
  it('adds an item, sets an HttpOnly SameSite cart cookie and returns the cart', async () => {
    const v = visitor();
    const d1 = await product('D0001');
    const res = await v.add('D0001', 1);
    expect(res.status).toBe(200);
    expect(res.setCookie).toMatch(/cart_id=[\w-]{20,}/);
    expect(res.setCookie).toMatch(/HttpOnly/i);
    expect(res.setCookie).toMatch(/SameSite=Lax/i);
    const cart = res.body.response;
    expect(cart.numLineItems).toBe(1);
    const line = cart.lineItems[0];
    expect(line).toMatchObject({
      quantity: 1,
      bottleCount: 1,
      lineItemIdentification: { itemCode: 'D0001', itemTypeTag: 'single', upsellTypeTag: null },
      product: {
        itemCode: 'D0001',
        name: d1.name,
        vintage: d1.vintage,
        mixed: false,
        productType: 'wine',
        url: d1.url,
      },
      sku: {
        itemCode: 'D0001',
        numberOfBottles: 1,
        preSellItem: false,
        vppApplier: true,
        salePrice: d1.skus[0]!.salePrice,
      },
      itemPriceInfo: { amount: d1.skus[0]!.salePrice },
      validationInformationDetails: { validationDetailsList: [] },
    });
    expect(line!.product.thumbnailImage).toMatch(/D0001-thumbnail\.svg$/);
    expect(cart.orderPriceInfo.rawSubtotal).toBe(d1.skus[0]!.listPrice);
    // The cart is found again by its cookie.
    expect((await v.cart()).numItems).toBe(1);
  });

  it('splits a line greedily into 12, 6, 3, 2 and singles with each pack price', async () => {
    const v = visitor();
    const d2 = await product('D0002');
    const res = await v.add('D0002', 17);
    const line = res.body.response.lineItems[0];
    expect(line!.itemPriceInfo.pricingBreakdown.map((b: PricingPart) => [b.itemCode, b.quantity, b.unitPrice])).toEqual(
      [
        ['D0002-12', 1, d2.twelve!.salePrice],
        ['D0002-3', 1, d2.three!.salePrice],
        ['D0002-2', 1, d2.two!.salePrice],
      ],
    );
    expect(cents(line!.itemPriceInfo.amount)).toBe(
      cents(d2.twelve!.salePrice) + cents(d2.three!.salePrice) + cents(d2.two!.salePrice),
    );
    expect(res.body.response.numBottles).toBe(17);
  });

  it('prices singles at the volume price once the cart holds more than 11 bottles (vppApplier true only)', async () => {
    const v = visitor();
    const d1 = await product('D0001');
    await v.add('D0001', 1);
    let line = (await v.cart()).lineItems[0];
    expect(line!.itemPriceInfo.amount).toBe(d1.skus[0]!.salePrice);
    const res = await v.add('D0002', 11);
    expect(res.body.response.numBottles).toBe(12);
    line = res.body.response.lineItems.find((l: CartLine) => l.sku.itemCode === 'D0001');
    expect(line!.itemPriceInfo.amount).toBe(d1.skus[0]!.vppPrice);
    expect(line!.itemPriceInfo.pricingBreakdown[0]!.priceType).toBe('vpp');
    // D0002 has no volume price: its single stays at the sale price.
    const d2line = res.body.response.lineItems.find((l: CartLine) => l.sku.itemCode === 'D0002');
    expect(d2line!.itemPriceInfo.pricingBreakdown.every((b: PricingPart) => b.priceType === 'sale')).toBe(true);
  });

  it('sets a quantity with method=set', async () => {
    const v = visitor();
    await v.add('D0001', 4);
    const res = await v.add('D0001', 2, true);
    expect(res.body.response.lineItems[0]!.quantity).toBe(2);
    expect((await v.add('D0001', 3)).body.response.lineItems[0]!.quantity).toBe(5);
  });

  it('counts a magnum as 2 bottles and a mixed case as 12', async () => {
    const v = visitor();
    await v.add('G0001', 3);
    const res = await v.add('M0001', 1);
    expect(res.body.response.numBottles).toBe(18);
    expect(res.body.response.numItems).toBe(4);
    const m = res.body.response.lineItems.find((l: CartLine) => l.sku.itemCode === 'M0001');
    expect(m!.lineItemIdentification.itemTypeTag).toBe('case');
    expect(m!.bottleCount).toBe(12);
  });

  it('ships free from 347 AUD and charges the delivery fee below; GST is 1/11 of the total', async () => {
    const v = visitor();
    let cart = (await v.add('D0002', 1)).body.response;
    expect(cart.orderPriceInfo.shipping).toBe(14.99);
    expect(cents(cart.orderPriceInfo.total)).toBe(cents(cart.orderPriceInfo.subtotal) + 1_499);
    expect(cents(cart.orderPriceInfo.tax)).toBe(Math.round(cents(cart.orderPriceInfo.total) / 11));
    cart = (await v.add('M0005', 1)).body.response;
    expect(cart.orderPriceInfo.subtotal).toBeGreaterThanOrEqual(347);
    expect(cart.orderPriceInfo.shipping).toBe(0);
    expect(cart.orderPriceInfo.freeShipping).toBe(true);
  });

  it('uses the NZ threshold, fee and currency on an NZ site', async () => {
    const v = visitor('law-nz');
    const cart = (await v.add('D0002', 1)).body.response;
    expect(cart.currencyCode).toBe('NZD');
    expect(cart.orderPriceInfo.shipping).toBe(16.99);
    expect(cart.orderPriceInfo.freeShippingThreshold).toBe(392);
  });

  it('keeps pre-sell lines out of what is payable today', async () => {
    const v = visitor();
    await v.add('D0002', 1);
    const cart = (await v.add('P0001', 1)).body.response;
    const presell = cart.lineItems.find((l: CartLine) => l.sku.itemCode === 'P0001');
    expect(presell!.sku.preSellItem).toBe(true);
    expect(cents(cart.orderPriceInfo.payableTodayTotal)).toBe(
      cents(cart.orderPriceInfo.total) - cents(presell!.itemPriceInfo.amount),
    );
  });

  it('adds several items at once with POST /api/cart/itemcode/ and POST /api/cart', async () => {
    const v = visitor();
    let res = await v.call<CartJson>('POST', '/api/cart/itemcode/', {
      cartItems: [
        { itemCode: 'D0001', quantity: 2 },
        { itemCode: 'd0002', quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.response.numItems).toBe(3);
    res = await v.call<CartJson>('POST', '/api/cart', {
      cartItems: [
        { itemCode: 'D0003', quantity: 6 },
        { itemCode: 'D0003SS', quantity: 1, upsellOfferDetails: { type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' } },
      ],
    });
    expect(res.status).toBe(200);
    const ss = res.body.response.lineItems.find((l: CartLine) => l.sku.itemCode === 'D0003SS');
    expect(ss!.lineItemIdentification.upsellTypeTag).toBe('SS');
  });
});

describe('removing', () => {
  it('removes by item code and by commerce item identifier', async () => {
    const v = visitor();
    await v.add('D0001', 1);
    const cart = (await v.add('D0002', 1)).body.response;
    const id = cart.lineItems.find((l: CartLine) => l.sku.itemCode === 'D0002')!.id;
    let res = await v.call<CartJson>('DELETE', '/api/cart/itemcode/D0001');
    expect(res.status).toBe(200);
    expect(res.body.response.lineItems.map((l: CartLine) => l.sku.itemCode)).toEqual(['D0002']);
    res = await v.call<CartJson>('DELETE', `/api/cart/commerceitemidentifier/${id}`);
    expect(res.body.response.numLineItems).toBe(0);
    res = await v.call('DELETE', '/api/cart/itemcode/D0001');
    expect(res.status).toBe(404);
    expect(res.body.statusMessage).toBe('That item is not in your cart.');
  });
});

describe('bad input changes nothing', () => {
  it.each([
    [
      'an unknown item',
      'PUT',
      '/api/cart/itemcode/NOPE1/1',
      undefined,
      404,
      'We could not find a product with item code NOPE1.',
    ],
    ['quantity 0', 'PUT', '/api/cart/itemcode/D0001/0', undefined, 400, 'Please enter a quantity from 1 to 99.'],
    ['quantity 100', 'PUT', '/api/cart/itemcode/D0001/100', undefined, 400, 'Please enter a quantity from 1 to 99.'],
    [
      'a quantity that is not a number',
      'PUT',
      '/api/cart/itemcode/D0001/two',
      undefined,
      400,
      'Please enter a quantity from 1 to 99.',
    ],
    [
      'a negative quantity',
      'PUT',
      '/api/cart/itemcode/D0001/-1',
      undefined,
      400,
      'Please enter a quantity from 1 to 99.',
    ],
    ['an out-of-stock item', 'PUT', '/api/cart/itemcode/X0001/1', undefined, 400, 'The product is out of stock'],
    ['an e-gift card code', 'PUT', '/api/cart/itemcode/02698VC/1', undefined, 400, 'eGift card cannot be added!'],
    ['malformed JSON', 'POST', '/api/cart/itemcode/', '{"cartItems": [', 400, 'The request body must be JSON.'],
    [
      'wrong types',
      'POST',
      '/api/cart',
      JSON.stringify({ cartItems: [{ itemCode: 'D0001', quantity: '2' }] }),
      400,
      'Please enter a quantity from 1 to 99.',
    ],
    [
      'a missing list',
      'POST',
      '/api/cart',
      JSON.stringify({ items: [] }),
      400,
      'Send cartItems as a list of items, each with an itemCode and a quantity.',
    ],
    [
      'a batch with one bad item',
      'POST',
      '/api/cart',
      JSON.stringify({
        cartItems: [
          { itemCode: 'D0002', quantity: 1 },
          { itemCode: 'X0001', quantity: 1 },
        ],
      }),
      400,
      'The product is out of stock',
    ],
    [
      'going over 99',
      'PUT',
      '/api/cart/itemcode/D0001/98',
      undefined,
      400,
      'You can have at most 99 of an item in your cart.',
    ],
    [
      'a batch whose second item goes over 99 (the first is not added either)',
      'POST',
      '/api/cart',
      JSON.stringify({
        cartItems: [
          { itemCode: 'D0002', quantity: 1 },
          { itemCode: 'D0001', quantity: 98 },
        ],
      }),
      400,
      'You can have at most 99 of an item in your cart.',
    ],
  ])('%s', async (_label, method, path, raw, status, message) => {
    const v = visitor();
    await v.add('D0001', 2);
    const before = await v.cart();
    const res = await v.call(method, path, undefined, raw);
    expect(res.status).toBe(status);
    expect(res.body.statusCode).not.toBe(0);
    expect(res.body.statusMessage).toBe(message);
    expect(await v.cart()).toEqual(before);
  });

  it('refuses to change the quantity of a locked item (Z020)', async () => {
    const v = visitor();
    await v.add('Z020', 1);
    const res = await v.add('Z020', 3, true);
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe('The quantity of this item cannot be changed.');
    expect((await v.cart()).lineItems[0]!.quantity).toBe(1);
    expect((await v.cart()).lineItems[0]!.product.quantityLocked).toBe(true);
  });
});

describe('Unlimited membership lines', () => {
  it('hold one membership whose quantity cannot change, and have no product link', async () => {
    const v = visitor();
    let res = await v.add('UL0001', 1);
    expect(res.status).toBe(200);
    res = await v.add('UL0001', 1);
    const line = res.body.response.lineItems[0];
    expect(line!.quantity).toBe(1);
    expect(line).toMatchObject({
      lineItemIdentification: { itemTypeTag: 'unlimited' },
      product: { url: null, quantityLocked: true },
    });
    expect((await v.add('UL0001', 2, true)).body.statusMessage).toBe('The quantity of this item cannot be changed.');
    expect((await v.add('UL0001', 3)).status).toBe(400);
    expect((await v.cart()).lineItems[0]!.quantity).toBe(1);
  });
});

describe('validation (?validate=true)', () => {
  it('flags out-of-stock lines and upsell rules, and disables checkout', async () => {
    const v = visitor();
    await v.call('POST', '/api/cart', {
      cartItems: [
        { itemCode: 'D0003SS', quantity: 1, upsellOfferDetails: { type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' } },
      ],
    });
    let cart = await v.cart(true);
    expect(cart.lineItems[0]!.validationInformationDetails.validationDetailsList).toEqual([
      { type: 'UPSELL', message: 'Eligible product removed from the cart' },
    ]);
    expect(cart.checkoutEnabled).toBe(false);
    await v.add('D0003', 2);
    cart = await v.cart(true);
    expect(cart.lineItems[0]!.validationInformationDetails.validationDetailsList).toEqual([
      { type: 'UPSELL', message: 'cart is missing items to qualify for the upsell offer' },
    ]);
    await v.add('D0003', 4);
    cart = await v.cart(true);
    expect(cart.lineItems.flatMap((l: CartLine) => l.validationInformationDetails.validationDetailsList)).toEqual([]);
    expect(cart.checkoutEnabled).toBe(true);
    // Without validate=true no messages are worked out.
    await v.call('DELETE', '/api/cart/itemcode/D0003');
    expect((await v.cart()).checkoutEnabled).toBe(true);
    expect((await v.cart(true)).checkoutEnabled).toBe(false);
  });
});

describe('PUT /api/cart/eItemCode', () => {
  const classic = {
    salesCode: 'EGIFT',
    quantity: 1,
    recipientName: 'Ann Lee',
    recipientEmail: 'ann@example.com',
    verifyEmail: 'ann@example.com',
    message: 'Enjoy your wine!',
    amount: 75,
    itemCode: '02698VC',
  };

  it('leaves e-gift cards out of what is left to spend for free delivery', async () => {
    const v = visitor();
    let res = await v.call<CartJson>('PUT', '/api/cart/eItemCode', { ...classic, amount: 400 });
    expect(res.body.response.orderPriceInfo).toMatchObject({ shipping: 0, amountToFreeShipping: 0 });
    res = await v.add('D0001', 1);
    const info = res.body.response.orderPriceInfo;
    const wine = res.body.response.lineItems.find((l) => l.lineItemIdentification.itemCode === 'D0001');
    // The card's $400 is over the $347 threshold, yet the wine alone is delivered: delivery is charged.
    expect(info.shipping).toBeGreaterThan(0);
    expect(info.amountToFreeShipping).toBeCloseTo(347 - (wine?.itemPriceInfo.amount ?? 0), 2);
  });

  it('adds a classic gift voucher payload with its own amount, and one in the new-cart form', async () => {
    const v = visitor();
    let res = await v.call<CartJson>('PUT', '/api/cart/eItemCode', classic);
    expect(res.status).toBe(200);
    let line = res.body.response.lineItems[0]!;
    expect(line).toMatchObject({
      quantity: 1,
      lineItemIdentification: { itemTypeTag: 'giftVoucher' },
      product: { url: null, quantityLocked: true },
      itemPriceInfo: { amount: 75 },
    });
    res = await v.call('PUT', '/api/cart/eItemCode', {
      itemCode: '00041VC',
      itemType: 'giftVoucher',
      giftVoucherDetails: {
        recipientName: 'Bo',
        recipientEmail: 'bo@example.com',
        value: { amount: 50, currencyCode: 'AUD' },
        message: 'Cheers',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.response.numLineItems).toBe(2);
    line = res.body.response.lineItems[1]!;
    expect(line.giftVoucherDetails).toEqual({
      recipientName: 'Bo',
      recipientEmail: 'bo@example.com',
      message: 'Cheers',
      value: { amount: 50, currencyCode: 'AUD' },
    });
  });

  it('checks the amount (25–500 in AU, from 1 in the US), the emails and the message', async () => {
    const v = visitor();
    expect((await v.call('PUT', '/api/cart/eItemCode', { ...classic, amount: 20 })).body.statusMessage).toBe(
      'The amount must be at least 25.',
    );
    expect((await v.call('PUT', '/api/cart/eItemCode', { ...classic, amount: 501 })).body.statusMessage).toBe(
      'The amount must be at most 500.',
    );
    expect(
      (await v.call('PUT', '/api/cart/eItemCode', { ...classic, verifyEmail: 'x@example.com' })).body.statusMessage,
    ).toBe('The email addresses do not match.');
    expect((await v.call('PUT', '/api/cart/eItemCode', { ...classic, message: 'x'.repeat(201) })).status).toBe(400);
    expect((await v.call('PUT', '/api/cart/eItemCode', { ...classic, itemCode: 'D0001' })).status).toBe(404);
    expect((await v.cart()).numLineItems).toBe(0);
    const us = visitor('wsj-us');
    expect((await us.call('PUT', '/api/cart/eItemCode', { ...classic, amount: 1 })).status).toBe(200);
  });
});

describe('points earned summary', () => {
  it('counts a point per dollar plus bonus points for the cart', async () => {
    const v = visitor('vir-au');
    await v.add('D0003-6', 1);
    const res = await v.call<PointsSummary>('GET', '/api/cart/pointsEarnedSummary');
    const cart = await v.cart();
    expect(res.body.response).toEqual({
      orderId: cart.id,
      basePoints: Math.floor(cart.orderPriceInfo.subtotal),
      // D0003's six-pack carries 100 bonus points in the demo catalogue.
      bonusPoints: 100,
      totalPoints: Math.floor(cart.orderPriceInfo.subtotal) + 100,
    });
  });

  it('reads an order of the customer, by id or number, with its sku bonus points', async () => {
    const v = visitor('vir-au');
    expect((await v.login('shopper@example.com')).status).toBe(200);
    const orders = await v.call<{ orders: { orderNumber: string; id: number; subtotalCents: number }[] }>(
      'GET',
      '/api/user/purchases/list',
    );
    const order = orders.body.response.orders.find((o) => o.orderNumber === 'VIR-200114');
    expect(order).toBeDefined();
    const basePoints = Math.floor((order?.subtotalCents ?? 0) / 100);
    const expected = { basePoints, bonusPoints: 100, totalPoints: basePoints + 100 };
    for (const ref of [String(order?.id), 'VIR-200114']) {
      const res = await v.call<PointsSummary>('GET', `/api/cart/pointsEarnedSummary?orderId=${ref}`);
      expect(res.body.response, ref).toEqual({ orderId: ref, ...expected });
    }
    // Not the cart: an empty cart earns nothing, the order still earns its points.
    expect((await v.cart()).numLineItems).toBe(0);
  });

  it("does not read someone else's order or answer anonymous visitors", async () => {
    const owner = visitor('vir-au');
    await owner.login('shopper@example.com');
    const orders = await owner.call<{ orders: { id: number }[] }>('GET', '/api/user/purchases/list');
    const id = orders.body.response.orders[0]?.id;
    expect(id).toBeGreaterThan(0);
    const other = visitor('vir-au');
    await other.login('planner@example.com');
    const res = await other.call('GET', `/api/cart/pointsEarnedSummary?orderId=${id}`);
    expect(res.status).toBe(404);
    expect(res.body.statusMessage).toBe('We could not find that order.');
    const anonymous = await visitor('vir-au').call('GET', `/api/cart/pointsEarnedSummary?orderId=${id}`);
    expect(anonymous.status).toBe(401);
    expect((await other.call('GET', '/api/cart/pointsEarnedSummary?orderId=nonsense')).status).toBe(404);
  });
});

describe('concurrency and persistence', () => {
  it('loses nothing when 50 adds hit one cart at once', async () => {
    const v = visitor();
    await v.add('D0002', 1);
    const before = await v.cart();
    await Promise.all(Array.from({ length: 50 }, (_, i) => v.add(i % 2 === 0 ? 'D0001' : 'D0002', 1)));
    const cart = await v.cart();
    const qty = Object.fromEntries(cart.lineItems.map((l: CartLine) => [l.sku.itemCode, l.quantity]));
    expect(qty).toEqual({ D0002: 26, D0001: 25 });
    expect(cart.numBottles).toBe(51);
    expect(before.numItems).toBe(1);
    // Totals are the sum of the lines, to the cent.
    const sum = cart.lineItems.reduce((s: number, l: CartLine) => s + cents(l.itemPriceInfo.amount), 0);
    expect(cents(cart.orderPriceInfo.subtotal)).toBe(sum);
  });

  it('keeps the cart across a server restart (a new app on the same database)', async () => {
    const v = visitor();
    await v.add('D0001', 3);
    const restarted = createApp({ database: t.testDb.database, config: testConfig() });
    const again = visitor('law-au', () => restarted);
    // Same cookie, new app instance.
    const res = await restarted.request('/api/cart/list', { headers: { host: 'law-au.localhost', cookie: v.cookie } });
    const body = (await res.json()) as Envelope<CartJson>;
    expect(body.response.lineItems[0]!.quantity).toBe(3);
    expect((await again.cart()).numItems).toBe(0);
  });
});
