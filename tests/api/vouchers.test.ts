import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { carts, customers, voucherUses, vouchers } from '../../db/schema';
import { fixedClock } from '../../domain/clock';
import { createApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { mailboxKey } from '../../domain/identity-rules';
import { VOUCHER_MESSAGES } from '../../domain/vouchers';
import type { CartJson } from '../../services/cart/cart-json';
import { mailboxKeySql } from '../../services/vouchers/voucher-store';
import { recordVoucherUse } from '../../services/vouchers/vouchers';
import { LOGIN_REQUIRED } from '../../server/api/user-auth';
import { type CartListed, createVisitor, useTestApp } from '../support/test-app';

// CONTRACT "Vouchers, on every site": PUT/DELETE /api/cart/voucher/{code}, the voucher link cookie, the
// merge at login and SPEC §7 PUT /api/user/voucher/validate|redeem/{code}.

const t = useTestApp();
const visitor = (site = 'law-au') => createVisitor(() => t.app, site);

type Visitor = ReturnType<typeof visitor>;
const applyCode = (v: Visitor, code: string) => v.call<CartJson>('PUT', `/api/cart/voucher/${code}`);
const removeCode = (v: Visitor, code: string) => v.call<CartJson>('DELETE', `/api/cart/voucher/${code}`);
const orderDiscounts = (cart: CartJson) =>
  cart.orderPriceInfo.pricingBreakdown.filter((p) => p.adjustmentType === 'Order Discount');
const cents = (amount: number) => Math.round(amount * 100);

async function customerId(email: string): Promise<number> {
  const [row] = await t.testDb.database.db.select().from(customers).where(eq(customers.email, email));
  return row!.id;
}

/** A failed call answers 4xx with the message and leaves the cart exactly as it was. */
async function expectRefused(
  v: Visitor,
  call: () => Promise<{ status: number; body: { statusMessage?: string } }>,
  status: number,
  message: string,
) {
  const before = JSON.stringify(await v.cart());
  const res = await call();
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ statusCode: status, statusMessage: message });
  expect(JSON.stringify(await v.cart())).toBe(before);
}

describe('PUT /api/cart/voucher/{code}', () => {
  it('takes WELCOME20 off as an Order Discount, lowers total and payable today, recomputes GST', async () => {
    const v = visitor();
    const plain = (await v.add('D0001', 7)).body.response;
    const res = await applyCode(v, 'welcome20');
    expect(res.status).toBe(200);
    const cart = res.body.response;
    expect(orderDiscounts(cart)).toEqual([
      {
        discountedByPromotion: true,
        adjustmentType: 'Order Discount',
        promotionName: 'WELCOME20',
        adjustmentAmount: 20,
      },
    ]);
    const p = cart.orderPriceInfo;
    expect(cents(p.total)).toBe(cents(plain.orderPriceInfo.total) - 2_000);
    expect(cents(p.payableTodayTotal)).toBe(cents(plain.orderPriceInfo.payableTodayTotal) - 2_000);
    expect(cents(p.tax)).toBe(Math.round((cents(p.total) * 10) / 110));
    expect(cents(p.savings)).toBe(cents(plain.orderPriceInfo.savings) + 2_000);
    expect(p.discounted).toBe(true);
    expect(p.subtotal).toBe(plain.orderPriceInfo.subtotal);
    expect(cart.voucher).toEqual({ code: 'WELCOME20', description: '20 off your order', applied: true, discount: 20 });
    expect(cart.validationInformationDetails).toEqual({ validationDetailsList: [] });
    expect(await v.cart()).toEqual(cart);
  });

  it('discounts once when the same code is applied twice, and refuses a second code', async () => {
    const v = visitor();
    await v.add('D0001', 7);
    const first = (await applyCode(v, 'WELCOME20')).body.response;
    const again = await applyCode(v, 'WELCOME20');
    expect(again.status).toBe(200);
    expect(again.body.response.orderPriceInfo).toEqual(first.orderPriceInfo);
    await expectRefused(
      v,
      () => applyCode(v, 'SPEND150'),
      409,
      'Only one voucher can be used per order. Remove WELCOME20 first.',
    );
  });

  it('takes NZ$20 off on law-nz', async () => {
    const v = visitor('law-nz');
    await v.add('D0001', 2);
    const cart = (await applyCode(v, 'WELCOME20')).body.response;
    expect(cart.currencyCode).toBe('NZD');
    expect(orderDiscounts(cart)[0]?.adjustmentAmount).toBe(20);
  });

  it.each([
    ['EXPIRED10', 400, 'Voucher expired'],
    ['NOSUCHCODE', 400, 'That voucher code is not valid.'],
    ['bad_code!', 400, 'That voucher code is not valid.'],
    ['SPEND150', 400, 'This voucher needs an order of at least $150.00.'],
  ])('refuses %s with a readable message and changes nothing', async (code, status, message) => {
    const v = visitor();
    await v.add('D0001', 2);
    await expectRefused(v, () => applyCode(v, code), status, message);
  });

  it('refuses a voucher for a visitor without a cart and creates no cart', async () => {
    const v = visitor();
    const res = await applyCode(v, 'EXPIRED10');
    expect(res.status).toBe(400);
    expect((await v.cart()).id).toBeNull();
  });

  it('keeps SPEND150 on a cart that falls below 150 with a validation message and no discount, and discounts again above', async () => {
    const v = visitor();
    await v.add('D0001', 7);
    const applied = (await applyCode(v, 'SPEND150')).body.response;
    expect(cents(applied.orderPriceInfo.subtotal)).toBeGreaterThanOrEqual(15_000);
    expect(orderDiscounts(applied)).toEqual([
      {
        discountedByPromotion: true,
        adjustmentType: 'Order Discount',
        promotionName: 'SPEND150',
        adjustmentAmount: 15,
      },
    ]);
    const below = (await v.add('D0001', 2, true)).body.response;
    expect(orderDiscounts(below)).toEqual([]);
    expect(below.voucher).toEqual({
      code: 'SPEND150',
      description: '15 off an order of 150 or more',
      applied: false,
      discount: 0,
    });
    expect(below.validationInformationDetails!.validationDetailsList).toEqual([
      { type: 'VOUCHER', message: 'This voucher needs an order of at least $150.00.' },
    ]);
    const back = (await v.add('D0001', 7, true)).body.response;
    expect(orderDiscounts(back)[0]?.adjustmentAmount).toBe(15);
    expect(back.voucher!.applied).toBe(true);
    expect(back.validationInformationDetails!.validationDetailsList).toEqual([]);
  });
});

