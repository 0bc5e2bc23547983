import { describe, expect, it } from 'vitest';
import type { CartJson } from '../../services/cart/cart-json';
import type { UpsellOffersResponse } from '../../services/offers/offers';
import { createVisitor, fetchProduct, useTestApp } from '../support/test-app';

// Subscribe and Save through the API (SPEC §3 upsellOfferDetails, §5 SV lines locked, §8 upsell validation;
// CONTRACT.md D0003SS): one rule format (SUBSCRIBE_AND_SAVE_6) read by the offers and by the cart's check.

const t = useTestApp();
const visitor = (site = 'law-au') => createVisitor(() => t.app, site);
const offer = { type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' };
const lineOf = (cart: CartJson, code: string) => cart.lineItems.find((l) => l.sku.itemCode === code);
const messages = (cart: CartJson) =>
  cart.lineItems.flatMap((l) => l.validationInformationDetails.validationDetailsList.map((v) => v.message));

describe('the bump item D0003SS', () => {
  it('is a real sku: priced $30 under six singles of D0003, addable by code, a locked linkless SS line', async () => {
    const d3 = await fetchProduct(t.app, 'D0003');
    const bump = await fetchProduct(t.app, 'D0003SS');
    const sale = bump.skus.find((s) => s.itemCode === 'D0003SS')?.salePrice ?? 0;
    expect(Math.round(sale * 100)).toBe(Math.round((d3.skus[0]?.salePrice ?? 0) * 600) - 3_000);
    const v = visitor();
    const res = await v.call<CartJson>('PUT', '/api/cart/itemcode/D0003SS/1');
    expect(res.status).toBe(200);
    const line = lineOf(res.body.response, 'D0003SS');
    // Added without an offer, it gets its mapping's, so the cart can check it.
    expect(line).toMatchObject({
      quantity: 1,
      bottleCount: 6,
      lineItemIdentification: { upsellTypeTag: 'SS' },
      product: { url: null, quantityLocked: true },
    });
    const set = await v.call('PUT', '/api/cart/itemcode/D0003SS/2?method=set');
    expect(set.status).toBe(400);
    expect(set.body.statusMessage).toBe('The quantity of this item cannot be changed.');
    expect((await v.call('PUT', '/api/cart/itemcode/D0003SS/2')).status).toBe(400);
    expect(lineOf(await v.cart(), 'D0003SS')?.quantity).toBe(1);
  });

  it('refuses an offer that is not the item’s mapping, and changes nothing', async () => {
    const v = visitor();
    for (const bad of [
      { itemCode: 'D0003SS', quantity: 1, upsellOfferDetails: { type: 'SS', rule: 'D0003:6' } },
      { itemCode: 'D0001', quantity: 1, upsellOfferDetails: offer },
      { itemCode: 'D0003SS', quantity: 1, upsellOfferDetails: { type: 'WINEPLAN', rule: 'SUBSCRIBE_AND_SAVE_6' } },
    ]) {
      const res = await v.call('POST', '/api/cart', { cartItems: [{ itemCode: 'D0003', quantity: 6 }, bad] });
      expect(res.status).toBe(400);
      expect(res.body.statusMessage).toBe(`That offer does not apply to ${bad.itemCode}.`);
    }
    expect((await v.cart()).numLineItems).toBe(0);
  });
});

describe('the cart’s check (validate=true)', () => {
  it('says the wine was removed, or is short, and blocks checkout until 6 bottles are back', async () => {
    const v = visitor();
    await v.call('POST', '/api/cart', {
      cartItems: [
        { itemCode: 'D0003-6', quantity: 1 },
        { itemCode: 'D0003SS', quantity: 1, upsellOfferDetails: offer },
      ],
    });
    let cart = await v.cart(true);
    expect(messages(cart)).toEqual([]);
    expect(cart.checkoutEnabled).toBe(true);
    await v.call('DELETE', '/api/cart/itemcode/D0003-6');
    cart = await v.cart(true);
    expect(messages(cart)).toEqual(['Eligible product removed from the cart']);
    expect(cart.checkoutEnabled).toBe(false);
    await v.add('D0003', 5);
    cart = await v.cart(true);
    expect(messages(cart)).toEqual(['cart is missing items to qualify for the upsell offer']);
    expect(cart.checkoutEnabled).toBe(false);
    await v.add('D0003', 1);
    cart = await v.cart(true);
    expect(cart.checkoutEnabled).toBe(true);
  });
});

describe('offers', () => {
  it('name D0003SS with the mapping’s rule for the product and for a cart with D0003', async () => {
    const product = await t.app.request('/api/offer/product/D0003', { headers: { host: 'law-au.localhost' } });
    const body = (await product.json()) as { response: UpsellOffersResponse };
    expect(body.response.UpsellOffers.offerItems).toContainEqual({ itemCode: 'D0003SS', ...offer });
    const v = visitor();
    await v.add('D0003', 2);
    const cart = await v.call<UpsellOffersResponse>('GET', '/api/offer/cart');
    expect(cart.body.response.UpsellOffers.offerItems).toContainEqual({ itemCode: 'D0003SS', ...offer });
    expect(cart.body.response.UpsellOffers.offerDetails).toContainEqual({
      reasonCode: 'SUBSCRIBE_AND_SAVE',
      remainingBottles: 4,
      bottleThreshold: 6,
      savings: 30,
    });
  });
});
