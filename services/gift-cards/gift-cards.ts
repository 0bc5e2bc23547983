import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { customers, giftCardLedger, giftCards, orders } from '../../db/schema';
import { giftCardCode } from '../../domain/checkout';
import type { Clock } from '../../domain/clock';
import {
  type AppliedCard,
  GIFT_CARD_VALID_YEARS,
  type GiftCardLedgerKind,
  giftCardText,
  last4Of,
  MAX_GIFT_CARDS_PER_ORDER,
  normaliseGiftCardCode,
  type SpendableCard,
  GIFT_CARD_ERRORS,
} from '../../domain/gift-cards';
import { VOUCHER_MESSAGES, VOUCHER_ERRORS } from '../../domain/vouchers';
import { type BudgetLimits, budgetsFor, isBudgetUsedUp, spendBudget } from '../platform/budgets';
import { ServiceError } from '../platform/service-error';

// Gift cards once issued. A code is never kept: only its keyed hash (HMAC-SHA-256 under GIFT_CARD_KEY: a database
// read alone gives no spendable code) and its last 4 characters. A card's balance is the sum of its ledger; spending
// takes the card's row lock, then reads the balance, so two orders at once never spend more than it holds.

/** GIFT_CARD_KEY as bytes (server/gift-card-key.ts finds it). */
export type GiftCardKey = Buffer;

/** The lookup hash of a code, however it was typed. */
export function codeHashOf(key: GiftCardKey, code: string): string {
  return createHmac('sha256', key)
    .update(`gift-card:${normaliseGiftCardCode(code)}`)
    .digest('hex');
}

function sealingKey(key: GiftCardKey): Buffer {
  return createHash('sha256').update('gift-card-seal:').update(key).digest();
}

/**
 * A code sealed for the outbox (AES-256-GCM under a key derived from GIFT_CARD_KEY): the recipient's email is kept
 * until it is sent without its code readable there; the sender opens it (`openCode`) at the last moment.
 */
export function sealCode(key: GiftCardKey, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(key), iv);
  const sealed = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