describe('DELETE /api/cart/voucher/{code}', () => {
  it('removes the voucher and its discount; the cart JSON is as it was without one', async () => {
    const v = visitor();
    const plain = (await v.add('D0001', 3)).body.response;
    await applyCode(v, 'WELCOME20');
    const res = await removeCode(v, 'welcome20');
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual(plain);
    expect(res.body.response).not.toHaveProperty('voucher');
  });

  it('answers 404 for a code that is not on the cart, and changes nothing', async () => {
    const v = visitor();
    await v.add('D0001', 3);
    await applyCode(v, 'WELCOME20');
    await expectRefused(v, () => removeCode(v, 'SPEND150'), 404, VOUCHER_MESSAGES.notOnCart);
    const none = visitor();
    expect((await removeCode(none, 'WELCOME20')).status).toBe(404);
  });
});

describe('once per customer', () => {
  it('records a use, refuses a second use of WELCOME20, and allows SPEND150 again', async () => {
    const id = await customerId('requested@example.com');
    const use = await recordVoucherUse(t.testDb.database.db, { code: 'welcome20', customerId: id });
    expect(use.id).toBeGreaterThan(0);
    await expect(recordVoucherUse(t.testDb.database.db, { code: 'WELCOME20', customerId: id })).rejects.toThrow(
      VOUCHER_MESSAGES.alreadyUsed,
    );
    await recordVoucherUse(t.testDb.database.db, { code: 'SPEND150', customerId: id });
    await recordVoucherUse(t.testDb.database.db, { code: 'SPEND150', customerId: id });
    await expect(recordVoucherUse(t.testDb.database.db, { code: 'NOPE', customerId: id })).rejects.toThrow(
      VOUCHER_MESSAGES.invalid,
    );
    const uses = await t.testDb.database.db.select().from(voucherUses).where(eq(voucherUses.customerId, id));
    expect(uses.map((u) => u.voucherCode).sort()).toEqual(['SPEND150', 'SPEND150', 'WELCOME20']);

    const v = visitor();
    await v.login('requested@example.com');
    await v.add('D0001', 2);
    await expectRefused(v, () => applyCode(v, 'WELCOME20'), 400, VOUCHER_MESSAGES.alreadyUsed);
    await expectRefused(
      v,
      () => v.call('PUT', '/api/user/voucher/validate/WELCOME20'),
      400,
      VOUCHER_MESSAGES.alreadyUsed,
    );
  });

  it('shows an anonymous WELCOME20 as not applying once merged into a customer who has used it', async () => {
    const v = visitor();
    await v.add('D0001', 2);
    await applyCode(v, 'WELCOME20');
    await recordVoucherUse(t.testDb.database.db, {
      code: 'WELCOME20',
      customerId: await customerId('unlimited@example.com'),
    });
    await v.login('unlimited@example.com');
    const cart = await v.cart();
    expect(cart.voucher).toMatchObject({ code: 'WELCOME20', applied: false });
    expect(cart.validationInformationDetails!.validationDetailsList).toEqual([
      { type: 'VOUCHER', message: VOUCHER_MESSAGES.alreadyUsed },
    ]);
    expect(orderDiscounts(cart)).toEqual([]);
  });
});

