import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createVisitor, useTestApp } from '../support/test-app';

// The cart JSON of SPEC §3 byte for byte, as it was before cart totals moved to integer cents in
// domain/cart-totals.ts and one formatter (services/cart/cart-json.ts). The fixture was captured on the code
// before that change; a change to the cart JSON must be deliberate (delete the fixture to re-capture).

const FIXTURE = new URL('./__fixtures__/cart-characterisation.json', import.meta.url);
const t = useTestApp();

/** The cart reference is derived from a random cart id: everything else is fixed by the seed. */
function stable(text: string): string {
  return text.replace(/"id":"[A-Za-z0-9_-]{16}"/, '"id":"<cart>"');
}

async function capture(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const list = async (v: ReturnType<typeof createVisitor>, validate = false) =>
    stable(JSON.stringify((await v.call('GET', `/api/cart/list${validate ? '?validate=true' : ''}`)).body));
  for (const site of ['law-au', 'law-nz']) {
    const empty = createVisitor(() => t.app, site);
    out[`${site} empty`] = await list(empty);

    const anon = createVisitor(() => t.app, site);
    await anon.add('D0001', 7);
    out[`${site} D0001x7`] = await list(anon);
    await anon.add('M0001', 1);
    await anon.add('G0001', 2);
    await anon.add('P0001', 3);
    await anon.add('D0003', 1, false);
    await anon.call('POST', '/api/cart', {
      cartItems: [
        { itemCode: 'D0003SS', quantity: 1, upsellOfferDetails: { type: 'SS', rule: 'SUBSCRIBE_AND_SAVE_6' } },
      ],
    });
    await anon.call('PUT', '/api/cart/eItemCode', {
      salesCode: '',
      quantity: 1,
      recipientName: 'Sam',
      recipientEmail: 'sam@example.com',
      verifyEmail: 'sam@example.com',
      message: 'Cheers',
      amount: 50,
      itemCode: '00041VC',
    });
    out[`${site} mixed anonymous`] = await list(anon);
    out[`${site} mixed anonymous validated`] = await list(anon, true);

    const member = createVisitor(() => t.app, site);
    await member.login('unlimited@example.com');
    await member.add('D0001', 13);
    await member.add('M0001', 1);
    await member.add('G0001', 1);
    await member.add('P0001', 2);
    out[`${site} member`] = await list(member);
    out[`${site} member validated`] = await list(member, true);

    const big = createVisitor(() => t.app, site);
    await big.add('D0002', 40);
    await big.add('D0001', 5);
    out[`${site} over threshold`] = await list(big);
  }
  return out;
}

describe('cart JSON characterisation', () => {
  it('GET /api/cart/list answers exactly the captured JSON for every kind of cart', async () => {
    const now = await capture();
    if (!existsSync(FIXTURE)) writeFileSync(FIXTURE, `${JSON.stringify(now, null, 2)}\n`);
    const before = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    expect(Object.keys(now)).toEqual(Object.keys(before));
    for (const key of Object.keys(before)) expect(now[key], key).toBe(before[key]);
  });
});