export function openCode(key: GiftCardKey, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('not a sealed gift card code');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(key), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

export interface NewGiftCard {
  amountCents: number;
  currency: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
}

/** A card just issued: its code is known only here (for the recipient's email) and never again. */
export interface IssuedGiftCard extends NewGiftCard {
  id: number;
  code: string;
  last4: string;
  expiresAt: Date;
}

function expiryOf(issuedAt: Date): Date {
  const expires = new Date(issuedAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + GIFT_CARD_VALID_YEARS);
  return expires;
}

/**
 * Issues the cards of an order, each with its ledger's `issue` entry; `held`, without it: checkout's cards hold
 * nothing until the order's payment is captured (services/orders/gifts.ts writes the entries then).
 */
export async function issueGiftCards(
  tx: Db,
  key: GiftCardKey,
  order: { orderId: number; siteId: string },
  cards: readonly NewGiftCard[],
  now: Date,
  options: { held?: boolean } = {},
): Promise<IssuedGiftCard[]> {
  if (cards.length === 0) return [];
  const { orderId, siteId } = order;
  const withCodes = cards.map((card) => ({ ...card, code: giftCardCode(randomBytes(16)) }));
  const rows = await tx
    .insert(giftCards)
    .values(
      withCodes.map((card) => ({
        codeHash: codeHashOf(key, card.code),
        last4: last4Of(card.code),
        orderId,
        siteId,
        currency: card.currency,
        amountCents: card.amountCents,
        recipientName: card.recipientName,
        recipientEmail: card.recipientEmail,
        message: card.message,
        createdAt: now,
        expiresAt: expiryOf(now),
      })),
    )
    .returning({ id: giftCards.id, last4: giftCards.last4, expiresAt: giftCards.expiresAt });
  const issued = withCodes.map((card, i) => {
    const row = rows[i];
    if (!row) throw new Error('a gift card was not kept');
    return { ...card, id: row.id, last4: row.last4, expiresAt: row.expiresAt };
  });
  if (options.held) return issued;
  const entries = issued
    .filter((card) => card.amountCents > 0)
    .map((card) => ({ giftCardId: card.id, kind: 'issue' as const, amountCents: card.amountCents, orderId, at: now }));
  if (entries.length > 0) await tx.insert(giftCardLedger).values(entries);
  return issued;
}

/** The balances of cards, from their ledgers (a card without entries holds nothing). */
export async function balancesOf(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const balances = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return balances;
  const rows = await db
    .select({ id: giftCardLedger.giftCardId, balance: sql<string>`coalesce(sum(${giftCardLedger.amountCents}), 0)` })
    .from(giftCardLedger)
    .where(inArray(giftCardLedger.giftCardId, [...ids]))
    .groupBy(giftCardLedger.giftCardId);
  for (const row of rows) balances.set(row.id, Number(row.balance));
  return balances;
}

type CardRow = typeof giftCards.$inferSelect;

/**
 * The card of a code with its balance (the sum of its ledger), in one read. NOTE: the subquery names the outer
 * table itself: a column of the query's one table is written unqualified, which the ledger's own `id` would capture.
 */
async function findByCode(
  db: Db,
  key: GiftCardKey,
  code: string,
): Promise<(CardRow & { balanceCents: number }) | null> {
  if (normaliseGiftCardCode(code).length < 8) return null;
  const [row] = await db
    .select({
      card: giftCards,
      balance: sql<string>`coalesce((select sum(${giftCardLedger.amountCents}) from ${giftCardLedger}
        where ${giftCardLedger.giftCardId} = ${sql.identifier('gift_cards')}.${sql.identifier('id')}), 0)`,
    })
    .from(giftCards)
    .where(eq(giftCards.codeHash, codeHashOf(key, code)))
    .limit(1);
  return row ? { ...row.card, balanceCents: Number(row.balance) } : null;
}

/** What asks for a card by its code: a guessable code, so a wrong one spends from the address's code budget. */
export interface GiftCardLookup {
  db: Db;
  key: GiftCardKey;
  clock: Clock;
  clientAddress: string;
  budgets: Pick<BudgetLimits, 'codesPerAddress'>;
}

/**
 * The card of a code. Once the address has used up its code budget every try is refused before the code is looked
 * at (a right guess then tells nothing); a wrong code spends one try.
 */
async function cardOfCode(ctx: GiftCardLookup, code: string): Promise<CardRow & { balanceCents: number }> {
  const now = ctx.clock.now();
  const budgets = budgetsFor('code', ctx.budgets.codesPerAddress, ctx.clientAddress);
  if (await isBudgetUsedUp(ctx.db, now, budgets)) throw new ServiceError(VOUCHER_ERRORS.tooManyTries);
  const card = await findByCode(ctx.db, ctx.key, code);
  if (card) return card;
  await spendBudget(ctx.db, now, budgets, VOUCHER_MESSAGES.tooManyTries);
  throw new ServiceError(GIFT_CARD_ERRORS.unknown);
}

export interface GiftCardBalance {
  last4: string;
  currency: string;
  balanceCents: number;
  amountCents: number;
  expiresAt: string;
  expired: boolean;
  /** Stopped by staff: it holds its balance but pays for nothing. */
  disabled: boolean;
}

/** What a code holds (the balance page and GET-free lookups): budgeted like every guessable code. */
export async function giftCardBalance(ctx: GiftCardLookup, code: string): Promise<GiftCardBalance> {
  if (!normaliseGiftCardCode(code)) throw new ServiceError(GIFT_CARD_ERRORS.code);
  const card = await cardOfCode(ctx, code);
  return {
    last4: card.last4,
    currency: card.currency,
    balanceCents: card.balanceCents,
    amountCents: card.amountCents,
    expiresAt: card.expiresAt.toISOString(),
    expired: card.expiresAt.getTime() <= ctx.clock.now().getTime(),
    disabled: card.disabledAt !== null,
  };
}

/**
 * The cards a checkout names, checked for spending on this site now: each known, in the site's currency, not expired
 * and not empty; the same card named twice counts once; at most MAX_GIFT_CARDS_PER_ORDER.
 */
export async function cardsForCheckout(
  ctx: GiftCardLookup,
  codes: readonly string[],
  currency: string,
): Promise<SpendableCard[]> {
  const named = codes.map((c) => c.trim()).filter(Boolean);
  if (named.length === 0) return [];
  const cards: SpendableCard[] = [];
  const seen = new Set<number>();
  for (const code of named) {
    const card = await cardOfCode(ctx, code);
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    if (seen.size > MAX_GIFT_CARDS_PER_ORDER) throw new ServiceError(GIFT_CARD_ERRORS.tooMany);
    if (card.currency !== currency)
      throw new ServiceError(GIFT_CARD_ERRORS.otherCurrency, giftCardText.otherCurrency(card.last4, card.currency));
    if (card.expiresAt.getTime() <= ctx.clock.now().getTime())
      throw new ServiceError(GIFT_CARD_ERRORS.expired, giftCardText.expired(card.last4));
    if (card.disabledAt) throw new ServiceError(GIFT_CARD_ERRORS.disabled, giftCardText.disabled(card.last4));
    if (card.balanceCents <= 0) throw new ServiceError(GIFT_CARD_ERRORS.empty, giftCardText.empty(card.last4));
    cards.push({ id: card.id, last4: card.last4, balanceCents: card.balanceCents });
  }
  return cards;
}

/**
 * The cards a checkout planned to pay with, locked for the order's transaction (in id order: no deadlock between two
 * orders) and answered in the order given with their balances as they are now: what the order may spend.
 */
export async function lockGiftCards(tx: Db, cards: readonly { id: number; last4: string }[]): Promise<SpendableCard[]> {
  if (cards.length === 0) return [];
  const ids = cards.map((card) => card.id).sort((a, b) => a - b);
  const locked = await tx
    .select({ id: giftCards.id, last4: giftCards.last4, disabledAt: giftCards.disabledAt })
    .from(giftCards)
    .where(inArray(giftCards.id, ids))
    .orderBy(asc(giftCards.id))
    .for('update');
  // Stopped by staff since the checkout looked at it: it pays nothing (its balance stays on it).
  const stopped = locked.find((card) => card.disabledAt);
  if (stopped) throw new ServiceError(GIFT_CARD_ERRORS.disabled, giftCardText.disabled(stopped.last4));
  const balances = await balancesOf(tx, ids);
  return cards.map((card) => ({ id: card.id, last4: card.last4, balanceCents: balances.get(card.id) ?? 0 }));
}

/** Spends what each card pays of the order (locked and its balance read under the lock: lockGiftCards). */
export async function redeemGiftCards(
  tx: Db,
  applied: readonly AppliedCard[],
  orderId: number,
  now: Date,
): Promise<void> {
  const spending = applied.filter((card) => card.appliedCents > 0);
  if (spending.length === 0) return;
  await tx.insert(giftCardLedger).values(
    spending.map((card) => ({
      giftCardId: card.id,
      kind: 'redeem' as const,
      amountCents: -card.appliedCents,
      orderId,
      at: now,
    })),
  );
}

/** What each gift card paid of an order and has not had back yet, in the order they paid. */
export async function giftCardsPaidLeft(
  tx: Db,
  orderId: number,
): Promise<{ id: number; last4: string; leftCents: number }[]> {
  const rows = await tx
    .select({
      id: giftCardLedger.giftCardId,
      last4: giftCards.last4,
      first: sql<number>`min(${giftCardLedger.id})`,
      left: sql<string>`-sum(${giftCardLedger.amountCents})`,
    })
    .from(giftCardLedger)
    .innerJoin(giftCards, eq(giftCards.id, giftCardLedger.giftCardId))
    .where(and(eq(giftCardLedger.orderId, orderId), inArray(giftCardLedger.kind, ['redeem', 'refund'])))
    .groupBy(giftCardLedger.giftCardId, giftCards.last4)
    .orderBy(sql`min(${giftCardLedger.id})`);
  return rows.map((r) => ({ id: r.id, last4: r.last4, leftCents: Number(r.left) })).filter((r) => r.leftCents > 0);
}

/** A card a refund goes back to stays valid at least this long after it. */
const REFUND_SPENDABLE_FOR_MS = 365 * 24 * 3_600_000;

/**
 * Gives amounts back to the gift cards that paid an order (its refund or cancellation). A card past its expiry, or
 * within a year of it, would hold money that cannot be spent: it is valid again for as long as a new card.
 */
export async function refundToGiftCards(
  tx: Db,
  orderId: number,
  parts: readonly { id: number; cents: number }[],
  now: Date,
): Promise<void> {
  const entries = parts
    .filter((p) => p.cents > 0)
    .map((p) => ({ giftCardId: p.id, kind: 'refund' as const, amountCents: p.cents, orderId, at: now }));
  if (entries.length === 0) return;
  await tx.insert(giftCardLedger).values(entries);
  await tx
    .update(giftCards)
    .set({ expiresAt: expiryOf(now) })
    .where(
      and(
        inArray(
          giftCards.id,
          entries.map((e) => e.giftCardId),
        ),
        lt(giftCards.expiresAt, new Date(now.getTime() + REFUND_SPENDABLE_FOR_MS)),
      ),
    );
}

/**
 * The cards an order bought end with it (its cancellation, or the refund of its e-gift line): their balance is
 * written off. A card already spent from refuses it: that money has been used.
 */
export async function voidIssuedGiftCards(tx: Db, orderId: number, now: Date): Promise<number> {
  const cards = await tx
    .select({ id: giftCards.id, amountCents: giftCards.amountCents })
    .from(giftCards)
    .where(eq(giftCards.orderId, orderId))
    .orderBy(asc(giftCards.id))
    .for('update');
  if (cards.length === 0) return 0;
  const balances = await balancesOf(
    tx,
    cards.map((c) => c.id),
  );
  if (cards.some((c) => (balances.get(c.id) ?? 0) !== c.amountCents)) throw new ServiceError(GIFT_CARD_ERRORS.spent);
  const entries = cards
    .filter((c) => c.amountCents > 0)
    .map((c) => ({ giftCardId: c.id, kind: 'expire' as const, amountCents: -c.amountCents, orderId, at: now }));
  if (entries.length > 0) await tx.insert(giftCardLedger).values(entries);
  return cards.length;
}

/**
 * Cards past their expiry that still hold a balance end: an `expire` entry takes it to zero (the outbox worker runs
 * this every hour). Each card's row is locked first, as for spending; answers how many cards ended.
 */
export async function expireGiftCards(db: Db, now: Date, limit = 500): Promise<number> {
  return inTransaction(db, async (tx) => {
    const due = await tx
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(
        sql`${giftCards.expiresAt} <= ${now.toISOString()}::timestamptz and exists (
          select 1 from ${giftCardLedger} where ${giftCardLedger.giftCardId} = ${giftCards.id}
          group by ${giftCardLedger.giftCardId} having sum(${giftCardLedger.amountCents}) > 0)`,
      )
      .orderBy(asc(giftCards.id))
      .limit(limit)
      .for('update');
    if (due.length === 0) return 0;
    const balances = await balancesOf(
      tx,
      due.map((card) => card.id),
    );
    const entries = [...balances]
      .filter(([, balance]) => balance > 0)
      .map(([giftCardId, balance]) => ({
        giftCardId,
        kind: 'expire' as const,
        amountCents: -balance,
        orderId: null,
        at: now,
      }));
    if (entries.length > 0) await tx.insert(giftCardLedger).values(entries);
    return entries.length;
  });
}

export interface GiftCardHistoryEntry {
  kind: GiftCardLedgerKind;
  amountCents: number;
  at: string;
  orderNumber: string | null;
}

export interface CustomerGiftCard {
  id: number;
  last4: string;
  currency: string;
  amountCents: number;
  balanceCents: number;
  expiresAt: string;
  expired: boolean;
  /** 'bought' by this customer (for someone), or 'received' (sent to their email). */
  relation: 'bought' | 'received';
  recipientName: string;
  history: GiftCardHistoryEntry[];
}

/**
 * The cards a customer bought (their orders) or received (sent to their email, once the account has proved it owns
 * that mailbox: anyone can register an address), newest first, with their ledgers.
 */
export async function listCustomerGiftCards(
  db: Db,
  clock: Clock,
  customer: { id: number; email: string },
): Promise<CustomerGiftCard[]> {
  const rows = await db
    .select({ card: giftCards, buyer: orders.customerId })
    .from(giftCards)
    // A goodwill card (issued in the console) has no order: it holds its balance from its issue.
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .where(
      sql`(${orders.givenAt} is not null or ${giftCards.orderId} is null) and (${orders.customerId} = ${customer.id} or (lower(${giftCards.recipientEmail}) = ${customer.email.toLowerCase()}
        and exists (select 1 from ${customers} where ${customers.id} = ${customer.id} and ${customers.emailVerifiedAt} is not null)))`,
    )
    .orderBy(desc(giftCards.id))
    .limit(100);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.card.id);
  const entries = await db
    .select({
      giftCardId: giftCardLedger.giftCardId,
      kind: giftCardLedger.kind,
      amountCents: giftCardLedger.amountCents,
      at: giftCardLedger.at,
      orderNumber: orders.orderNumber,
    })
    .from(giftCardLedger)
    .leftJoin(orders, eq(orders.id, giftCardLedger.orderId))
    .where(inArray(giftCardLedger.giftCardId, ids))
    .orderBy(asc(giftCardLedger.id));
  const now = clock.now().getTime();
  return rows.map(({ card, buyer }) => {
    const history = entries
      .filter((e) => e.giftCardId === card.id)
      .map((e) => ({ kind: e.kind, amountCents: e.amountCents, at: e.at.toISOString(), orderNumber: e.orderNumber }));
    return {
      id: card.id,
      last4: card.last4,
      currency: card.currency,
      amountCents: card.amountCents,
      balanceCents: history.reduce((sum, e) => sum + e.amountCents, 0),
      expiresAt: card.expiresAt.toISOString(),
      expired: card.expiresAt.getTime() <= now,
      relation: buyer === customer.id ? 'bought' : 'received',
      recipientName: card.recipientName,
      history,
    };
  });
}

