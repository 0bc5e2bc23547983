import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { I18n } from '@lingui/core';
import { type Db, inTransaction } from '../../db/client';
import { customers, giftCardLedger, giftCards, orders, staff } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { type GiftCardLedgerKind, normaliseGiftCardCode } from '../../domain/gift-cards';
import { getSite, type Site, type SiteId } from '../../domain/sites';
import { STAFF_ERRORS, type StaffMember } from '../../domain/staff';
import { type GiftCardFindInput, type GoodwillCardInput, STAFF_VOUCHER_ERRORS } from '../../domain/staff-vouchers';
import { type GiftCardMail, renderGiftCardEmail } from '../gift-cards/email';
import { type GiftCardKey, giftCardIdOfCode, issueGoodwillCard } from '../gift-cards/gift-cards';
import { enqueue } from '../platform/outbox';
import { ServiceError } from '../platform/service-error';
import { requireStaffPermission, type StaffRequest } from './access';
import { writeAudit } from './audit';

// The console's gift cards (CONTRACT.md `/admin/gift-cards`): find a card by its whole code (as the balance check
// reads it) or by its last 4 with the buyer's or the recipient's email; a card's balance and ledger, with who made
// each entry; disable a card; issue a goodwill card to an email. A card's code is never answered or audited: only its
// last 4 (the recipient's email carries the code, sealed in the outbox until it is sent).

export interface StaffGiftCardContext {
  db: Db;
  clock: Clock;
  key: GiftCardKey;
}

/** The site a card belongs to: its own, else its order's. */
const siteOfCard = sql<string | null>`coalesce(${giftCards.siteId}, ${orders.siteId})`;

/** A site-limited account finds only its sites' cards (a card of no known site is the whole shop's). */
function seenBy(member: StaffMember) {
  if (member.sites.length === 0) return undefined;
  return sql`${siteOfCard} = any(${`{${member.sites.join(',')}}`}::text[])`;
}

export interface GiftCardRowView {
  id: number;
  last4: string;
  siteId: string | null;
  currency: string;
  amountCents: number;
  balanceCents: number;
  recipientName: string;
  recipientEmail: string;
  disabled: boolean;
  /** The order that bought it; null for a goodwill card. */
  orderNumber: string | null;
}

const balanceOf = sql<number>`(select coalesce(sum(${giftCardLedger.amountCents}), 0)::int from ${giftCardLedger}
  where ${giftCardLedger.giftCardId} = ${giftCards.id})`;

function cardColumns() {
  return {
    id: giftCards.id,
    last4: giftCards.last4,
    siteId: siteOfCard,
    currency: giftCards.currency,
    amountCents: giftCards.amountCents,
    balanceCents: balanceOf,
    recipientName: giftCards.recipientName,
    recipientEmail: giftCards.recipientEmail,
    disabledAt: giftCards.disabledAt,
    orderNumber: orders.orderNumber,
  };
}

function rowView(r: {
  id: number;
  last4: string;
  siteId: string | null;
  currency: string;
  amountCents: number;
  balanceCents: number;
  recipientName: string;
  recipientEmail: string;
  disabledAt: Date | null;
  orderNumber: string | null;
}): GiftCardRowView {
  const { disabledAt, ...rest } = r;
  return { ...rest, balanceCents: Number(r.balanceCents), disabled: disabledAt !== null };
}

/**
 * The cards of a search: the one card of a whole code (any spelling), or the cards whose last 4 match and whose buyer
 * (the order's email or its customer's) or recipient has the email (any case). Not the shoppers' code budget: staff
 * are signed in with a second factor, and the search is theirs to make.
 */
export async function findGiftCards(
  ctx: StaffGiftCardContext,
  request: StaffRequest,
  input: GiftCardFindInput,
): Promise<GiftCardRowView[]> {
  await requireStaffPermission(ctx.db, ctx.clock, request, 'gift-cards.write', { action: 'gift-cards.find' });
  let where: ReturnType<typeof and>;
  if ('code' in input) {
    if (!normaliseGiftCardCode(input.code)) return [];
    const id = await giftCardIdOfCode(ctx.db, ctx.key, input.code);
    if (id === null) return [];
    where = eq(giftCards.id, id);
  } else {
    const email = input.email.toLowerCase();
    where = and(
      eq(giftCards.last4, input.last4),
      sql`(lower(${giftCards.recipientEmail}) = ${email} or lower(${orders.email}) = ${email}
        or lower(${customers.email}) = ${email})`,
    );
  }
  const rows = await ctx.db
    .select(cardColumns())
    .from(giftCards)
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(and(where, seenBy(request.member)))
    .orderBy(desc(giftCards.id))
    .limit(20);
  return rows.map(rowView);
}

/** The card's key facts for the checks before anything is read or changed (its site), or 404. */
async function cardKeyOf(db: Db, id: number) {
  const [row] = await db
    .select({ id: giftCards.id, last4: giftCards.last4, siteId: siteOfCard, disabledAt: giftCards.disabledAt })
    .from(giftCards)
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .where(eq(giftCards.id, id))
    .limit(1);
  if (!row) throw new ServiceError(STAFF_ERRORS.notFound);
  return row;
}

async function requireOnCard(ctx: StaffGiftCardContext, request: StaffRequest, action: string, id: number) {
  const key = await cardKeyOf(ctx.db, id);
  const by = await requireStaffPermission(ctx.db, ctx.clock, request, 'gift-cards.write', {
    action,
    recordType: 'gift-card',
    recordId: String(key.id),
    ...(key.siteId ? { siteId: key.siteId } : request.member.sites.length > 0 ? { siteId: 'no-site' } : {}),
  });
  return { key, by };
}