describe('the mailbox of an address', () => {
  it('is the same in SQL as in JavaScript, for every spelling the rules fold', async () => {
    const spellings = [
      'x@example.com',
      ' X@Example.COM ',
      'x+1@example.com',
      'X+wine+2@example.com',
      '"x"@example.com',
      '"X+wine"@Example.com',
      '"\\x"@example.com',
      '"x.y"@example.com',
      'a@plus+domain.example',
    ];
    for (const email of spellings) {
      const [row] = (
        (await t.testDb.database.db.execute(sql`select ${mailboxKeySql(sql`${email}::text`)} as key`)) as unknown as {
          rows: { key: string }[];
        }
      ).rows;
      expect(row?.key, email).toBe(mailboxKey(email));
    }
  });
});

describe('the voucher at login', () => {
  it('moves with the lines into a new customer cart', async () => {
    const v = visitor();
    await v.add('D0001', 7);
    await applyCode(v, 'SPEND150');
    await v.login('outback@example.com');
    const cart = await v.cart();
    expect(cart.voucher).toMatchObject({ code: 'SPEND150', applied: true });
    expect(orderDiscounts(cart)[0]?.adjustmentAmount).toBe(15);
  });

  it("moves into the customer's existing cart, unless that cart has a voucher of its own", async () => {
    const customer = visitor();
    await customer.login('planner@example.com');
    await customer.add('D0002', 1);
    const anon = visitor();
    await anon.add('D0001', 7);
    await applyCode(anon, 'SPEND150');
    await anon.login('planner@example.com');
    const merged = await anon.cart();
    expect(merged.voucher).toMatchObject({ code: 'SPEND150', applied: true });

    const anon2 = visitor();
    await anon2.add('D0001', 1);
    await applyCode(anon2, 'WELCOME20');
    await anon2.login('planner@example.com');
    const kept = await anon2.cart();
    expect(kept.voucher).toMatchObject({ code: 'SPEND150', applied: true });
  });
});

describe('the voucher link cookie on GET /api/cart/list', () => {
  it('applies a good code, reports it, and clears the cookie', async () => {
    const v = visitor();
    await v.add('D0001', 2);
    v.jar.set('voucher_code', 'WELCOME20');
    const res = await v.call<CartListed>('GET', '/api/cart/list');
    expect(res.body.response.voucherCookieOutcome).toEqual({
      code: 'WELCOME20',
      status: 'applied',
      message: null,
      reason: null,
    });
    expect(res.body.response.voucher).toMatchObject({ code: 'WELCOME20', applied: true });
    expect(v.jar.has('voucher_code')).toBe(false);
    expect(await v.cart()).not.toHaveProperty('voucherCookieOutcome');
  });

  it('creates the cart for a visitor without one when the code applies', async () => {
    const v = visitor();
    v.jar.set('voucher_code', 'welcome20');
    const cart = await v.cart();
    expect(cart.id).not.toBeNull();
    expect(cart.voucher).toMatchObject({ code: 'WELCOME20', applied: true });
    expect((await v.add('D0001', 2)).body.response.voucher!.code).toBe('WELCOME20');
  });

  it('reports an invalid code with the SPEC §8 text, changes nothing, and clears the cookie', async () => {
    const v = visitor();
    const before = (await v.add('D0001', 2)).body.response;
    v.jar.set('voucher_code', 'EXPIRED10');
    const res = await v.call<CartListed>('GET', '/api/cart/list');
    const { voucherCookieOutcome, ...cart } = res.body.response;
    expect(voucherCookieOutcome).toEqual({
      code: 'EXPIRED10',
      status: 'invalid',
      message: 'Unfortunately the voucher code you have entered appears to be invalid.',
      reason: 'Voucher expired',
    });
    expect(cart).toEqual(before);
    expect(v.jar.has('voucher_code')).toBe(false);

    const empty = visitor();
    empty.jar.set('voucher_code', 'NOSUCH');
    const none = await empty.cart();
    expect(none.id).toBeNull();
    expect(none.voucherCookieOutcome!.status).toBe('invalid');
  });

  it('leaves a cart that already has a voucher alone', async () => {
    const v = visitor();
    await v.add('D0001', 7);
    await applyCode(v, 'SPEND150');
    v.jar.set('voucher_code', 'WELCOME20');
    const cart = await v.cart();
    expect(cart.voucher!.code).toBe('SPEND150');
    expect(cart).not.toHaveProperty('voucherCookieOutcome');
    expect(v.jar.has('voucher_code')).toBe(false);
  });
});

