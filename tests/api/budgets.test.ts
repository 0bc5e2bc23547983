import { describe, expect, it } from 'vitest';
import { APPROVED_CARD, DECLINED_CARD, orderBody } from '../support/checkout-input';
import { type CartListed, createVisitor, useTestApp } from '../support/test-app';

// Budgets of costly or guessable actions per client address and per cart (services/platform/budgets.ts), small here so the
// tests reach them: payment attempts, voucher and referral codes tried, email signups.
const t = useTestApp({
  TRUST_PROXY: 'true',
  PAYMENT_ATTEMPTS_PER_HOUR: '5',
  PAYMENT_ATTEMPTS_PER_HOUR_PER_CART: '3',
  CODE_TRIES_PER_HOUR: '6',
  CODE_TRIES_PER_HOUR_PER_CART: '4',
  SIGNUPS_PER_HOUR: '3',
});
let nextAddress = 1;
const visitor = (address = `10.9.0.${nextAddress++}`) => createVisitor(() => t.app, 'law-au', { address });

const order = (card: typeof APPROVED_CARD) => orderBody({ email: 'budget@example.com', card });
const [APPROVED, DECLINED] = [APPROVED_CARD, DECLINED_CARD];

describe('payment attempts', () => {
  it('a cart gets 3 declined cards an hour, then 429 even with a good card; its address gets 5 over all its carts', async () => {
    const address = '10.9.1.1';
    const first = visitor(address);
    await first.add('D0001', 1);
    for (let i = 0; i < 3; i++) {
      const declined = await first.call('POST', '/api/checkout/order', order(DECLINED));
      expect(declined.status).toBe(400);
      expect(declined.body.statusMessage).toBe('Your card was declined.');
    }
    const blocked = await first.call('POST', '/api/checkout/order', order(APPROVED));
    expect(blocked.status).toBe(429);
    expect(blocked.body.statusMessage).toBe('Too many payment attempts. Please wait an hour and try again.');
    expect((await first.cart()).numItems).toBe(1);

    // Another cart on the same address: a fourth decline; an approved order spends nothing; the fifth decline is the
    // address's last, then even a good card is refused.
    const second = visitor(address);
    await second.add('D0001', 1);
    expect((await second.call('POST', '/api/checkout/order', order(DECLINED))).status).toBe(400);
    expect((await second.call('POST', '/api/checkout/order', order(APPROVED))).status).toBe(200);
    const third = visitor(address);
    await third.add('D0001', 1);
    expect((await third.call('POST', '/api/checkout/order', order(DECLINED))).status).toBe(400);
    expect((await third.call('POST', '/api/checkout/order', order(APPROVED))).status).toBe(429);
    // Another address is not affected.
    const elsewhere = visitor();
    await elsewhere.add('D0001', 1);
    expect((await elsewhere.call('POST', '/api/checkout/order', order(APPROVED))).status).toBe(200);
  });

  it('counts what abuse costs, not paid orders: 12 approved guest orders from one address all go through', async () => {
    const address = '10.9.1.2';
    for (let i = 0; i < 12; i++) {
      const guest = visitor(address);
      await guest.add('D0002', 1);
      const placed = await guest.call('POST', '/api/checkout/order', order(APPROVED));
      expect(placed.status).toBe(200);
    }
    // The address's budget is still whole: five declines over five carts, then the sixth attempt is refused.
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const v = visitor(address);
      await v.add('D0002', 1);
      statuses.push((await v.call('POST', '/api/checkout/order', order(DECLINED))).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('holds under parallel attempts: of 8 at once from one cart, 3 reach the provider', async () => {
    const v = visitor();
    await v.add('D0002', 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => v.call('POST', '/api/checkout/order', order(DECLINED))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([400, 400, 400, 429, 429, 429, 429, 429]);
  });
});

describe('codes tried', () => {
  it('a cart tries 4 voucher codes an hour, an address 6 over the cart box, the account calls and /offer links', async () => {
    const address = '10.9.2.1';
    const v = visitor(address);
    await v.add('D0001', 1);
    for (let i = 0; i < 4; i++) {
      const guess = await v.call('PUT', `/api/cart/voucher/GUESS${i}`);
      expect(guess.status).toBe(400);
      expect(guess.body.statusMessage).toBe('That voucher code is not valid.');
    }
    const blocked = await v.call('PUT', '/api/cart/voucher/WELCOME20');
    expect(blocked.status).toBe(429);
    expect(blocked.body.statusMessage).toBe('Too many codes tried. Please wait an hour and try again.');
    expect((await v.cart()).orderPriceInfo.pricingBreakdown).toEqual([]);

    // A second cart on the address, then the account's call: the address's fifth and sixth codes are its last.
    const other = visitor(address);
    expect((await other.call('PUT', '/api/cart/voucher/GUESS5')).status).toBe(400);
    expect((await other.login('shopper@example.com')).status).toBe(200);
    expect((await other.call('PUT', '/api/user/voucher/validate/GUESS6')).status).toBe(400);
    expect((await other.call('PUT', '/api/user/voucher/redeem/WELCOME20')).status).toBe(429);

    // A referral link is a code tried too: over the budget the page says so instead of naming anyone.
    const page = await t.app.request('/offer?code=REF-ABCDEF', {
      headers: { host: 'law-au.localhost:3000', 'x-forwarded-for': address },
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('Too many codes tried. Please wait an hour and try again.');
    expect(page.headers.getSetCookie().some((c) => c.startsWith('voucher_code='))).toBe(false);
  });
});

describe('the voucher link cookie tries codes from the same budget', () => {
  const listWithCookie = async (v: ReturnType<typeof visitor>, code: string) => {
    v.jar.set('voucher_code', code);
    return (await v.call<CartListed>('GET', '/api/cart/list')).body.response;
  };

  it('once the voucher box is refused, a cookie code is not tried and the answer tells nothing of it', async () => {
    const v = visitor();
    await v.add('D0001', 7);
    for (let i = 0; i < 4; i++) expect((await v.call('PUT', `/api/cart/voucher/GUESS${i}`)).status).toBe(400);
    expect((await v.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(429);
    const throttled = {
      status: 'throttled',
      message: 'Too many codes tried. Please wait an hour and try again.',
      reason: null,
    };
    // A code that exists and applies, one that needs more in the cart, and one that does not exist: alike.
    for (const code of ['WELCOME20', 'SPEND150', 'NOSUCH']) {
      const cart = await listWithCookie(v, code);
      expect(cart.voucherCookieOutcome).toEqual({ code, ...throttled });
      expect(cart.voucher).toBeUndefined();
      expect(v.jar.has('voucher_code')).toBe(false);
    }
  });

  it('each cookie code spends a try: the cart gets 4, then neither the cookie nor the box tries more', async () => {
    const v = visitor();
    await v.add('D0001', 2);
    for (let i = 0; i < 4; i++)
      expect((await listWithCookie(v, `GUESS${i}`)).voucherCookieOutcome).toMatchObject({ status: 'invalid' });
    expect((await listWithCookie(v, 'WELCOME20')).voucherCookieOutcome).toMatchObject({ status: 'throttled' });
    expect((await v.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(429);
  });

  it('a cookie whose code is already on the cart spends nothing, however often it comes', async () => {
    const v = visitor();
    await v.add('D0001', 2);
    expect((await listWithCookie(v, 'WELCOME20')).voucherCookieOutcome).toMatchObject({ status: 'applied' });
    for (let i = 0; i < 6; i++) {
      const cart = await listWithCookie(v, 'WELCOME20');
      expect(cart.voucher).toMatchObject({ code: 'WELCOME20', applied: true });
      expect(cart).not.toHaveProperty('voucherCookieOutcome');
    }
    // One try spent by the cookie: the cart's box has its other 3, then 429.
    expect((await v.call('DELETE', '/api/cart/voucher/WELCOME20')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await v.call('PUT', `/api/cart/voucher/GUESS${i}`)).status).toBe(400);
    expect((await v.call('PUT', '/api/cart/voucher/WELCOME20')).status).toBe(429);
  });
});

describe('email signups', () => {
  it('an address signs up 3 addresses an hour, then 429 and nothing is queued', async () => {
    const address = '10.9.3.1';
    for (let i = 0; i < 3; i++) {
      const res = await visitor(address).call('POST', '/api/email/signup', {
        email: `list${i}@example.com`,
        variant: 'footer',
      });
      expect(res.status).toBe(200);
    }
    const blocked = await visitor(address).call('POST', '/api/email/signup', {
      email: 'list9@example.com',
      variant: 'footer',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.statusMessage).toBe(
      'Too many signups from your connection. Please wait an hour and try again.',
    );
    expect((await visitor().call('POST', '/api/email/signup', { email: 'list9@example.com' })).status).toBe(200);
  });
});
