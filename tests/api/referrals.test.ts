import { describe, expect, it } from 'vitest';
import { REFERRAL_CODE_PATTERN } from '../../domain/referrals';
import { VOUCHER_MESSAGES } from '../../domain/vouchers';
import { LOGIN_REQUIRED } from '../../server/api/user-auth';
import type { CartJson } from '../../services/cart/cart-json';
import { orderBody } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// Refer a friend: a customer's personal code per site (GET /api/user/referral), the /offer link that saves it,
// and the friend's money off a first order through the voucher rules.

const t = useTestApp();
const visitor = (site = 'law-au') => createVisitor(() => t.app, site);
type Referral = { code: string; link: string; offerText: string };

async function referralOf(email: string, site = 'law-au') {
  const v = visitor(site);
  expect((await v.login(email)).status).toBe(200);
  const res = await v.call<Referral>('GET', '/api/user/referral');
  expect(res.status).toBe(200);
  return res.body.response;
}

describe('a customer’s referral link', () => {
  it('is made once per site, kept, and names the friend’s offer', async () => {
    const first = await referralOf('planner@example.com');
    expect(first.code).toMatch(REFERRAL_CODE_PATTERN);
    expect(new URL(first.link).hostname).toBe('law-au.localhost');
    expect(first.link.endsWith(`/offer?code=${first.code}`)).toBe(true);
    expect(first.offerText).toBe('$25.00 off an order of $100.00 or more');
    expect((await referralOf('planner@example.com')).code).toBe(first.code);
    const nz = await referralOf('planner@example.com', 'law-nz');
    expect(nz.code).not.toBe(first.code);
  });

  it('names the offer in the site’s language and currency on the Chinese sites', async () => {
    expect((await referralOf('planner@example.com', 'law-hk')).offerText).toBe('滿 HK$600.00 減 HK$150.00 優惠');
    expect((await referralOf('planner@example.com', 'law-tw')).offerText).toBe('消費滿 NT$2,500 折抵 NT$600 優惠');
  });

  it('gives one code when first asked for many times at once', async () => {
    const v = visitor();
    await v.login('requested@example.com');
    const replies = await Promise.all(Array.from({ length: 6 }, () => v.call<Referral>('GET', '/api/user/referral')));
    expect(new Set(replies.map((r) => r.body.response.code)).size).toBe(1);
  });

  it('is for Hard Logged-In customers only', async () => {
    const res = await visitor().call('GET', '/api/user/referral');
    expect(res.status).toBe(401);
    expect(res.body.statusMessage).toBe(LOGIN_REQUIRED);
  });
});

describe('the friend', () => {
  it('following the link has the code saved for the cart, and gets the money off a first order', async () => {
    const { code } = await referralOf('suspended@example.com');
    const res = await t.app.request(`/offer?code=${code.toLowerCase()}`, { headers: { host: 'law-au.localhost' } });
    const set = res.headers.getSetCookie();
    expect(set.some((c) => c.startsWith(`voucher_code=${code};`))).toBe(true);
    expect(set.some((c) => c.startsWith('referral_code='))).toBe(true);

    const friend = visitor();
    await friend.add('D0001', 1);
    const small = await friend.call('PUT', `/api/cart/voucher/${code}`);
    expect(small.status).toBe(400);
    expect(small.body.statusMessage).toBe('This voucher needs an order of at least $100.00.');
    await friend.add('D0001', 6);
    const applied = await friend.call<CartJson>('PUT', `/api/cart/voucher/${code}`);
    expect(applied.status).toBe(200);
    const discount = applied.body.response.orderPriceInfo.pricingBreakdown.find(
      (p) => p.adjustmentType === 'Order Discount',
    );
    expect(discount).toMatchObject({ promotionName: code, adjustmentAmount: 25 });
    // Another site's code is not this site's voucher.
    const nz = visitor('law-nz');
    await nz.add('D0001', 12);
    expect((await nz.call('PUT', `/api/cart/voucher/${code}`)).body.statusMessage).toBe(VOUCHER_MESSAGES.otherSite);
  });
});

describe('the owner of a code', () => {
  it('cannot use it on their own cart or order, by account or by email, in any spelling', async () => {
    const { code } = await referralOf('outback@example.com');
    // Logged in: refused on the cart, with a message that says why.
    const owner = visitor();
    expect((await owner.login('outback@example.com')).status).toBe(200);
    await owner.add('D0001', 7);
    const own = await owner.call('PUT', `/api/cart/voucher/${code}`);
    expect(own.status).toBe(400);
    expect(own.body.statusMessage).toBe(VOUCHER_MESSAGES.ownReferral);
    // As a guest with the owner's email (another spelling): the cart takes it, the order is refused, nothing changes.
    for (const email of ['Outback@Example.com', ' outback+again@example.com ']) {
      const guest = visitor();
      await guest.add('D0001', 7);
      expect((await guest.call('PUT', `/api/cart/voucher/${code}`)).status).toBe(200);
      const order = await guest.call('POST', '/api/checkout/order', orderBody({ email }));
      expect(order.status, email).toBe(409);
      expect(order.body.statusMessage).toBe(VOUCHER_MESSAGES.ownReferral);
      expect((await guest.cart()).numItems).toBe(7);
    }
  });
});
