import { and, asc, desc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import {
  carts,
  customerAddresses,
  customerPoints,
  customerRatings,
  customerSubscriptions,
  customers,
  customerVouchers,
  doNotSendItems,
  emailSignups,
  emailTokens,
  favourites,
  giftCardLedger,
  giftCards,
  loginFailures,
  type OrderAddress,
  orderEvents,
  orderLines,
  orders,
  paymentMethods,
  recentlyBrowsed,
  referralCodes,
  reviews,
  sessions,
  voucherUses,
} from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { normaliseEmail } from '../../domain/identity-rules';
import type { MembershipStatus } from '../../domain/memberships';
import { getSite, type SiteId } from '../../domain/sites';
import { STAFF_ERRORS, type StaffPermission } from '../../domain/staff';
import {
  CUSTOMER_ERRORS,
  CUSTOMER_ORDERS_SHOWN,
  CUSTOMER_PAGE_SIZE,
  ERASED_NAME,
  ERASED_REVIEW_AUTHOR,
  erasedEmailOf,
  isErasedEmail,
} from '../../domain/staff-customers';
import { announcePageChange } from '../platform/page-changes';
import { ServiceError } from '../platform/service-error';
import { requireStaffPermission, type StaffRequest } from './access';
import { type Actor, writeAudit } from './audit';

// The console's customers (CONTRACT.md `/admin/customers`): search by email or name, a customer's page (orders,
// memberships, gift cards, vouchers used, points), the export of everything the shop holds on them, and erase.
// A site-limited account sees a customer only through an order on one of its sites, and on the page only those
// orders; an export or an erase covers every site, so it is for accounts that see every site (decision 042).

const RECORD_TYPE = 'customer';

// ── Who may ─────────────────────────────────────────────────────────────────────────────────────────────────────

function limitedSites(request: StaffRequest): SiteId[] | null {
  return request.member.sites.length > 0 ? [...request.member.sites] : null;
}

/**
 * The searched customer's id, written with its table. NOTE: drizzle writes a column of a one-table select without
 * its table, and inside a subquery of orders a bare "id" is the order's.
 */
const CUSTOMER_ROW_ID = sql`${customers}.${sql.identifier('id')}`;

/** The customer has an order on one of `sites`: the only way a site-limited account sees them. */
function hasOrderOn(customerId: SQL | number, sites: readonly SiteId[]): SQL {
  return sql`exists (select 1 from ${orders} where ${orders.customerId} = ${customerId} and ${inArray(orders.siteId, [...sites])})`;
}

type CustomerRow = typeof customers.$inferSelect;

/**
 * The customer `id` if the staff member may take `permission` on them: a role that may not is 403, a customer who
 * does not exist (or, for a site-limited account, has no order on its sites) is 404; refusals are audited.
 * NOTE: outside the change's transaction, so that the audit row of a refusal is not rolled back with it.
 */
async function requireCustomer(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  permission: StaffPermission,
  id: number,
): Promise<{ by: Actor; customer: CustomerRow }> {
  const target = { action: permission, recordType: RECORD_TYPE, recordId: String(id) };
  const by = await requireStaffPermission(db, clock, request, permission, target);
  const sites = limitedSites(request);
  if (sites && permission !== 'customers.read') {
    await writeAudit(db, clock.now(), by, { ...target, outcome: 'refused', after: { permission, sites } });
    throw new ServiceError(CUSTOMER_ERRORS.wholeShopOnly);
  }
  const [customer] = await db.select().from(customers).where(eq(customers.id, id));
  if (!customer) throw new ServiceError(STAFF_ERRORS.notFound);
  if (sites) {
    const [seen] = await db.select({ yes: hasOrderOn(id, sites) }).from(sql`(values (1)) as one (x)`);
    if (!seen?.yes) {
      await writeAudit(db, clock.now(), by, { ...target, outcome: 'refused', after: { permission, sites } });
      throw new ServiceError(STAFF_ERRORS.notFound);
    }
  }
  return { by, customer };
}

// ── Search ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface CustomerSearch {
  /** An email (exact, any case), a customer number, or a name: a last name or a first name, or first and last. */
  q?: string | undefined;
  /** The `next` of the page before: customers with a lower number. */
  after?: number | undefined;
}

