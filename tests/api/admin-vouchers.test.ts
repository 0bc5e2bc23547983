import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, voucherUses, vouchers } from '../../db/schema';
import { STAFF_TEXTS } from '../../domain/staff';
import { STAFF_VOUCHER_TEXTS } from '../../domain/staff-vouchers';
import { VOUCHER_LIMIT_MESSAGES } from '../../domain/voucher-texts';
import { VOUCHER_MESSAGES } from '../../domain/vouchers';
import type { CartJson } from '../../services/cart/cart-json';
import type { VoucherPage, VoucherView } from '../../services/staff/vouchers';
import { orderBody, testAddressFor } from '../support/checkout-input';
import { useConsoleApp } from '../support/staff-session';
import { createVisitor } from '../support/test-app';

// The console's vouchers (CONTRACT.md `/admin/vouchers`) through /api/admin/vouchers: the list with uses, a code's
// uses, create, change, disable and enable, the roles over them and their audit rows; and a code made here in the cart
// and at checkout (sites, minimum spend, dates, disabled, once per customer, total uses with two checkouts at once).

const t = useConsoleApp();
const { clock, db } = t;
const signIn = (role: string) => t.signIn(`${role}@staff.example`);
const day = (offsetDays = 0) => new Date(clock.now().getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

let codes = 0;
/** A fresh code for each test (the database is the file's). */
const newCode = (prefix = 'NEWS') => `${prefix}-${++codes}${Date.now() % 1000}`;

async function auditOf(recordId: string) {
  return db().select().from(auditLog).where(eq(auditLog.recordId, recordId)).orderBy(asc(auditLog.id));
}

async function voucherRow(code: string) {
  const [row] = await db().select().from(vouchers).where(eq(vouchers.code, code));
  return row;
}

async function create(body: Record<string, unknown>, role = 'manager') {
  const staff = await signIn(role);
  return staff.call<VoucherView>('POST', '/api/admin/vouchers', body);
}

const basic = (code: string, overrides: Record<string, unknown> = {}) => ({
  code,
  description: 'Newsletter: 12.50 off',
  amount: '12.50',
  sites: ['law-au'],
  ...overrides,
});

const applyCode = (v: ReturnType<typeof createVisitor>, code: string) =>
  v.call<CartJson>('PUT', `/api/cart/voucher/${encodeURIComponent(code)}`);
const discounts = (cart: CartJson) =>
  cart.orderPriceInfo.pricingBreakdown.filter((p) => p.adjustmentType === 'Order Discount');

describe('roles', () => {
  it('support and fulfilment may not list, read, create, change, disable or enable: 403, audited, nothing changed', async () => {
    const code = newCode();
    expect((await create(basic(code))).status).toBe(200);
    const before = await voucherRow(code);
    for (const role of ['support', 'fulfilment']) {
      const staff = await signIn(role);
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/admin/vouchers'],
        ['GET', `/api/admin/vouchers/${code}`],
        ['POST', '/api/admin/vouchers', basic(newCode())],
        ['POST', `/api/admin/vouchers/${code}`, { description: 'Changed', totalUses: 1 }],
        ['POST', `/api/admin/vouchers/${code}/disable`],
        ['POST', `/api/admin/vouchers/${code}/enable`],
      ];
      for (const [method, path, body] of calls) {
        const res = await staff.call(method, path, body);
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
      }
      const refused = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actor, `${role}@staff.example`), eq(auditLog.outcome, 'refused')));
      expect(refused.map((r) => r.action)).toEqual(
        expect.arrayContaining([
          'vouchers.read',
          'vouchers.create',
          'vouchers.change',
          'vouchers.disable',
          'vouchers.enable',
        ]),
      );
    }
    expect(await voucherRow(code)).toEqual(before);
  });

  it('a site-limited account sees no voucher of another site (404) and may not make one there', async () => {
    const code = newCode();
    expect((await create(basic(code, { sites: ['law-au', 'vir-au'] }))).status).toBe(200);
    // hk@staff.example is support: give the test a manager limited to the HK sites through the table itself.
    await db().execute(sql`update staff set role = 'manager' where email = 'hk@staff.example'`);
    try {
      const hk = await signIn('hk');
      expect((await hk.call('GET', `/api/admin/vouchers/${code}`)).status).toBe(404);
      const list = await hk.call<{ vouchers: VoucherView[] }>('GET', '/api/admin/vouchers');
      expect(list.status).toBe(200);
      expect(list.body.response.vouchers.map((v) => v.code)).not.toContain(code);
      const made = await hk.call('POST', '/api/admin/vouchers', basic(newCode(), { sites: ['law-au'] }));
      expect(made.status).toBe(404);
      const own = await hk.call('POST', '/api/admin/vouchers', basic(newCode('HK'), { sites: ['law-hk', 'hlw-hk'] }));
      expect(own.status, JSON.stringify(own.body)).toBe(200);
    } finally {
      await db().execute(sql`update staff set role = 'support' where email = 'hk@staff.example'`);
    }
  });
});

