import { describe, expect, it } from 'vitest';
import { UNLIMITED_MESSAGES } from '../../domain/unlimited';
import type { CartJson } from '../../services/cart/cart-json';
import type { UpsellOffersResponse } from '../../services/offers/offers';
import { createVisitor, useTestApp } from '../support/test-app';
import { UNLIMITED_RANGE_EDGES } from '../support/unlimited-postcodes';

// Unlimited through the API, per demo account (SPEC §4, §6, §9; CONTRACT.md UL0001/UL9001): who may add it, the
// test-host code, the offers members do and do not get, and the cart's delivery postcode.

const t = useTestApp();
const visitor = (site = 'law-au') => createVisitor(() => t.app, site);
type Visitor = ReturnType<typeof visitor>;

async function as(email: string | null, site = 'law-au'): Promise<Visitor> {
  const v = visitor(site);
  if (email) expect((await v.login(email)).status).toBe(200);
  return v;
}

const postalCode = (cart: CartJson) => cart.shippingDetails.shippingAddress.address.postalCode;
const addUnlimited = (v: Visitor, code = 'UL0001') => v.call<CartJson>('PUT', `/api/cart/itemcode/${code}/1`);
async function offerItems(v: Visitor) {
  const res = await v.call<UpsellOffersResponse>('GET', '/api/offer/cart');
  return res.body.response.UpsellOffers;
}

describe('joining Unlimited', () => {
  it('is open to a prospect and a shopper: one locked UL line with no link', async () => {
    for (const email of [null, 'shopper@example.com']) {
      const v = await as(email);
      const res = await addUnlimited(v);
      expect(res.status, String(email)).toBe(200);
      const line = res.body.response.lineItems.find((l) => l.lineItemIdentification.itemCode === 'UL0001');
      expect(line).toMatchObject({ quantity: 1, lineItemIdentification: { itemTypeTag: 'unlimited' } });
      expect(line?.product.url).toBeNull();
      // A second add keeps one membership.
      expect(
        (await addUnlimited(v)).body.response.lineItems.filter((l) => l.product.productType === 'membership'),
      ).toHaveLength(1);
    }
  });

  it('is refused to ACTIVE and REQUESTED members, with the reason, and changes nothing', async () => {
    for (const email of ['unlimited@example.com', 'requested@example.com']) {
      const v = await as(email);
      const res = await addUnlimited(v);
      expect(res.status, email).toBe(409);
      expect(res.body.statusMessage).toBe(UNLIMITED_MESSAGES.alreadyMember);
      expect((await v.cart()).numLineItems).toBe(0);
    }
  });

  it('is refused to a SUSPENDED member, with what to do, and changes nothing', async () => {
    const v = await as('suspended@example.com');
    await v.add('D0002', 1);
    const res = await addUnlimited(v);
    expect(res.status).toBe(409);
    expect(res.body.statusMessage).toBe('Your Unlimited membership is suspended. Please contact us to reactivate it.');
    expect((await v.cart()).lineItems.map((l) => l.lineItemIdentification.itemCode)).toEqual(['D0002']);
    // Nor on a test host, under its own code.
    const test = await as('suspended@example.com', 'law-au.test');
    expect((await addUnlimited(test, 'UL9001')).body.statusMessage).toBe(UNLIMITED_MESSAGES.suspended);
  });

  it('is refused out of area: outback@ (default address 0870) and a cart postcode at each range edge', async () => {
    const outback = await as('outback@example.com');
    const res = await addUnlimited(outback);
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe("Unlimited isn't available for delivery to 0870.");
    // Each edge of each range, and the in-area postcode either side; and Sydney.
    for (const [postcode, allowed] of [...UNLIMITED_RANGE_EDGES, ['2000', true] as const]) {
      const v = visitor();
      // The address lookup the cart's postcode form asks first knows it, and the cart takes it.
      expect((await v.call('GET', `/api/address/zipcode/${postcode}`)).status, postcode).toBe(200);
      const set = await v.call<CartJson>('PUT', `/api/cart/postcode/${postcode}`);
      expect(set.status, postcode).toBe(200);
      expect(postalCode(set.body.response), postcode).toBe(postcode);
      const add = await addUnlimited(v);
      expect(add.status, postcode).toBe(allowed ? 200 : 400);
      if (allowed) expect((await v.cart()).lineItems.map((l) => l.lineItemIdentification.itemCode)).toEqual(['UL0001']);
      else {
        expect(add.body.statusMessage).toBe(`Unlimited isn't available for delivery to ${postcode}.`);
        expect((await v.cart()).numLineItems, postcode).toBe(0);
      }
    }
  });

  it('sells the test code on test hosts and the live code on live hosts, whichever is asked for', async () => {
    const test = visitor('law-au.test');
    const onTest = await addUnlimited(test, 'UL0001');
    expect(onTest.body.response.lineItems.map((l) => l.lineItemIdentification.itemCode)).toEqual(['UL9001']);
    const live = visitor();
    const onLive = await addUnlimited(live, 'UL9001');
    expect(onLive.body.response.lineItems.map((l) => l.lineItemIdentification.itemCode)).toEqual(['UL0001']);
  });

  it('is not sold where there is no Unlimited (us, hk, tw)', async () => {
    const res = await addUnlimited(visitor('wsj-us'));
    expect(res.status).toBe(400);
    expect(res.body.statusMessage).toBe(UNLIMITED_MESSAGES.notSold);
  });
});

