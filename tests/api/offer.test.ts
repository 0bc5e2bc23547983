import { describe, expect, it } from 'vitest';
import {
  type Envelope,
  createVisitor,
  fetchProduct,
  useTestApp,
  type ApiProduct,
  type UpsellOffers,
} from '../support/test-app';
import type { UpsellOffersResponse } from '../../services/offers/offers';

const t = useTestApp();

/** A visitor with offers: add() expects success and returns the cart. */
function visitor(site = 'law-au') {
  const v = createVisitor(() => t.app, site);
  return {
    ...v,
    add: async (code: string, qty: number, set = false) => {
      const res = await v.add(code, qty, set);
      expect(res.status).toBe(200);
      return res.body.response;
    },
    offers: async () => {
      const res = await v.call<UpsellOffersResponse>('GET', '/api/offer/cart');
      expect(res.status).toBe(200);
      expect(res.body.statusCode).toBe(0);
      return res.body.response.UpsellOffers as UpsellOffers;
    },
  };
}

const product = (code: string, site = 'law-au') => fetchProduct(t.app, code, site);

async function productOffers(code: string, site = 'law-au') {
  const res = await t.app.request(`/api/offer/product/${code}`, { headers: { host: `${site}.localhost` } });
  return { status: res.status, body: (await res.json()) as Envelope<UpsellOffersResponse> };
}

const cents = (n: number) => Math.round(n * 100);
/** SPEC §3 CASE_SAVINGS: twelve singles at the sale price less the 12-pack sale price, as an amount. */
const caseSavings = (p: ApiProduct) => (cents(p.skus[0]!.salePrice) * 12 - cents(p.twelve!.salePrice)) / 100;
const reasons = (o: UpsellOffers) => o.offerDetails.map((d) => d.reasonCode);
/** A prospect's offers end with Unlimited (tests/api/unlimited.test.ts has who gets it). */
const UL = { itemCode: 'UL0001', type: 'UNLIMITED', rule: 'FREESHIP' };

