import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customers, giftCardLedger, giftCards, outbox, staff } from '../../db/schema';
import { GIFT_CARD_MESSAGES } from '../../domain/gift-cards';
import { STAFF_TEXTS } from '../../domain/staff';
import { STAFF_VOUCHER_TEXTS } from '../../domain/staff-vouchers';
import { giftCardKeyOf, testConfig } from '../../server/config';
import { type GiftCardMail, openGiftCardMail } from '../../services/gift-cards/email';
import type { GiftCardRowView, StaffGiftCardPage } from '../../services/staff/gift-cards';
import type { CustomerPage } from '../../services/staff/customers';
import { giftCardBody, orderBody } from '../support/checkout-input';
import { useConsoleApp } from '../support/staff-session';
import { createVisitor } from '../support/test-app';

// The console's gift cards (CONTRACT.md `/admin/gift-cards`) through /api/admin/gift-cards: find a card by its code in
// any spelling or by its last 4 with an email, its balance and ledger, disable it (then it pays for nothing, its
// balance kept), issue a goodwill card (its email in the outbox); the roles, the audit rows, and never a code shown.

const t = useConsoleApp();
const { clock, db } = t;
const key = () => giftCardKeyOf(testConfig());
const signIn = (role: string) => t.signIn(`${role}@staff.example`);
const codeIn = (mail: GiftCardMail) => /Your gift card code: (\S+)/.exec(openGiftCardMail(mail, key()).text)?.[1] ?? '';

async function mailTo(recipient: string): Promise<GiftCardMail> {
  const jobs = await db().select().from(outbox).where(eq(outbox.kind, 'gift-card-email')).orderBy(desc(outbox.id));
  const mail = jobs.map((j) => j.payload as GiftCardMail).find((m) => m.to === recipient);
  if (!mail) throw new Error(`no gift card email to ${recipient}`);
  return mail;
}

/** A $100 card bought by `buyer` (a guest) for `recipient`; its id and code. */
async function boughtCard(buyer: string, recipient: string) {
  const shopper = createVisitor(() => t.app, 'law-au');
  const added = await shopper.call(
    'PUT',
    '/api/cart/eItemCode',
    giftCardBody(100, { recipientEmail: recipient, verifyEmail: recipient }),
  );
  expect(added.status).toBe(200);
  const placed = await shopper.call('POST', '/api/checkout/order', orderBody({ email: buyer, delivery: undefined }));
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const code = codeIn(await mailTo(recipient));
  const [card] = await db().select().from(giftCards).where(eq(giftCards.recipientEmail, recipient));
  return { id: card!.id, code, last4: card!.last4, orderNumber: placed.body.response.orderNumber as string };
}

async function balanceOf(id: number) {
  const [row] = await db()
    .select({ n: sql<number>`coalesce(sum(${giftCardLedger.amountCents}), 0)::int` })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, id));
  return Number(row?.n ?? 0);
}

/** Every audit row, as text: no card's code may be in one. */
async function auditText() {
  return JSON.stringify(await db().select().from(auditLog));
}

const goodwill = (overrides: Record<string, unknown> = {}) => ({
  siteId: 'law-au',
  amount: 60,
  recipientName: 'Grace Hopper',
  recipientEmail: 'grace.goodwill@example.com',
  message: 'Sorry about the broken bottle.',
  ...overrides,
});

