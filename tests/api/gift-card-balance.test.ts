import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, outbox } from '../../db/schema';
import { systemClock } from '../../domain/clock';
import { giftCardKeyOf, testConfig } from '../../server/config';
import type { GiftCardMail } from '../../services/gift-cards/email';
import { type GiftCardBalance, listCustomerGiftCards, openCode } from '../../services/gift-cards/gift-cards';
import { giftCardBody, orderBody } from '../support/checkout-input';
import { createVisitor, useTestApp } from '../support/test-app';

// POST /api/gift-cards/balance: what a code holds, for whoever has the code. A wrong code spends a try of the
// address's code budget (3 an hour here); once it is spent even the right code is refused. The answer is personal:
// never stored. The account's gift cards list the cards a customer bought and the cards sent to their email.

const t = useTestApp({ TRUST_PROXY: 'true', CODE_TRIES_PER_HOUR: '3' });
const db = () => t.testDb.database.db;
let nextAddress = 1;
const visitor = (site = 'law-au', address = `10.7.0.${nextAddress++}`) => createVisitor(() => t.app, site, { address });

/** Buys an e-gift card for `recipientEmail` and reads its code from the recipient's queued email. */
async function buyGiftCard(amount: number, recipientEmail: string, buyer?: string) {
  const v = visitor();
  if (buyer) expect((await v.login(buyer)).status).toBe(200);
  const line = giftCardBody(amount, { recipientEmail, verifyEmail: recipientEmail, recipientName: 'Rae Tan' });
  expect((await v.call('PUT', '/api/cart/eItemCode', line)).status).toBe(200);
  const placed = await v.call<{ orderNumber: string }>(
    'POST',
    '/api/checkout/order',
    orderBody({ email: buyer ? undefined : 'gift.buyer@example.com' }),
  );
  expect(placed.status).toBe(200);
  const [job] = await db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.kind, 'gift-card-email'))
    .orderBy(desc(outbox.id))
    .limit(1);
  const mail = job!.payload as GiftCardMail;
  expect(mail.to).toBe(recipientEmail);
  return {
    code: openCode(giftCardKeyOf(testConfig()), mail.sealedCode),
    orderNumber: placed.body.response.orderNumber,
  };
}

const balanceOf = (v: ReturnType<typeof visitor>, code: string) =>
  v.call<GiftCardBalance>('POST', '/api/gift-cards/balance', { code });