export interface GiftCardLedgerView {
  kind: GiftCardLedgerKind;
  amountCents: number;
  at: string;
  orderNumber: string | null;
  /** Who made the entry: the staff member (console entries), else the order's checkout or the shop's own jobs. */
  by: string;
}

/** A card's page: its balance, currency, site, the order that bought it or who issued it, and its ledger. */
export async function loadGiftCard(ctx: StaffGiftCardContext, request: StaffRequest, id: number) {
  await requireOnCard(ctx, request, 'gift-cards.read', id);
  const [card] = await ctx.db
    .select({
      ...cardColumns(),
      message: giftCards.message,
      expiresAt: giftCards.expiresAt,
      createdAt: giftCards.createdAt,
      buyerEmail: sql<string | null>`coalesce(${customers.email}, ${orders.email})`,
      issuedBy: staff.email,
    })
    .from(giftCards)
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(staff, eq(staff.id, giftCards.issuedByStaffId))
    .where(eq(giftCards.id, id));
  if (!card) throw new ServiceError(STAFF_ERRORS.notFound);
  const entries = await ctx.db
    .select({
      kind: giftCardLedger.kind,
      amountCents: giftCardLedger.amountCents,
      at: giftCardLedger.at,
      orderNumber: orders.orderNumber,
      staffEmail: staff.email,
    })
    .from(giftCardLedger)
    .leftJoin(orders, eq(orders.id, giftCardLedger.orderId))
    .leftJoin(staff, eq(staff.id, giftCardLedger.staffId))
    .where(eq(giftCardLedger.giftCardId, id))
    .orderBy(asc(giftCardLedger.id));
  const { buyerEmail, issuedBy, message, expiresAt, createdAt, disabledAt, ...row } = card;
  return {
    card: {
      ...rowView({ ...row, disabledAt }),
      disabledAt: disabledAt?.toISOString() ?? null,
      message,
      expiresAt: expiresAt.toISOString(),
      createdAt: createdAt.toISOString(),
      buyerEmail,
      issuedBy,
    },
    ledger: entries.map(
      (e): GiftCardLedgerView => ({
        kind: e.kind,
        amountCents: e.amountCents,
        at: e.at.toISOString(),
        orderNumber: e.orderNumber,
        by: e.staffEmail ?? (e.orderNumber ? `order ${e.orderNumber}` : e.kind === 'expire' ? 'expiry' : 'the shop'),
      }),
    ),
  };
}

export type StaffGiftCardPage = Awaited<ReturnType<typeof loadGiftCard>>;

/**
 * Disables a card: it no longer pays at checkout (services/gift-cards/gift-cards.ts refuses it, also under the lock of
 * an order already under way); its balance is kept and shown. Audited; disabled already is refused.
 */
export async function disableGiftCard(
  ctx: StaffGiftCardContext,
  request: StaffRequest,
  id: number,
): Promise<{ id: number; last4: string; disabledAt: string }> {
  const { key, by } = await requireOnCard(ctx, request, 'gift-cards.disable', id);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    // The card's row lock, as spending takes it: an order paying with it waits, then finds it disabled.
    const [row] = await tx
      .update(giftCards)
      .set({ disabledAt: now })
      .where(and(eq(giftCards.id, key.id), isNull(giftCards.disabledAt)))
      .returning({ id: giftCards.id, last4: giftCards.last4 });
    if (!row) throw new ServiceError(STAFF_VOUCHER_ERRORS.cardDisabled);
    await writeAudit(tx, now, by, {
      action: 'gift-cards.disable',
      recordType: 'gift-card',
      recordId: String(row.id),
      outcome: 'done',
      before: { last4: row.last4, disabledAt: null },
      after: { last4: row.last4, disabledAt: now.toISOString() },
    });
    return { id: row.id, last4: row.last4, disabledAt: now.toISOString() };
  });
}

export interface GoodwillContext extends StaffGiftCardContext {
  messagesFor: (site: Site) => Promise<I18n>;
  siteOriginOf: (siteId: SiteId) => string;
}

/**
 * Issues a goodwill card on a site, in its currency, to an email: it holds its amount at once, keeps its site and the
 * staff member who issued it, and its recipient gets the e-gift card email a bought card's recipient gets (through
 * the outbox, the code sealed). The answer and the audit entry name the card by its last 4 only.
 */
export async function issueGoodwill(ctx: GoodwillContext, request: StaffRequest, input: GoodwillCardInput) {
  const by = await requireStaffPermission(ctx.db, ctx.clock, request, 'gift-cards.write', {
    action: 'gift-cards.issue',
    recordType: 'gift-card',
    siteId: input.siteId,
  });
  const site = getSite(input.siteId);
  const messages = await ctx.messagesFor(site);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (tx) => {
    const card = await issueGoodwillCard(
      tx,
      ctx.key,
      {
        amountCents: input.amountCents,
        currency: input.currency,
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail,
        message: input.message,
        siteId: input.siteId,
        staffId: by.staffId,
      },
      now,
    );
    await enqueue(
      tx,
      'gift-card-email',
      renderGiftCardEmail(
        { site, siteOrigin: ctx.siteOriginOf(site.id), ...card },
        messages,
        ctx.key,
      ) satisfies GiftCardMail,
      now,
    );
    const view = {
      id: card.id,
      last4: card.last4,
      siteId: site.id,
      currency: card.currency,
      amountCents: card.amountCents,
      recipientName: card.recipientName,
      recipientEmail: card.recipientEmail,
      expiresAt: card.expiresAt.toISOString(),
    };
    await writeAudit(tx, now, by, {
      action: 'gift-cards.issue',
      recordType: 'gift-card',
      recordId: String(card.id),
      outcome: 'done',
      before: null,
      after: { ...view, messageLength: card.message.length },
    });
    return view;
  });
}