/**
 * Cards issued before codes were hashed get their hash, and their code is dropped (run once at start; it finds
 * nothing to do afterwards).
 */
export async function hashPlainGiftCardCodes(db: Db, keyOf: () => GiftCardKey): Promise<number> {
  const plain = await db
    .select({ id: giftCards.id, code: giftCards.code })
    .from(giftCards)
    .where(sql`${giftCards.code} is not null`);
  // The key is asked for only when there is something to hash.
  if (plain.length === 0) return 0;
  const key = keyOf();
  for (const row of plain) {
    await db
      .update(giftCards)
      .set({ codeHash: codeHashOf(key, row.code ?? ''), code: null })
      .where(eq(giftCards.id, row.id));
  }
  return plain.length;
}

/** The cards an order bought get their balance (the ledger's `issue` entries) once its payment is captured. */
export async function activateOrderGiftCards(tx: Db, orderId: number, now: Date): Promise<void> {
  const cards = await tx
    .select({ id: giftCards.id, amountCents: giftCards.amountCents })
    .from(giftCards)
    .where(eq(giftCards.orderId, orderId));
  const entries = cards
    .filter((card) => card.amountCents > 0)
    .map((card) => ({ giftCardId: card.id, kind: 'issue' as const, amountCents: card.amountCents, orderId, at: now }));
  if (entries.length > 0) await tx.insert(giftCardLedger).values(entries);
}