describe('PUT /api/user/voucher/validate|redeem/{code}', () => {
  it('describes a voucher to a Hard Logged-In customer and changes nothing', async () => {
    const v = visitor();
    await v.login('shopper@example.com');
    await v.add('D0001', 2);
    const before = JSON.stringify(await v.cart());
    const res = await v.call('PUT', '/api/user/voucher/validate/spend150');
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({
      code: 'SPEND150',
      description: '15 off an order of 150 or more',
      kind: 'amount',
      amount: 15,
      minimumSubtotal: 150,
      minimumBottles: 0,
      currencyCode: 'AUD',
      expiresAt: null,
      oncePerCustomer: false,
    });
    expect(JSON.stringify(await v.cart())).toBe(before);
    const expired = await v.call('PUT', '/api/user/voucher/validate/EXPIRED10');
    expect(expired.body).toEqual({ statusCode: 400, statusMessage: 'Voucher expired' });
  });

  it("redeems onto the customer's cart, with the same refusals as the cart", async () => {
    const v = visitor();
    await v.login('shopper@example.com');
    await v.add('D0001', 2);
    await expectRefused(
      v,
      () => v.call('PUT', '/api/user/voucher/redeem/SPEND150'),
      400,
      'This voucher needs an order of at least $150.00.',
    );
    const res = await v.call<CartJson>('PUT', '/api/user/voucher/redeem/WELCOME20');
    expect(res.status).toBe(200);
    expect(orderDiscounts(res.body.response)[0]).toMatchObject({ promotionName: 'WELCOME20', adjustmentAmount: 20 });
    const [row] = await t.testDb.database.db
      .select({ code: carts.voucherCode })
      .from(carts)
      .where(eq(carts.customerId, await customerId('shopper@example.com')));
    expect(row?.code).toBe('WELCOME20');
    await expectRefused(
      v,
      () => v.call('PUT', '/api/user/voucher/redeem/SPEND150'),
      409,
      'Only one voucher can be used per order. Remove WELCOME20 first.',
    );
  });

  it('answers 401 to Prospect and Soft Logged-In visitors and changes nothing', async () => {
    const prospect = visitor();
    await prospect.add('D0001', 2);
    const soft = visitor();
    await soft.login('suspended@example.com');
    await soft.add('D0001', 2);
    soft.jar.delete('sid');
    expect(soft.jar.has('remember_me')).toBe(true);
    for (const v of [prospect, soft]) {
      for (const path of ['/api/user/voucher/validate/WELCOME20', '/api/user/voucher/redeem/WELCOME20']) {
        await expectRefused(v, () => v.call('PUT', path), 401, LOGIN_REQUIRED);
      }
    }
  });
});

describe('voucher dates on the app clock', () => {
  it('applies a voucher until its expiry instant, then keeps it on the cart as expired', async () => {
    const expiresAt = new Date('2026-12-01T00:00:00Z');
    await t.testDb.database.db.insert(vouchers).values({
      code: 'DEC5',
      description: '5 off until December',
      discountType: 'amount',
      discountValue: 500,
      expiresAt,
    });
    const clock = fixedClock(new Date(expiresAt.getTime() - 1));
    const app = createApp({ database: t.testDb.database, config: testConfig(), clock });
    const v = createVisitor(() => app);
    await v.add('D0001', 2);
    const applied = (await v.call<CartJson>('PUT', '/api/cart/voucher/DEC5')).body.response;
    expect(orderDiscounts(applied)[0]?.adjustmentAmount).toBe(5);
    clock.advance(1);
    const expired = await v.cart();
    expect(orderDiscounts(expired)).toEqual([]);
    expect(expired.validationInformationDetails!.validationDetailsList).toEqual([
      { type: 'VOUCHER', message: 'Voucher expired' },
    ]);
    const other = createVisitor(() => app);
    await other.add('D0001', 2);
    await expectRefused(other, () => other.call('PUT', '/api/cart/voucher/DEC5'), 400, 'Voucher expired');
  });
});