describe('create', () => {
  it('refuses what is not a voucher, each with a message that says what to do', async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [basic('x'), 400, STAFF_VOUCHER_TEXTS.code],
      [basic('HAS SPACE'), 400, STAFF_VOUCHER_TEXTS.code],
      [basic('REF-ABC234'), 400, STAFF_VOUCHER_TEXTS.referralCode],
      [basic(newCode(), { amount: 'ten' }), 400, STAFF_VOUCHER_TEXTS.amount],
      [basic(newCode(), { amount: '0' }), 400, STAFF_VOUCHER_TEXTS.amount],
      [basic(newCode(), { amount: '5.555' }), 400, STAFF_VOUCHER_TEXTS.amount],
      [basic(newCode(), { minimumSpend: '-1' }), 400, STAFF_VOUCHER_TEXTS.minimum],
      [basic(newCode(), { totalUses: 0 }), 400, STAFF_VOUCHER_TEXTS.totalUses],
      [basic(newCode(), { description: '' }), 400, STAFF_VOUCHER_TEXTS.description],
      [basic(newCode(), { sites: [] }), 400, STAFF_VOUCHER_TEXTS.sites],
      [basic(newCode(), { sites: ['nowhere'] }), 400, STAFF_VOUCHER_TEXTS.sites],
      [basic(newCode(), { validFrom: '2026-13-45' }), 400, STAFF_VOUCHER_TEXTS.date],
      [basic(newCode(), { validFrom: day(5), validUntil: day(1) }), 400, STAFF_VOUCHER_TEXTS.dates],
      [basic(newCode(), { sites: ['law-au', 'law-nz'] }), 400, STAFF_VOUCHER_TEXTS.oneCurrency('AUD and NZD')],
      [basic(newCode(), { sites: ['law-tw'], amount: '100.50' }), 400, STAFF_VOUCHER_TEXTS.wholeAmount],
      // The cart reads codes upper case: welcome20 is WELCOME20.
      [basic(' welcome20 '), 409, STAFF_VOUCHER_TEXTS.codeTaken],
    ];
    for (const [body, status, message] of refusals) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.statusMessage, JSON.stringify(body)).toBe(message);
    }
    const [welcome] = await db().select().from(vouchers).where(eq(vouchers.code, 'WELCOME20'));
    expect(welcome?.description).not.toBe('Newsletter: 12.50 off');
  });

  it('makes a voucher in its sites’ currency, listed with its uses and limit, audited with its rule', async () => {
    const code = newCode();
    const res = await create(
      basic(code.toLowerCase(), {
        minimumSpend: 40,
        totalUses: 300,
        oncePerCustomer: true,
        validFrom: day(0),
        validUntil: day(30),
        sites: ['law-au', 'vir-au'],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.response).toMatchObject({
      code,
      kind: 'amount',
      value: 1250,
      currency: 'AUD',
      minimumSubtotalCents: 4000,
      oncePerCustomer: true,
      validFrom: day(0),
      validUntil: day(30),
      totalUses: 300,
      uses: 0,
      sites: ['law-au', 'vir-au'],
      active: true,
      createdBy: 'manager@staff.example',
    });
    const row = await voucherRow(code);
    expect(row?.expiresAt?.toISOString()).toBe(`${day(31)}T00:00:00.000Z`);
    const manager = await signIn('manager');
    let listed: VoucherView | undefined;
    let after: string | null = null;
    do {
      const page: { status: number; body: { response: { vouchers: VoucherView[]; next: string | null } } } =
        await manager.call('GET', `/api/admin/vouchers${after ? `?after=${after}` : ''}`);
      expect(page.status).toBe(200);
      listed ??= page.body.response.vouchers.find((v) => v.code === code);
      after = page.body.response.next;
    } while (after && !listed);
    expect(listed).toMatchObject({ uses: 0, totalUses: 300 });
    const [entry] = await auditOf(code);
    expect(entry).toMatchObject({ action: 'vouchers.create', outcome: 'done', actor: 'manager@staff.example' });
    expect(entry?.before).toBeNull();
    expect(entry?.after).toMatchObject({ discountValue: 1250, currency: 'AUD', totalUses: 300, active: true });
  });

  it('a TWD voucher takes a whole amount', async () => {
    const code = newCode('TW');
    const res = await create(basic(code, { sites: ['law-tw'], amount: '300' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toMatchObject({ value: 30_000, currency: 'TWD' });
  });
});

describe('change, disable and enable', () => {
  it('changes the description, dates and limits (audited before and after); disables and enables it', async () => {
    const code = newCode();
    expect((await create(basic(code))).status).toBe(200);
    const manager = await signIn('manager');
    const changed = await manager.call<VoucherView>('POST', `/api/admin/vouchers/${code.toLowerCase()}`, {
      description: 'Newsletter, December',
      minimumSpend: '60',
      oncePerCustomer: true,
      validUntil: day(10),
      totalUses: 5,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.response).toMatchObject({
      description: 'Newsletter, December',
      minimumSubtotalCents: 6000,
      totalUses: 5,
      validUntil: day(10),
      value: 1250,
    });
    const bad = await manager.call('POST', `/api/admin/vouchers/${code}`, { description: 'x', totalUses: 'many' });
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessage).toBe(STAFF_VOUCHER_TEXTS.totalUses);
    expect((await manager.call('POST', `/api/admin/vouchers/${code}/disable`)).body.response).toEqual({
      code,
      active: false,
    });
    expect((await voucherRow(code))?.active).toBe(false);
    expect((await manager.call('POST', `/api/admin/vouchers/${code}/enable`)).status).toBe(200);
    expect((await voucherRow(code))?.active).toBe(true);
    expect((await manager.call('POST', '/api/admin/vouchers/NO-SUCH-CODE/disable')).status).toBe(404);
    const entries = await auditOf(code);
    expect(entries.map((e) => e.action)).toEqual([
      'vouchers.create',
      'vouchers.change',
      'vouchers.disable',
      'vouchers.enable',
    ]);
    expect(entries[1]?.before).toMatchObject({ description: 'Newsletter: 12.50 off', totalUses: null });
    expect(entries[1]?.after).toMatchObject({ description: 'Newsletter, December', totalUses: 5 });
    expect(entries[2]).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('refuses a change from another origin', async () => {
    const code = newCode();
    expect((await create(basic(code))).status).toBe(200);
    const manager = await signIn('manager');
    const res = await manager.call('POST', `/api/admin/vouchers/${code}/disable`, undefined, undefined, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect((await voucherRow(code))?.active).toBe(true);
  });
});

describe('a code made in the console, in the cart and at checkout', () => {
  it('applies on its sites with its minimum spend and dates, not elsewhere, and not once disabled', async () => {
    const code = newCode();
    expect(
      (await create(basic(code, { minimumSpend: '40', validFrom: day(0), validUntil: day(2), sites: ['law-au'] })))
        .status,
    ).toBe(200);
    const shopper = createVisitor(() => t.app, 'law-au');
    expect((await shopper.add('D0001', 1)).status).toBe(200);
    const small = (await shopper.cart()).orderPriceInfo.subtotal;
    if (small >= 40) throw new Error('the test needs one D0001 below 40');
    const below = await applyCode(shopper, code.toLowerCase());
    expect(below.status).toBe(400);
    expect(below.body.statusMessage).toBe('This voucher needs an order of at least $40.00.');
    expect((await shopper.add('D0001', 6, true)).status).toBe(200);
    const applied = await applyCode(shopper, ` ${code.toLowerCase()} `);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(discounts(applied.body.response)).toEqual([
      expect.objectContaining({ promotionName: code, adjustmentAmount: 12.5 }),
    ]);

    const elsewhere = createVisitor(() => t.app, 'vir-au');
    expect((await elsewhere.add('D0001', 6)).status).toBe(200);
    const refused = await applyCode(elsewhere, code);
    expect(refused.status).toBe(400);
    expect(refused.body.statusMessage).toBe(VOUCHER_MESSAGES.otherSite);

    const manager = await signIn('manager');
    expect((await manager.call('POST', `/api/admin/vouchers/${code}/disable`)).status).toBe(200);
    const later = createVisitor(() => t.app, 'law-au');
    expect((await later.add('D0001', 6)).status).toBe(200);
    const disabled = await applyCode(later, code);
    expect(disabled.status).toBe(400);
    expect(disabled.body.statusMessage).toBe(VOUCHER_MESSAGES.invalid);
    // The cart that carries it no longer takes it off.
    expect(discounts(await shopper.cart())).toEqual([]);
    expect((await manager.call('POST', `/api/admin/vouchers/${code}/enable`)).status).toBe(200);

    // Before its first day, and after its last.
    const early = newCode();
    expect((await create(basic(early, { validFrom: day(1) }))).status).toBe(200);
    const tooEarly = await applyCode(later, early);
    expect(tooEarly.body.statusMessage).toBe(VOUCHER_MESSAGES.notStarted);
    clock.advance(3 * 86_400_000);
    try {
      const tooLate = await applyCode(later, code);
      expect(tooLate.status).toBe(400);
      expect(tooLate.body.statusMessage).toBe(VOUCHER_MESSAGES.expired);
    } finally {
      clock.advance(-3 * 86_400_000);
    }
  });

  it('once per customer: a second order by the same email in another spelling is refused', async () => {
    const code = newCode();
    expect((await create(basic(code, { oncePerCustomer: true }))).status).toBe(200);
    const place = async (email: string) => {
      const guest = createVisitor(() => t.app, 'law-au');
      expect((await guest.add('D0001', 6)).status).toBe(200);
      expect((await applyCode(guest, code)).status).toBe(200);
      return guest.call('POST', '/api/checkout/order', orderBody({ email, delivery: testAddressFor('law-au') }));
    };
    const first = await place('once.only@example.com');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await place('  Once.Only+news@Example.COM ');
    expect(second.status).toBe(409);
    expect(second.body.statusMessage).toBe(VOUCHER_MESSAGES.alreadyUsed);

    const manager = await signIn('manager');
    const page = await manager.call<VoucherPage>('GET', `/api/admin/vouchers/${code}`);
    expect(page.status).toBe(200);
    expect(page.body.response.voucher.uses).toBe(1);
    expect(page.body.response.uses).toEqual([
      expect.objectContaining({
        email: 'once.only@example.com',
        customerId: null,
        orderNumber: first.body.response.orderNumber,
      }),
    ]);
  });

  it('total uses: two checkouts at once never pass the limit; then the code is used up', async () => {
    const code = newCode();
    expect((await create(basic(code, { totalUses: 1 }))).status).toBe(200);
    const guests = await Promise.all(
      // Different wines: the two orders do not wait on one product's stock row, only on the code's lock.
      [
        ['a', 'D0001'],
        ['b', 'D0002'],
      ].map(async ([who, wine]) => {
        const guest = createVisitor(() => t.app, 'law-au');
        expect((await guest.add(wine as string, 6)).status).toBe(200);
        expect((await applyCode(guest, code)).status).toBe(200);
        return { guest, email: `limit.${who}@example.com` };
      }),
    );
    const placed = await Promise.all(
      guests.map(({ guest, email }) =>
        guest.call('POST', '/api/checkout/order', orderBody({ email, delivery: testAddressFor('law-au') })),
      ),
    );
    expect(placed.map((p) => p.status).sort()).toEqual([200, 409]);
    const refused = placed.find((p) => p.status === 409);
    expect(refused?.body.statusMessage).toBe(VOUCHER_LIMIT_MESSAGES.usedUp);
    const uses = await db().select().from(voucherUses).where(eq(voucherUses.voucherCode, code));
    expect(uses).toHaveLength(1);

    const late = createVisitor(() => t.app, 'law-au');
    expect((await late.add('D0001', 6)).status).toBe(200);
    const usedUp = await applyCode(late, code);
    expect(usedUp.status).toBe(400);
    expect(usedUp.body.statusMessage).toBe(VOUCHER_LIMIT_MESSAGES.usedUp);

    // Raising the limit lets it be used again.
    const manager = await signIn('manager');
    const raised = await manager.call('POST', `/api/admin/vouchers/${code}`, {
      description: 'Newsletter: 12.50 off',
      totalUses: 2,
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect((await applyCode(late, code)).status).toBe(200);
  });
});