/**
 * A goodwill card a staff member issues (no order buys it): it holds its amount at once, its `issue` entry names the
 * staff member, and it keeps its site. Its code is answered here once, for the recipient's email, and never again.
 */
export async function issueGoodwillCard(
  tx: Db,
  key: GiftCardKey,
  card: NewGiftCard & { siteId: string; staffId: number | null },
  now: Date,
): Promise<IssuedGiftCard> {
  const code = giftCardCode(randomBytes(16));
  const [row] = await tx
    .insert(giftCards)
    .values({
      codeHash: codeHashOf(key, code),
      last4: last4Of(code),
      orderId: null,
      issuedByStaffId: card.staffId,
      siteId: card.siteId,
      currency: card.currency,
      amountCents: card.amountCents,
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      message: card.message,
      createdAt: now,
      expiresAt: expiryOf(now),
    })
    .returning({ id: giftCards.id, last4: giftCards.last4, expiresAt: giftCards.expiresAt });
  if (!row) throw new Error('the gift card was not kept');
  await tx.insert(giftCardLedger).values({
    giftCardId: row.id,
    kind: 'issue',
    amountCents: card.amountCents,
    orderId: null,
    staffId: card.staffId,
    at: now,
  });
  return {
    id: row.id,
    code,
    last4: row.last4,
    expiresAt: row.expiresAt,
    amountCents: card.amountCents,
    currency: card.currency,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    message: card.message,
  };
}

/** The card of a whole code however it is typed (spaces, dashes, case), without the shoppers' code budget. */
export async function giftCardIdOfCode(db: Db, key: GiftCardKey, code: string): Promise<number | null> {
  const card = await findByCode(db, key, code);
  return card?.id ?? null;
}