describe('find and read', () => {
  it('finds a card by its code in another spelling, and by its last 4 with the buyer’s or recipient’s email', async () => {
    const card = await boughtCard('buyer.one@example.com', 'recipient.one@example.com');
    const manager = await signIn('manager');
    const find = async (body: Record<string, unknown>) => {
      const res = await manager.call<{ cards: GiftCardRowView[] }>('POST', '/api/admin/gift-cards/find', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(card.code);
      return res.body.response.cards.map((c) => c.id);
    };
    const spaced = card.code
      .toLowerCase()
      .replace(/(.{4})/g, '$1 ')
      .replace(/ $/, '');
    expect(await find({ code: spaced })).toEqual([card.id]);
    expect(await find({ code: ` ${card.code.split('').join('-')} ` })).toEqual([card.id]);
    expect(await find({ code: 'NOT-A-REAL-CODE-1234' })).toEqual([]);
    expect(await find({ last4: card.last4.toLowerCase(), email: 'Buyer.One@EXAMPLE.com' })).toEqual([card.id]);
    expect(await find({ last4: card.last4, email: 'RECIPIENT.one@example.com' })).toEqual([card.id]);
    expect(await find({ last4: card.last4, email: 'someone.else@example.com' })).toEqual([]);
    const bad = await manager.call('POST', '/api/admin/gift-cards/find', { last4: '12', email: 'a@example.com' });
    expect(bad.status).toBe(400);
    expect(bad.body.statusMessage).toBe(STAFF_VOUCHER_TEXTS.last4);

    const page = await manager.call<StaffGiftCardPage>('GET', `/api/admin/gift-cards/${card.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(page.body)).not.toContain(card.code);
    expect(page.body.response.card).toMatchObject({
      last4: card.last4,
      siteId: 'law-au',
      currency: 'AUD',
      balanceCents: 10_000,
      orderNumber: card.orderNumber,
      buyerEmail: 'buyer.one@example.com',
      disabled: false,
      issuedBy: null,
    });
    expect(page.body.response.ledger).toEqual([
      expect.objectContaining({ kind: 'issue', amountCents: 10_000, orderNumber: card.orderNumber }),
    ]);
  });

  it('support and fulfilment may not find, read, disable or issue: 403, audited, nothing changed', async () => {
    const card = await boughtCard('buyer.two@example.com', 'recipient.two@example.com');
    const cardsBefore = await db().select().from(giftCards).orderBy(asc(giftCards.id));
    for (const role of ['support', 'fulfilment']) {
      const staff = await signIn(role);
      const calls: [string, string, unknown?][] = [
        ['POST', '/api/admin/gift-cards/find', { code: card.code }],
        ['GET', `/api/admin/gift-cards/${card.id}`],
        ['POST', `/api/admin/gift-cards/${card.id}/disable`],
        ['POST', '/api/admin/gift-cards', goodwill({ recipientEmail: `${role}.refused@example.com` })],
      ];
      for (const [method, path, body] of calls) {
        const res = await staff.call(method, path, body);
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
        expect(res.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
      }
      const refused = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.actor, `${role}@staff.example`), eq(auditLog.outcome, 'refused')));
      expect(refused.map((r) => r.action)).toEqual(
        expect.arrayContaining(['gift-cards.find', 'gift-cards.read', 'gift-cards.disable', 'gift-cards.issue']),
      );
    }
    expect(await db().select().from(giftCards).orderBy(asc(giftCards.id))).toEqual(cardsBefore);
  });

  it('a site-limited account does not see another site’s card (404, audited)', async () => {
    const card = await boughtCard('buyer.three@example.com', 'recipient.three@example.com');
    await db().execute(sql`update staff set role = 'manager' where email = 'hk@staff.example'`);
    try {
      const hk = await signIn('hk');
      expect((await hk.call('GET', `/api/admin/gift-cards/${card.id}`)).status).toBe(404);
      expect((await hk.call('POST', `/api/admin/gift-cards/${card.id}/disable`)).status).toBe(404);
      const found = await hk.call<{ cards: GiftCardRowView[] }>('POST', '/api/admin/gift-cards/find', {
        code: card.code,
      });
      expect(found.body.response.cards).toEqual([]);
      expect((await hk.call('POST', '/api/admin/gift-cards', goodwill())).status).toBe(404);
    } finally {
      await db().execute(sql`update staff set role = 'support' where email = 'hk@staff.example'`);
    }
    expect((await db().select().from(giftCards).where(eq(giftCards.id, card.id)))[0]?.disabledAt).toBeNull();
  });
});

describe('disable', () => {
  it('a disabled card pays for nothing, at checkout or in its preview, and keeps its balance', async () => {
    const card = await boughtCard('buyer.four@example.com', 'recipient.four@example.com');
    const shopper = createVisitor(() => t.app, 'law-au');
    expect((await shopper.add('D0001', 1)).status).toBe(200);
    const preview = await shopper.call('POST', '/api/checkout/gift-cards', { codes: [card.code] });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);

    const manager = await signIn('manager');
    const disabled = await manager.call('POST', `/api/admin/gift-cards/${card.id}/disable`);
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    expect(JSON.stringify(disabled.body)).not.toContain(card.code);
    const again = await manager.call('POST', `/api/admin/gift-cards/${card.id}/disable`);
    expect(again.status).toBe(409);
    expect(again.body.statusMessage).toBe(STAFF_VOUCHER_TEXTS.cardDisabled);

    const stopped = GIFT_CARD_MESSAGES.disabled.replace('{last4}', card.last4);
    const refusedPreview = await shopper.call('POST', '/api/checkout/gift-cards', { codes: [card.code] });
    expect(refusedPreview.status).toBe(400);
    expect(refusedPreview.body.statusMessage).toBe(stopped);
    const order = await shopper.call(
      'POST',
      '/api/checkout/order',
      orderBody({ email: 'pays.with.card@example.com', giftCardCodes: [card.code] }),
    );
    expect(order.status).toBe(400);
    expect(order.body.statusMessage).toBe(stopped);
    expect(await balanceOf(card.id)).toBe(10_000);
    const balance = await createVisitor(() => t.app, 'law-au').call('POST', '/api/gift-cards/balance', {
      code: card.code,
    });
    expect(balance.body.response).toMatchObject({ balanceCents: 10_000, disabled: true });

    const page = await manager.call<StaffGiftCardPage>('GET', `/api/admin/gift-cards/${card.id}`);
    expect(page.body.response.card).toMatchObject({ disabled: true, balanceCents: 10_000 });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gift-cards.disable'), eq(auditLog.recordId, String(card.id))));
    expect(entry).toMatchObject({ outcome: 'done', actor: 'manager@staff.example' });
    expect(entry?.before).toEqual({ last4: card.last4, disabledAt: null });
    expect((entry?.after as { disabledAt?: string } | undefined)?.disabledAt).toBeTruthy();
    expect(await auditText()).not.toContain(card.code);
  });

  it('refuses a disable posted from another origin', async () => {
    const card = await boughtCard('buyer.five@example.com', 'recipient.five@example.com');
    const manager = await signIn('manager');
    const res = await manager.call('POST', `/api/admin/gift-cards/${card.id}/disable`, undefined, undefined, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect((await db().select().from(giftCards).where(eq(giftCards.id, card.id)))[0]?.disabledAt).toBeNull();
  });
});

describe('goodwill cards', () => {
  it('refuses an amount outside the site’s e-gift range, a bad email, a long message, an unknown site', async () => {
    const manager = await signIn('manager');
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(giftCards);
    const refusals: [Record<string, unknown>, string][] = [
      [goodwill({ amount: 24 }), STAFF_VOUCHER_TEXTS.goodwillAmount(25, 500)],
      [goodwill({ amount: 501 }), STAFF_VOUCHER_TEXTS.goodwillAmount(25, 500)],
      [goodwill({ amount: '20.50' }), STAFF_VOUCHER_TEXTS.goodwillAmount(25, 500)],
      [goodwill({ recipientEmail: 'not-an-email' }), STAFF_VOUCHER_TEXTS.email],
      [goodwill({ recipientName: ' ' }), STAFF_VOUCHER_TEXTS.recipientName],
      [goodwill({ message: 'x'.repeat(201) }), STAFF_VOUCHER_TEXTS.giftMessage],
      [goodwill({ siteId: 'nowhere' }), STAFF_VOUCHER_TEXTS.site],
    ];
    for (const [body, message] of refusals) {
      const res = await manager.call('POST', '/api/admin/gift-cards', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.statusMessage, JSON.stringify(body)).toBe(message);
    }
    expect(await db().select({ n: sql<number>`count(*)::int` }).from(giftCards)).toEqual(before);
  });

  it('issues a card on its site to an email: its code by email only, every entry by the staff member', async () => {
    const manager = await signIn('manager');
    const res = await manager.call<{ id: number; last4: string }>(
      'POST',
      '/api/admin/gift-cards',
      goodwill({ siteId: 'law-nz', amount: '75', recipientEmail: 'Grace.Goodwill@Example.com' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id, last4 } = res.body.response;
    const mail = await mailTo('Grace.Goodwill@Example.com');
    expect(mail.subject).toContain('Grace Hopper');
    const code = codeIn(mail);
    expect(code.slice(-4)).toBe(last4);
    expect(JSON.stringify(res.body)).not.toContain(code);
    expect(JSON.stringify(mail)).not.toContain(code);
    expect(openGiftCardMail(mail, key()).text).toContain('Sorry about the broken bottle.');
    expect(openGiftCardMail(mail, key()).text).toContain('law-nz.localhost');

    const [card] = await db().select().from(giftCards).where(eq(giftCards.id, id));
    expect(card).toMatchObject({ siteId: 'law-nz', currency: 'NZD', amountCents: 7500, orderId: null });
    const [staffRow] = await db().select({ id: staff.id }).from(staff).where(eq(staff.email, 'manager@staff.example'));
    expect(card?.issuedByStaffId).toBe(staffRow?.id);
    const ledger = await db().select().from(giftCardLedger).where(eq(giftCardLedger.giftCardId, id));
    expect(ledger).toEqual([expect.objectContaining({ kind: 'issue', amountCents: 7500, staffId: staffRow?.id })]);

    const page = await manager.call<StaffGiftCardPage>('GET', `/api/admin/gift-cards/${id}`);
    expect(page.body.response.card).toMatchObject({
      siteId: 'law-nz',
      balanceCents: 7500,
      issuedBy: 'manager@staff.example',
      orderNumber: null,
    });
    expect(page.body.response.ledger).toEqual([
      expect.objectContaining({ kind: 'issue', by: 'manager@staff.example' }),
    ]);
    expect(JSON.stringify(page.body)).not.toContain(code);
    const found = await manager.call<{ cards: GiftCardRowView[] }>('POST', '/api/admin/gift-cards/find', {
      last4,
      email: 'grace.goodwill@example.com',
    });
    expect(found.body.response.cards.map((c) => c.id)).toEqual([id]);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gift-cards.issue'), eq(auditLog.recordId, String(id))));
    expect(entry?.after).toMatchObject({ last4, amountCents: 7500, currency: 'NZD', siteId: 'law-nz' });
    expect(await auditText()).not.toContain(code);

    // It pays on its site.
    const shopper = createVisitor(() => t.app, 'law-nz');
    expect((await shopper.add('D0001', 1)).status).toBe(200);
    const preview = await shopper.call('POST', '/api/checkout/gift-cards', { codes: [code] });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  });

  it('shows on the console page of the customer it was sent to, and in their own account', async () => {
    const email = 'goodwill.customer@example.com';
    const shopper = createVisitor(() => t.app, 'law-au');
    expect((await shopper.register(email, 'Cellar2026x', 'Ada', 'Byron')).status).toBe(200);
    await db().update(customers).set({ emailVerifiedAt: clock.now() }).where(eq(customers.email, email));
    const [customer] = await db().select().from(customers).where(eq(customers.email, email));
    const manager = await signIn('manager');
    const issued = await manager.call<{ id: number; last4: string }>(
      'POST',
      '/api/admin/gift-cards',
      goodwill({ recipientEmail: 'Goodwill.Customer@example.com' }),
    );
    expect(issued.status).toBe(200);
    const page = await manager.call<CustomerPage>('GET', `/api/admin/customers/${customer!.id}`);
    expect(page.status).toBe(200);
    expect(page.body.response.giftCards).toEqual([
      expect.objectContaining({
        last4: issued.body.response.last4,
        siteId: 'law-au',
        balanceCents: 6000,
        relation: 'received',
      }),
    ]);
    const { listCustomerGiftCards } = await import('../../services/gift-cards/gift-cards');
    const own = await listCustomerGiftCards(db(), clock, { id: customer!.id, email });
    expect(own.map((c) => c.last4)).toEqual([issued.body.response.last4]);
  });
});