export interface CustomerSearchRow {
  id: number;
  email: string;
  name: string;
  createdAt: string;
  /** Their orders on the sites the staff member sees. */
  orders: number;
  erased: boolean;
}

/** What a search term looks for on the customers table. */
function termCondition(q: string): SQL | undefined {
  const term = q.trim().toLowerCase();
  if (!term) return undefined;
  if (term.includes('@')) return eq(customers.email, normaliseEmail(term));
  if (/^#?\d{1,10}$/.test(term)) {
    const id = Number(term.replace('#', ''));
    return id <= 2_147_483_647 ? eq(customers.id, id) : sql`false`;
  }
  const words = term.split(/\s+/).filter(Boolean);
  const last = words.at(-1) ?? '';
  if (words.length < 2)
    return or(sql`lower(${customers.lastName}) = ${last}`, sql`lower(${customers.firstName}) = ${last}`);
  return and(
    sql`lower(${customers.lastName}) = ${last}`,
    sql`lower(${customers.firstName}) = ${words.slice(0, -1).join(' ')}`,
  );
}

/** One page of customers, newest first, and the `after` of the next page (null at the end). */
export async function searchCustomers(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  search: CustomerSearch,
  limit = CUSTOMER_PAGE_SIZE,
): Promise<{ customers: CustomerSearchRow[]; next: number | null }> {
  await requireStaffPermission(db, clock, request, 'customers.read', { action: 'customers.search' });
  const sites = limitedSites(request);
  const where = [
    search.q ? termCondition(search.q) : undefined,
    sites ? hasOrderOn(CUSTOMER_ROW_ID, sites) : undefined,
    search.after ? lt(customers.id, search.after) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const rows = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      createdAt: customers.createdAt,
      orders: sql<number>`(select count(*)::int from ${orders} where ${orders.customerId} = ${CUSTOMER_ROW_ID}${
        sites ? sql` and ${inArray(orders.siteId, sites)}` : sql``
      })`,
    })
    .from(customers)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(customers.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((r) => ({
    id: r.id,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim(),
    createdAt: r.createdAt.toISOString(),
    orders: Number(r.orders),
    erased: isErasedEmail(r.email),
  }));
  return { customers: page, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

// ── The customer's page ─────────────────────────────────────────────────────────────────────────────────────────

export interface CustomerProfile {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  emailOptIn: boolean;
  emailVerifiedAt: string | null;
  createdAt: string;
  erased: boolean;
}

export interface CustomerOrderRow {
  orderNumber: string;
  siteId: string;
  status: string;
  paymentStatus: string;
  placedAt: string;
  currency: string;
  totalCents: number;
}

export interface CustomerMembership {
  type: 'FREESHIP' | 'WINEPLAN';
  name: string;
  status: MembershipStatus;
  startedAt: string;
}

export interface CustomerGiftCardRow {
  last4: string;
  /** The site of the order that issued it. */
  siteId: string;
  currency: string;
  amountCents: number;
  balanceCents: number;
  expiresAt: string;
  /** 'bought' by the customer (for someone), or 'received' (sent to their proved email). */
  relation: 'bought' | 'received';
  recipientName: string;
}

export interface CustomerVoucherUse {
  code: string;
  usedAt: string;
  orderNumber: string | null;
  siteId: string | null;
}

export interface CustomerPoints {
  brand: string;
  basePoints: number;
  bonusPoints: number;
  totalPoints: number;
}

export interface CustomerPage {
  customer: CustomerProfile;
  /** The newest of their orders on the sites the staff member sees, and how many there are in all. */
  orders: CustomerOrderRow[];
  orderCount: number;
  memberships: CustomerMembership[];
  giftCards: CustomerGiftCardRow[];
  vouchersUsed: CustomerVoucherUse[];
  points: CustomerPoints[];
}

function profileOf(row: CustomerRow): CustomerProfile {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    emailOptIn: row.emailOptIn,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    erased: isErasedEmail(row.email),
  };
}

/** The orders `customerId` placed, on `sites` when given. */
function ordersOf(customerId: number, sites: readonly SiteId[] | null): SQL {
  return and(eq(orders.customerId, customerId), sites ? inArray(orders.siteId, [...sites]) : undefined) as SQL;
}

function membershipsOf(db: Db, customerId: number): Promise<CustomerMembership[]> {
  return db
    .select({
      type: sql<CustomerMembership['type']>`${customerSubscriptions.type}`,
      name: customerSubscriptions.name,
      status: customerSubscriptions.status,
      startedAt: customerSubscriptions.startedAt,
    })
    .from(customerSubscriptions)
    .where(eq(customerSubscriptions.customerId, customerId))
    .orderBy(asc(customerSubscriptions.id))
    .then((rows) => rows.map((r) => ({ ...r, startedAt: r.startedAt.toISOString() })));
}

/** The cards the customer bought, or received at an email they proved theirs (as their account page shows them). */
function giftCardsCondition(customer: CustomerRow): SQL {
  const received =
    customer.emailVerifiedAt !== null && !isErasedEmail(customer.email)
      ? sql`lower(${giftCards.recipientEmail}) = ${customer.email.toLowerCase()}`
      : sql`false`;
  return sql`(${orders.customerId} = ${customer.id} or ${received})`;
}

async function giftCardsOf(db: Db, customer: CustomerRow, sites: readonly SiteId[] | null) {
  const rows = await db
    .select({
      id: giftCards.id,
      last4: giftCards.last4,
      siteId: sql<string>`coalesce(${giftCards.siteId}, ${orders.siteId})`,
      buyer: orders.customerId,
      currency: giftCards.currency,
      amountCents: giftCards.amountCents,
      balanceCents: sql<number>`(select coalesce(sum(${giftCardLedger.amountCents}), 0)::int from ${giftCardLedger}
        where ${giftCardLedger.giftCardId} = ${giftCards.id})`,
      expiresAt: giftCards.expiresAt,
      recipientName: giftCards.recipientName,
      message: giftCards.message,
    })
    .from(giftCards)
    // A goodwill card issued in the console has no order: its own site is the card's.
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .where(
      and(
        giftCardsCondition(customer),
        sites ? sql`coalesce(${giftCards.siteId}, ${orders.siteId}) in ${[...sites]}` : undefined,
      ),
    )
    .orderBy(desc(giftCards.id));
  return rows.map((r) => ({
    ...r,
    balanceCents: Number(r.balanceCents),
    expiresAt: r.expiresAt.toISOString(),
    relation: r.buyer === customer.id ? ('bought' as const) : ('received' as const),
  }));
}

function voucherUsesOf(db: Db, customerId: number, sites: readonly SiteId[] | null): Promise<CustomerVoucherUse[]> {
  return db
    .select({
      code: voucherUses.voucherCode,
      usedAt: voucherUses.usedAt,
      orderNumber: orders.orderNumber,
      siteId: orders.siteId,
    })
    .from(voucherUses)
    .leftJoin(orders, eq(orders.id, voucherUses.orderId))
    .where(and(eq(voucherUses.customerId, customerId), sites ? inArray(orders.siteId, [...sites]) : undefined))
    .orderBy(desc(voucherUses.usedAt), desc(voucherUses.id))
    .then((rows) => rows.map((r) => ({ ...r, usedAt: r.usedAt.toISOString() })));
}

async function pointsOf(db: Db, customerId: number, sites: readonly SiteId[] | null): Promise<CustomerPoints[]> {
  // Points are kept per brand: a site-limited account sees those of its sites' brands.
  const brands = sites ? [...new Set(sites.map((s) => getSite(s).brand.code))] : null;
  const rows = await db
    .select()
    .from(customerPoints)
    .where(and(eq(customerPoints.customerId, customerId), brands ? inArray(customerPoints.brand, brands) : undefined))
    .orderBy(asc(customerPoints.brand));
  return rows.map((r) => ({
    brand: r.brand,
    basePoints: r.basePoints,
    bonusPoints: r.bonusPoints,
    totalPoints: r.basePoints + r.bonusPoints,
  }));
}

/** The customer's page as the staff member may see it (403, or 404 for a customer of none of their sites). */
export async function loadCustomerPage(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  customerId: number,
): Promise<CustomerPage> {
  const { customer } = await requireCustomer(db, clock, request, 'customers.read', customerId);
  const sites = limitedSites(request);
  const [orderRows, [count], memberships, cards, vouchersUsed, points] = await Promise.all([
    db
      .select({
        orderNumber: orders.orderNumber,
        siteId: orders.siteId,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        placedAt: orders.placedAt,
        currency: orders.currency,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(ordersOf(customerId, sites))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(CUSTOMER_ORDERS_SHOWN),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(ordersOf(customerId, sites)),
    membershipsOf(db, customerId),
    giftCardsOf(db, customer, sites),
    voucherUsesOf(db, customerId, sites),
    pointsOf(db, customerId, sites),
  ]);
  return {
    customer: profileOf(customer),
    orders: orderRows.map((o) => ({ ...o, placedAt: o.placedAt.toISOString() })),
    orderCount: Number(count?.n ?? 0),
    memberships,
    giftCards: cards.map(({ id: _id, buyer: _buyer, message: _message, ...card }) => card),
    vouchersUsed,
    points,
  };
}

// ── Export ──────────────────────────────────────────────────────────────────────────────────────────────────────

export interface CustomerExport {
  exportedAt: string;
  customer: CustomerProfile;
  addresses: {
    line1: string;
    locality: string;
    state: string;
    postcode: string;
    country: string;
    isDefaultDelivery: boolean;
  }[];
  paymentMethods: { brand: string; last4: string; expiry: string; isDefault: boolean }[];
  orders: {
    orderNumber: string;
    siteId: string;
    status: string;
    paymentStatus: string;
    placedAt: string;
    email: string | null;
    currency: string;
    subtotalCents: number;
    shippingCents: number;
    discountCents: number;
    taxCents: number;
    giftCardCents: number;
    totalCents: number;
    voucherCode: string | null;
    payment: { brand: string | null; last4: string | null };
    deliveryAddress: OrderAddress | null;
    billingAddress: OrderAddress | null;
    lines: {
      itemCode: string;
      skuItemCode: string;
      name: string;
      quantity: number;
      bottleCount: number;
      unitPriceCents: number;
      lineTotalCents: number | null;
      preSell: boolean;
    }[];
    events: {
      kind: string;
      fromStatus: string;
      toStatus: string | null;
      amountCents: number | null;
      actorType: string;
      actorName: string;
      trackingNumber: string | null;
      at: string;
    }[];
  }[];
  memberships: CustomerMembership[];
  giftCards: (CustomerGiftCardRow & { message: string })[];
  heldVouchers: {
    code: string;
    kind: string;
    description: string;
    currency: string;
    balanceCents: number;
    expiresAt: string | null;
  }[];
  vouchersUsed: CustomerVoucherUse[];
  referralCodes: { code: string; siteId: string; createdAt: string }[];
  points: CustomerPoints[];
  favourites: { itemCode: string; at: string }[];
  notForMe: { itemCode: string; at: string }[];
  ratings: { itemCode: string; rating: number; at: string }[];
  recentlyViewed: { itemCode: string; at: string }[];
  reviews: {
    itemCode: string;
    author: string;
    location: string;
    rating: number;
    title: string;
    body: string;
    status: string;
    createdAt: string;
  }[];
  newsletterSignups: { siteId: string; email: string; createdAt: string }[];
  /** Their logins as the server keeps them (never the tokens). */
  sessions: { kind: string; createdAt: string; lastSeenAt: string; expiresAt: string }[];
}

const iso = (d: Date) => d.toISOString();

async function ordersForExport(db: Db, customerId: number): Promise<CustomerExport['orders']> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.placedAt), desc(orders.id));
  const ids = rows.map((r) => r.id);
  const [lines, events] = ids.length
    ? await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
        db
          .select({
            orderId: orderEvents.orderId,
            kind: orderEvents.kind,
            fromStatus: orderEvents.fromStatus,
            toStatus: orderEvents.toStatus,
            amountCents: orderEvents.amountCents,
            actorType: orderEvents.actorType,
            actorName: orderEvents.actorName,
            trackingNumber: orderEvents.trackingNumber,
            at: orderEvents.at,
          })
          .from(orderEvents)
          .where(inArray(orderEvents.orderId, ids))
          .orderBy(asc(orderEvents.id)),
      ])
    : [[], []];
  return rows.map((o) => ({
    orderNumber: o.orderNumber,
    siteId: o.siteId,
    status: o.status,
    paymentStatus: o.paymentStatus,
    placedAt: iso(o.placedAt),
    email: o.email,
    currency: o.currency,
    subtotalCents: o.subtotalCents,
    shippingCents: o.shippingCents,
    discountCents: o.discountCents,
    taxCents: o.taxCents,
    giftCardCents: o.giftCardCents,
    totalCents: o.totalCents,
    voucherCode: o.voucherCode,
    payment: { brand: o.paymentBrand, last4: o.paymentLast4 },
    deliveryAddress: o.deliveryAddress,
    billingAddress: o.billingAddress,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        itemCode: l.itemCode,
        skuItemCode: l.skuItemCode,
        name: l.name,
        quantity: l.quantity,
        bottleCount: l.bottleCount,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        preSell: l.preSell,
      })),
    events: events.filter((e) => e.orderId === o.id).map(({ orderId: _orderId, at, ...e }) => ({ ...e, at: iso(at) })),
  }));
}