describe('a gift card balance by its code', () => {
  it('answers the card in any spelling of its code: case, spaces, dashes; never stored', async () => {
    const { code } = await buyGiftCard(75, 'rae.tan@example.com');
    const plain = code.replace(/[^A-Za-z0-9]/g, '');
    const spaced = plain.match(/.{1,4}/g)!.join(' ');
    const v = visitor();
    for (const spelling of [code, plain.toLowerCase(), ` ${spaced} `, plain.match(/.{1,4}/g)!.join('-')]) {
      const res = await balanceOf(v, spelling);
      expect(res.status, spelling).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.response).toEqual({
        last4: plain.slice(-4).toUpperCase(),
        currency: 'AUD',
        balanceCents: 7_500,
        amountCents: 7_500,
        expiresAt: expect.any(String),
        expired: false,
        disabled: false,
      });
    }
    const { expiresAt } = (await balanceOf(v, code)).body.response;
    expect((Date.parse(expiresAt) - Date.now()) / (365.25 * 24 * 3600 * 1000)).toBeGreaterThan(2.9);
  });

  it('a wrong code is 404 with its message, in the site language; an empty one is 400', async () => {
    const v = visitor();
    const wrong = await balanceOf(v, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(wrong.status).toBe(404);
    expect(wrong.body.statusMessage).toBe(
      'We could not find a gift card with that code. Check the code in the gift card email and try again.',
    );
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    // The server answers it in the site's language (the browser's catalogues leave gift card texts out).
    const hk = await balanceOf(visitor('law-hk'), 'ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(hk.status).toBe(404);
    expect(hk.body.statusMessage).toBe('我們找不到此代碼的禮品卡。請核對禮品卡電郵中的代碼，然後再試。');
    const empty = await balanceOf(visitor(), ' - ');
    expect(empty.status).toBe(400);
    expect(empty.body.statusMessage).toBe('Please enter the gift card code.');
  });

  it("wrong codes spend the address's budget; once spent, even the right code is 429", async () => {
    const { code } = await buyGiftCard(30, 'budget.gift@example.com');
    const address = '10.7.9.1';
    const v = visitor('law-au', address);
    // Right codes cost nothing.
    for (let i = 0; i < 4; i++) expect((await balanceOf(v, code)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await balanceOf(v, `WRONG${i}WRONG${i}WRONG`)).status).toBe(404);
    const refused = await balanceOf(v, code);
    expect(refused.status).toBe(429);
    expect(refused.body.statusMessage).toBe('Too many codes tried. Please wait an hour and try again.');
    expect(JSON.stringify(refused.body)).not.toContain(code.slice(-4));
    // Another address has its own budget.
    expect((await balanceOf(visitor('law-au', '10.7.9.2'), code)).status).toBe(200);
  });
});

describe("the account's gift cards", () => {
  it('lists a card the customer bought and a card sent to their email, each with its history', async () => {
    const bought = await buyGiftCard(40, 'friend.of.shopper@example.com', 'shopper@example.com');
    const received = await buyGiftCard(60, 'Shopper@Example.com');
    const [shopper] = await db()
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(eq(customers.email, 'shopper@example.com'));
    const cards = await listCustomerGiftCards(db(), systemClock, shopper!);
    const byLast4 = new Map(cards.map((card) => [card.last4, card]));
    const mine = byLast4.get(bought.code.slice(-4));
    expect(mine).toEqual(
      expect.objectContaining({
        relation: 'bought',
        recipientName: 'Rae Tan',
        amountCents: 4_000,
        balanceCents: 4_000,
        currency: 'AUD',
        expired: false,
      }),
    );
    expect(mine!.history).toEqual([
      { kind: 'issue', amountCents: 4_000, at: expect.any(String), orderNumber: bought.orderNumber },
    ]);
    const theirs = byLast4.get(received.code.slice(-4));
    expect(theirs).toEqual(expect.objectContaining({ relation: 'received', amountCents: 6_000, balanceCents: 6_000 }));
    expect(theirs!.history).toEqual([
      { kind: 'issue', amountCents: 6_000, at: expect.any(String), orderNumber: received.orderNumber },
    ]);
    // Another customer sees neither.
    const [other] = await db()
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(eq(customers.email, 'planner@example.com'));
    const others = (await listCustomerGiftCards(db(), systemClock, other!)).map((card) => card.last4);
    expect(others).not.toContain(bought.code.slice(-4));
    expect(others).not.toContain(received.code.slice(-4));
  });

  it('lists a card sent to the email only once the account has proved the mailbox; its own purchases at once', async () => {
    const email = 'unproved.recipient@example.com';
    expect((await visitor().register(email, 'Vintage2026')).status).toBe(200);
    const received = await buyGiftCard(30, 'Unproved.Recipient@example.com');
    const bought = await buyGiftCard(35, 'someone.else@example.com', email);
    const [account] = await db()
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(eq(customers.email, email));
    const listed = async () => (await listCustomerGiftCards(db(), systemClock, account!)).map((card) => card.last4);
    expect(await listed()).toEqual([bought.code.slice(-4)]);

    const jobs = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.kind, 'account-email'));
    const link = jobs.map((j) => j.payload as { to: string; text: string }).find((m) => m.to === email);
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(link?.text ?? '')?.[1];
    expect((await visitor().call('POST', '/api/authentication/verify-email', { token })).status).toBe(200);
    expect(await listed()).toEqual([bought.code.slice(-4), received.code.slice(-4)]);
  });
});