describe('GET /api/offer/cart', () => {
  it('answers empty lists for a visitor without a cart, and sets no cookie', async () => {
    const v = visitor();
    const res = await v.call<UpsellOffersResponse>('GET', '/api/offer/cart');
    expect(res.status).toBe(200);
    expect(res.setCookie).toBeNull();
    expect(res.body).toEqual({ statusCode: 0, response: { UpsellOffers: { offerDetails: [], offerItems: [] } } });
  });

  it('offers free shipping below 347 AUD with the delivery fee saved and the amount still to spend', async () => {
    const v = visitor();
    const d2 = await product('D0002');
    const cart = await v.add('D0002', 1);
    expect(cart.orderPriceInfo.subtotal).toBe(d2.skus[0]!.salePrice);
    expect(await v.offers()).toEqual({
      offerDetails: [
        {
          reasonCode: 'FREE_SHIPPING',
          remainingBottles: 0,
          bottleThreshold: 0,
          savings: 14.99,
          amountRemaining: (34_700 - cents(d2.skus[0]!.salePrice)) / 100,
        },
      ],
      offerItems: [UL],
    });
  });

  it('uses the NZ threshold (392) and delivery fee (16.99) on law-nz', async () => {
    const v = visitor('law-nz');
    const d2 = await product('D0002', 'law-nz');
    const cart = await v.add('D0002', 1);
    expect(cart.currencyCode).toBe('NZD');
    const freeShipping = (await v.offers()).offerDetails.find((d) => d.reasonCode === 'FREE_SHIPPING');
    expect(freeShipping).toEqual({
      reasonCode: 'FREE_SHIPPING',
      remainingBottles: 0,
      bottleThreshold: 0,
      savings: 16.99,
      amountRemaining: (39_200 - cents(d2.skus[0]!.salePrice)) / 100,
    });
  });

  it('offers no free shipping once the subtotal reaches the threshold', async () => {
    const v = visitor();
    const cart = await v.add('M0005', 1);
    expect(cart.orderPriceInfo.subtotal).toBeGreaterThanOrEqual(347);
    expect(reasons(await v.offers())).not.toContain('FREE_SHIPPING');
  });

  it('asks to fill the box to 15 from 12 to 14 bottles, and not at 11 or 15', async () => {
    const v = visitor();
    const fill = async () => (await v.offers()).offerDetails.find((d) => d.reasonCode === 'FILL_THE_BOX');
    // Whole-number pack splits keep CASE_SAVINGS (6–11 singles) out of the way: 13 and 14 bottles.
    await v.add('D0002', 11);
    expect(await fill()).toBeUndefined();
    await v.add('D0002', 12, true);
    expect(await fill()).toEqual({ reasonCode: 'FILL_THE_BOX', remainingBottles: 3, bottleThreshold: 15, savings: 0 });
    await v.add('D0002', 13, true);
    expect(await fill()).toEqual({ reasonCode: 'FILL_THE_BOX', remainingBottles: 2, bottleThreshold: 15, savings: 0 });
    // Bottles count across lines: a magnum counts 2.
    await v.add('D0002', 12, true);
    const cart = await v.add('G0001', 1);
    expect(cart.numBottles).toBe(14);
    expect(await fill()).toEqual({ reasonCode: 'FILL_THE_BOX', remainingBottles: 1, bottleThreshold: 15, savings: 0 });
    await v.add('D0002', 13, true);
    expect((await v.cart()).numBottles).toBe(15);
    expect(await fill()).toBeUndefined();
  });

  it('suggests the 12-pack for 6 to 11 single bottles of a wine, with the saving read from its prices', async () => {
    const v = visitor();
    const d1 = await product('D0001');
    expect(d1.twelve!.itemCode).toBe('D0001-12');
    await v.add('D0001', 5);
    expect(reasons(await v.offers())).not.toContain('CASE_SAVINGS');
    await v.add('D0001', 7, true);
    let offers = await v.offers();
    expect(offers.offerDetails.filter((d) => d.reasonCode === 'CASE_SAVINGS')).toEqual([
      { reasonCode: 'CASE_SAVINGS', remainingBottles: 5, bottleThreshold: 12, savings: caseSavings(d1) },
    ]);
    expect(caseSavings(d1)).toBeGreaterThan(0);
    expect(offers.offerItems).toEqual([{ itemCode: 'D0001-12', type: 'CASE', rule: 'CASE_12' }, UL]);
    await v.add('D0001', 11, true);
    offers = await v.offers();
    expect(offers.offerDetails.find((d) => d.reasonCode === 'CASE_SAVINGS')).toMatchObject({ remainingBottles: 1 });
    await v.add('D0001', 12, true);
    offers = await v.offers();
    expect(reasons(offers)).not.toContain('CASE_SAVINGS');
    expect(offers.offerItems).toEqual([UL]);
  });

  it('uses the NZ prices for the case saving on law-nz', async () => {
    const v = visitor('law-nz');
    const d1 = await product('D0001', 'law-nz');
    await v.add('D0001', 6);
    expect((await v.offers()).offerDetails.find((d) => d.reasonCode === 'CASE_SAVINGS')).toEqual({
      reasonCode: 'CASE_SAVINGS',
      remainingBottles: 6,
      bottleThreshold: 12,
      savings: caseSavings(d1),
    });
  });

  it('offers Subscribe and Save for D0003 ($30 off under 6 bottles; the item stays from 6)', async () => {
    const v = visitor();
    await v.add('D0003', 2);
    let offers = await v.offers();
    expect(offers.offerItems).toEqual([{ itemCode: 'D0003SS', type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' }, UL]);
    expect(offers.offerDetails.filter((d) => d.reasonCode === 'SUBSCRIBE_AND_SAVE')).toEqual([
      { reasonCode: 'SUBSCRIBE_AND_SAVE', remainingBottles: 4, bottleThreshold: 6, savings: 30 },
    ]);
    await v.add('D0003', 6, true);
    offers = await v.offers();
    expect(reasons(offers)).not.toContain('SUBSCRIBE_AND_SAVE');
    expect(offers.offerItems).toContainEqual({ itemCode: 'D0003SS', type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' });
  });

  it('offers no Subscribe and Save for wines without an SS mapping (D0001 has only a wine plan)', async () => {
    const v = visitor();
    await v.add('D0001', 2);
    const offers = await v.offers();
    expect(reasons(offers)).toEqual(['FREE_SHIPPING']);
    expect(offers.offerItems).toEqual([UL]);
  });

  it('treats an unknown cart cookie as an empty cart', async () => {
    const res = await t.app.request('/api/offer/cart', {
      headers: { host: 'law-au.localhost', cookie: 'cart_id=nosuchcartnosuchcart00' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      statusCode: 0,
      response: { UpsellOffers: { offerDetails: [], offerItems: [] } },
    });
  });
});

describe('GET /api/offer/product/{itemCode}', () => {
  it("includes D0003's Subscribe and Save item and its case saving", async () => {
    const d3 = await product('D0003');
    const res = await productOffers('D0003');
    expect(res.status).toBe(200);
    expect(res.body.statusCode).toBe(0);
    const offers = res.body.response.UpsellOffers;
    expect(offers.offerItems).toContainEqual({ itemCode: 'D0003SS', type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' });
    expect(offers.offerItems).toContainEqual({ itemCode: 'D0003-12', type: 'CASE', rule: 'CASE_12' });
    expect(offers.offerDetails).toEqual([
      { reasonCode: 'CASE_SAVINGS', remainingBottles: 12, bottleThreshold: 12, savings: caseSavings(d3) },
    ]);
  });

  it('offers a wine plan and the 12-pack for D0001, also when asked by a pack code or in lower case', async () => {
    const d1 = await product('D0001');
    const expected = {
      offerDetails: [
        { reasonCode: 'CASE_SAVINGS', remainingBottles: 12, bottleThreshold: 12, savings: caseSavings(d1) },
      ],
      offerItems: [
        { itemCode: 'D0001WP', type: 'WINEPLAN', rule: 'WINEPLAN_DISCOVERY_12' },
        { itemCode: 'D0001-12', type: 'CASE', rule: 'CASE_12' },
        UL,
      ],
    };
    for (const code of ['D0001', 'D0001-6', 'd0001']) {
      const res = await productOffers(code);
      expect(res.status).toBe(200);
      expect(res.body.response.UpsellOffers).toEqual(expected);
    }
  });

  it('uses the NZ prices on law-nz', async () => {
    const d1 = await product('D0001', 'law-nz');
    const res = await productOffers('D0001', 'law-nz');
    expect(res.body.response.UpsellOffers.offerDetails).toEqual([
      { reasonCode: 'CASE_SAVINGS', remainingBottles: 12, bottleThreshold: 12, savings: caseSavings(d1) },
    ]);
  });

  it('offers a mixed case its wine plan but no 12-pack saving', async () => {
    const res = await productOffers('M0001');
    expect(res.body.response.UpsellOffers).toEqual({
      offerDetails: [],
      offerItems: [{ itemCode: 'M0001WP', type: 'WINEPLAN', rule: 'WINEPLAN_QUARTERLY_CASE' }, UL],
    });
  });

  it('offers nothing for an out-of-stock product', async () => {
    expect((await product('X0001')).inventoryInfo.summaryAvailabilityStatus).toBe('out_of_stock');
    const res = await productOffers('X0001');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statusCode: 0, response: { UpsellOffers: { offerDetails: [], offerItems: [] } } });
  });

  it('refuses a malformed item code with 400', async () => {
    for (const code of ['D0001_X', '-D0001', 'A'.repeat(30)]) {
      const res = await productOffers(code);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, statusMessage: 'Please enter a valid item code.' });
    }
  });

  it('answers 404 with a readable message for an unknown item', async () => {
    const res = await productOffers('ZZ9999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, statusMessage: 'We could not find a product with item code ZZ9999.' });
  });
});