/** Everything the shop holds on the customer (never a password hash, a token or a gift card's code). */
async function collectCustomerData(db: Db, clock: Clock, customer: CustomerRow): Promise<CustomerExport> {
  const id = customer.id;
  const [
    addresses,
    cards,
    orderList,
    memberships,
    giftCardRows,
    heldVouchers,
    vouchersUsed,
    referrals,
    points,
    favouriteRows,
    notForMe,
    ratings,
    recentlyViewed,
    reviewRows,
    signups,
    sessionRows,
  ] = await Promise.all([
    db.select().from(customerAddresses).where(eq(customerAddresses.customerId, id)).orderBy(asc(customerAddresses.id)),
    db.select().from(paymentMethods).where(eq(paymentMethods.customerId, id)).orderBy(asc(paymentMethods.id)),
    ordersForExport(db, id),
    membershipsOf(db, id),
    giftCardsOf(db, customer, null),
    db.select().from(customerVouchers).where(eq(customerVouchers.customerId, id)).orderBy(asc(customerVouchers.id)),
    voucherUsesOf(db, id, null),
    db.select().from(referralCodes).where(eq(referralCodes.customerId, id)).orderBy(asc(referralCodes.siteId)),
    pointsOf(db, id, null),
    db.select().from(favourites).where(eq(favourites.customerId, id)).orderBy(asc(favourites.createdAt)),
    db.select().from(doNotSendItems).where(eq(doNotSendItems.customerId, id)).orderBy(asc(doNotSendItems.createdAt)),
    db.select().from(customerRatings).where(eq(customerRatings.customerId, id)).orderBy(asc(customerRatings.ratedAt)),
    db.select().from(recentlyBrowsed).where(eq(recentlyBrowsed.customerId, id)).orderBy(desc(recentlyBrowsed.viewedAt)),
    db
      .select({
        itemCode: reviews.productItemCode,
        author: reviews.author,
        location: reviews.location,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        status: reviews.status,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.customerId, id))
      .orderBy(asc(reviews.id)),
    isErasedEmail(customer.email)
      ? Promise.resolve([])
      : db.select().from(emailSignups).where(eq(emailSignups.email, customer.email)).orderBy(asc(emailSignups.id)),
    db.select().from(sessions).where(eq(sessions.customerId, id)).orderBy(asc(sessions.createdAt)),
  ]);
  return {
    exportedAt: iso(clock.now()),
    customer: profileOf(customer),
    addresses: addresses.map((a) => ({
      line1: a.line1,
      locality: a.locality,
      state: a.state,
      postcode: a.postcode,
      country: a.country,
      isDefaultDelivery: a.isDefaultDelivery,
    })),
    paymentMethods: cards.map((c) => ({
      brand: c.cardBrand,
      last4: c.last4.replace(/\D/g, '').slice(-4),
      expiry: `${String(c.expiryMonth).padStart(2, '0')}/${String(c.expiryYear % 100).padStart(2, '0')}`,
      isDefault: c.isDefault,
    })),
    orders: orderList,
    memberships,
    giftCards: giftCardRows.map(({ id: _id, buyer: _buyer, ...card }) => card),
    heldVouchers: heldVouchers.map((v) => ({
      code: v.code,
      kind: v.kind,
      description: v.description,
      currency: v.currency,
      balanceCents: v.balanceCents,
      expiresAt: v.expiresAt ? iso(v.expiresAt) : null,
    })),
    vouchersUsed,
    referralCodes: referrals.map((r) => ({ code: r.code, siteId: r.siteId, createdAt: iso(r.createdAt) })),
    points,
    favourites: favouriteRows.map((f) => ({ itemCode: f.itemCode, at: iso(f.createdAt) })),
    notForMe: notForMe.map((f) => ({ itemCode: f.itemCode, at: iso(f.createdAt) })),
    ratings: ratings.map((r) => ({ itemCode: r.itemCode, rating: r.rating, at: iso(r.ratedAt) })),
    recentlyViewed: recentlyViewed.map((r) => ({ itemCode: r.itemCode, at: iso(r.viewedAt) })),
    reviews: reviewRows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    newsletterSignups: signups.map((s) => ({ siteId: s.siteId, email: s.email, createdAt: iso(s.createdAt) })),
    sessions: sessionRows.map((s) => ({
      kind: s.kind,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
    })),
  };
}