describe('offers and Unlimited', () => {
  const UL = { itemCode: 'UL0001', type: 'UNLIMITED', rule: 'FREESHIP' };

  it('members get no free-shipping prompt and no Unlimited upsell; suspended members no upsell', async () => {
    for (const [email, freeShipping, upsell] of [
      [null, true, true],
      ['planner@example.com', true, true],
      ['unlimited@example.com', false, false],
      ['requested@example.com', false, false],
      ['suspended@example.com', true, false],
      ['outback@example.com', true, false],
    ] as const) {
      const v = await as(email);
      await v.add('D0002', 1);
      const offers = await offerItems(v);
      expect(
        offers.offerDetails.some((d) => d.reasonCode === 'FREE_SHIPPING'),
        String(email),
      ).toBe(freeShipping);
      expect(
        offers.offerItems.some((i) => i.type === 'UNLIMITED'),
        String(email),
      ).toBe(upsell);
      if (upsell) expect(offers.offerItems).toContainEqual(UL);
    }
  });

  it('stops the upsell once Unlimited is in the cart, and names the test code on test hosts', async () => {
    const v = visitor();
    await v.add('D0002', 1);
    await addUnlimited(v);
    expect((await offerItems(v)).offerItems.some((i) => i.type === 'UNLIMITED')).toBe(false);
    const test = visitor('law-au.test');
    await test.add('D0002', 1);
    expect((await offerItems(test)).offerItems).toContainEqual({ ...UL, itemCode: 'UL9001' });
  });
});

describe('Unlimited is looked up for Current visitors only (SPEC §6)', () => {
  it('a Soft Logged-In member (remembered only) gets no member price, no free delivery and the join offers', async () => {
    const v = await as('unlimited@example.com');
    const hard = (await v.add('D0001', 1)).body.response;
    // The same customer Hard Logged-In: member prices and free delivery (the control for what follows).
    expect(hard.orderPriceInfo.memberSavings).toBeGreaterThan(0);
    expect(hard.orderPriceInfo.freeShipping).toBe(true);
    v.jar.delete('sid');
    expect(v.jar.has('remember_me')).toBe(true);
    const soft = (await v.add('D0001', 1)).body.response;
    expect(soft.orderPriceInfo.memberSavings).toBe(0);
    expect(soft.orderPriceInfo.freeShipping).toBe(false);
    expect(soft.lineItems.flatMap((l) => l.itemPriceInfo.pricingBreakdown.map((p) => p.priceType))).not.toContain(
      'member',
    );
    // Nor is the default delivery address (3122) looked up.
    expect(postalCode(soft)).toBeNull();
    const offers = await offerItems(v);
    expect(offers.offerDetails.some((d) => d.reasonCode === 'FREE_SHIPPING')).toBe(true);
    expect(offers.offerItems).toContainEqual({ itemCode: 'UL0001', type: 'UNLIMITED', rule: 'FREESHIP' });
  });
});

describe('the delivery postcode', () => {
  it("is the customer's default delivery postcode, or the one given in the cart, or null", async () => {
    const prospect = visitor();
    await prospect.add('D0002', 1);
    expect(postalCode(await prospect.cart())).toBeNull();
    const member = await as('unlimited@example.com');
    await member.add('D0002', 1);
    expect(postalCode(await member.cart())).toBe('3122');
    const given = await member.call<CartJson>('PUT', '/api/cart/postcode/2000');
    expect(postalCode(given.body.response)).toBe('2000');
    const cleared = await member.call<CartJson>('DELETE', '/api/cart/postcode');
    expect(postalCode(cleared.body.response)).toBe('3122');
  });

  it('refuses a postcode that is not a postcode, or not one of ours, and changes nothing', async () => {
    const v = visitor();
    await v.add('D0002', 1);
    await v.call('PUT', '/api/cart/postcode/2000');
    const bad = await v.call('PUT', '/api/cart/postcode/12a4');
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessage).toBe('Please enter a 4-digit postcode.');
    const unknown = await v.call('PUT', '/api/cart/postcode/0001');
    expect(unknown.status).toBe(404);
    expect(unknown.body.statusMessage).toBe('We could not find the postcode 0001.');
    expect(postalCode(await v.cart())).toBe('2000');
  });
});

describe("the tiles' member prices (SPEC §4)", () => {
  type Listed = { userItems: { product: { itemCode: string; salePriceCents: number; memberPriceCents: unknown } }[] };
  type Similar = { items: { itemCode: string; product: string }[] };

  it('come with every tile the JSON API answers, the same for a member and anyone else', async () => {
    const member = await as('unlimited@example.com');
    const listed = (await member.call<Listed>('GET', '/api/user/recommendations/list/mixed')).body.response;
    expect(listed.userItems.length).toBeGreaterThan(0);
    for (const { product } of listed.userItems) {
      expect(product.memberPriceCents, product.itemCode).toEqual(expect.any(Number));
      expect(product.memberPriceCents as number, product.itemCode).toBeLessThan(product.salePriceCents);
    }

    const path = '/jsp/api/us/similar_wines_json.jsp?currentItemCode=D0001';
    const similar = (await member.call<Similar>('GET', path)).body.response;
    expect(similar.items.length).toBeGreaterThan(0);
    for (const item of similar.items) {
      const product = JSON.parse(item.product) as { salePrice: number; memberPrice: unknown };
      expect(product.memberPrice, item.itemCode).toEqual(expect.any(Number));
      expect(product.memberPrice as number, item.itemCode).toBeLessThan(product.salePrice);
    }
    // Nothing personal in them: a prospect gets the same answer.
    expect((await visitor().call<Similar>('GET', path)).body.response).toEqual(similar);
  });
});