/** The export's size, as the audit log keeps it: counts, never the data. */
function exportCounts(data: CustomerExport) {
  return {
    orders: data.orders.length,
    addresses: data.addresses.length,
    paymentMethods: data.paymentMethods.length,
    memberships: data.memberships.length,
    giftCards: data.giftCards.length,
    vouchersUsed: data.vouchersUsed.length,
    reviews: data.reviews.length,
  };
}

/** Everything the shop holds on the customer, as JSON; audited in the transaction that reads it. */
export async function exportCustomer(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  customerId: number,
): Promise<CustomerExport> {
  const { by } = await requireCustomer(db, clock, request, 'customers.export', customerId);
  return inTransaction(db, async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
    if (!customer) throw new ServiceError(STAFF_ERRORS.notFound);
    const data = await collectCustomerData(tx, clock, customer);
    await writeAudit(tx, clock.now(), by, {
      action: 'customers.export',
      recordType: RECORD_TYPE,
      recordId: String(customerId),
      outcome: 'done',
      after: exportCounts(data),
    });
    return data;
  });
}

// ── Erase ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** What an erase did: rows removed, rows anonymised, and the money records it kept, by count. */
export interface EraseSummary {
  customerId: number;
  removed: {
    sessions: number;
    addresses: number;
    paymentMethods: number;
    favourites: number;
    notForMe: number;
    ratings: number;
    recentlyViewed: number;
    emailTokens: number;
    carts: number;
    newsletterSignups: number;
  };
  anonymised: { orders: number; orderEvents: number; voucherUses: number; giftCards: number; reviews: number };
  cancelledMemberships: number;
  kept: { orders: number; memberships: number; points: number; heldVouchers: number };
}

/** A password hash no password matches (not of the `scrypt$…` form verifyPassword reads). */
const UNUSABLE_PASSWORD_HASH = 'erased';

/** An order's address with its person taken out; the city, state, postcode and district stay for the shop's figures. */
function anonymisedAddress(column: typeof orders.deliveryAddress | typeof orders.billingAddress): SQL {
  return sql`case when ${column} is null then null else ${column} || jsonb_build_object(
    'firstName', ${ERASED_NAME}::text, 'lastName', ${ERASED_NAME}::text, 'line1', '', 'line2', '', 'phone', '') end`;
}

async function countOf(query: Promise<unknown[]>): Promise<number> {
  return (await query).length;
}

/**
 * Erases the customer's personal data in one transaction, with its audit row: their logins end, what only served
 * them (addresses, cards on file, lists, tokens, carts, newsletter signups) is removed, and their name and contact
 * details are taken out of the records the shop keeps (the account, orders, voucher uses, gift cards sent to them,
 * reviews). Order numbers, lines, totals, payments and events stay. The customers row stays too: deleting it would
 * delete their orders (`orders.customer_id` cascades).
 */
export async function eraseCustomer(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  customerId: number,
): Promise<EraseSummary> {
  const { by } = await requireCustomer(db, clock, request, 'customers.erase', customerId);
  return inTransaction(db, async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!customer) throw new ServiceError(STAFF_ERRORS.notFound);
    if (isErasedEmail(customer.email)) throw new ServiceError(CUSTOMER_ERRORS.alreadyErased);
    const id = customer.id;
    const email = customer.email;
    const erasedEmail = erasedEmailOf(id);
    const now = clock.now();

    const orderIds = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, id))).map(
      (o) => o.id,
    );
    const removed = {
      sessions: await countOf(
        tx.delete(sessions).where(eq(sessions.customerId, id)).returning({ k: sessions.tokenHash }),
      ),
      addresses: await countOf(
        tx.delete(customerAddresses).where(eq(customerAddresses.customerId, id)).returning({ k: customerAddresses.id }),
      ),
      paymentMethods: await countOf(
        tx.delete(paymentMethods).where(eq(paymentMethods.customerId, id)).returning({ k: paymentMethods.id }),
      ),
      favourites: await countOf(
        tx.delete(favourites).where(eq(favourites.customerId, id)).returning({ k: favourites.itemCode }),
      ),
      notForMe: await countOf(
        tx.delete(doNotSendItems).where(eq(doNotSendItems.customerId, id)).returning({ k: doNotSendItems.itemCode }),
      ),
      ratings: await countOf(
        tx.delete(customerRatings).where(eq(customerRatings.customerId, id)).returning({ k: customerRatings.itemCode }),
      ),
      recentlyViewed: await countOf(
        tx.delete(recentlyBrowsed).where(eq(recentlyBrowsed.customerId, id)).returning({ k: recentlyBrowsed.itemCode }),
      ),
      emailTokens: await countOf(
        tx.delete(emailTokens).where(eq(emailTokens.customerId, id)).returning({ k: emailTokens.id }),
      ),
      carts: await countOf(tx.delete(carts).where(eq(carts.customerId, id)).returning({ k: carts.id })),
      newsletterSignups: await countOf(
        tx.delete(emailSignups).where(eq(emailSignups.email, email)).returning({ k: emailSignups.id }),
      ),
    };
    // The throttle's failures of this email (`account:{email}`) name it too.
    await tx.delete(loginFailures).where(eq(loginFailures.key, `account:${email}`));

    const receivedCards = await tx
      .select({ id: giftCards.id })
      .from(giftCards)
      .leftJoin(orders, eq(orders.id, giftCards.orderId))
      .where(and(giftCardsCondition(customer), sql`${orders.customerId} is distinct from ${id}`));
    const anonymised = {
      orders: await countOf(
        tx
          .update(orders)
          .set({
            email: erasedEmail,
            deliveryAddress: anonymisedAddress(orders.deliveryAddress),
            billingAddress: anonymisedAddress(orders.billingAddress),
            // The order's links (the confirmation cookie's and the email's) stop opening it.
            accessTokenHash: null,
            linkTokenHash: null,
            placedFrom: null,
          })
          .where(eq(orders.customerId, id))
          .returning({ k: orders.id }),
      ),
      orderEvents: orderIds.length
        ? await countOf(
            tx
              .update(orderEvents)
              .set({ actorName: `customer ${id}` })
              .where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.actorType, 'customer')))
              .returning({ k: orderEvents.id }),
          )
        : 0,
      voucherUses: await countOf(
        tx
          .update(voucherUses)
          .set({ email: erasedEmail })
          .where(eq(voucherUses.customerId, id))
          .returning({ k: voucherUses.id }),
      ),
      giftCards: receivedCards.length
        ? await countOf(
            tx
              .update(giftCards)
              .set({ recipientName: ERASED_NAME, recipientEmail: erasedEmail, message: '' })
              .where(
                inArray(
                  giftCards.id,
                  receivedCards.map((c) => c.id),
                ),
              )
              .returning({ k: giftCards.id }),
          )
        : 0,
      reviews: await countOf(
        tx
          .update(reviews)
          .set({ author: ERASED_REVIEW_AUTHOR, location: '', customerId: null })
          .where(eq(reviews.customerId, id))
          .returning({ k: reviews.id }),
      ),
    };
    // A published review's author shows on the storefront's cached pages.
    if (anonymised.reviews > 0) await announcePageChange(tx);

    const cancelledMemberships = await countOf(
      tx
        .update(customerSubscriptions)
        .set({ status: 'CANCELLED' })
        .where(and(eq(customerSubscriptions.customerId, id), ne(customerSubscriptions.status, 'CANCELLED')))
        .returning({ k: customerSubscriptions.id }),
    );
    await tx
      .update(customers)
      .set({
        email: erasedEmail,
        firstName: ERASED_NAME,
        lastName: ERASED_NAME,
        phone: null,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        emailOptIn: false,
        emailVerifiedAt: null,
      })
      .where(eq(customers.id, id));

    const [memberships, points, held] = await Promise.all([
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(customerSubscriptions)
        .where(eq(customerSubscriptions.customerId, id)),
      tx.select({ n: sql<number>`count(*)::int` }).from(customerPoints).where(eq(customerPoints.customerId, id)),
      tx.select({ n: sql<number>`count(*)::int` }).from(customerVouchers).where(eq(customerVouchers.customerId, id)),
    ]);
    const summary: EraseSummary = {
      customerId: id,
      removed,
      anonymised,
      cancelledMemberships,
      kept: {
        orders: orderIds.length,
        memberships: Number(memberships[0]?.n ?? 0),
        points: Number(points[0]?.n ?? 0),
        heldVouchers: Number(held[0]?.n ?? 0),
      },
    };
    // Ids and counts only: the audit log is kept for ever, the personal data must not be.
    await writeAudit(tx, now, by, {
      action: 'customers.erase',
      recordType: RECORD_TYPE,
      recordId: String(id),
      outcome: 'done',
      before: { orders: orderIds.length, sessions: removed.sessions, addresses: removed.addresses },
      after: { removed, anonymised, cancelledMemberships, kept: summary.kept },
    });
    return summary;
  });
}
