import { type OrderEventView, orderHistory } from '../orders/history';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customerAddresses,
  customerRatings,
  customerSubscriptions,
  customers,
  customerVouchers,
  orderLines,
  orders,
  paymentMethods,
  products,
} from '../../db/schema';
import { type CellaringBand, cellaringBand } from '../../domain/cellaring';
import type { Clock } from '../../domain/clock';
import { isWinePlanMember } from '../../domain/memberships';
import { ServiceError } from '../platform/service-error';
import type { MembershipStatus } from '../../domain/memberships';
import { API_TEXTS } from '../../domain/api-texts';
import { GENERIC_ERRORS } from '../../domain/errors';

// The account area and the account half of the user API (SPEC §2 account routes, §3 User, §7).
// The database is passed in; nothing here knows about HTTP. Money stays integer cents.

export const ORDER_NOT_FOUND = API_TEXTS.orderNotFound;

export interface AccountAddress {
  id: number;
  line1: string;
  locality: string;
  state: string;
  postalCode: string;
  country: string;
  isDefaultDelivery: boolean;
}

export interface AccountDetails {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  emailOptIn: boolean;
  /** The customer has proved the mailbox (services/identity/account-emails.ts); guest orders show only then. */
  emailVerified: boolean;
  addresses: AccountAddress[];
  /** SPEC §3 User: trustedDetails.shippingAddress[] with postalCode and isDefaultDelivery. */
  trustedDetails: { shippingAddress: AccountAddress[] };
  defaultDeliveryAddress: AccountAddress | null;
}

export async function getAccountDetails(db: Db, customerId: number): Promise<AccountDetails> {
  const [customer] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      emailOptIn: customers.emailOptIn,
      emailVerifiedAt: customers.emailVerifiedAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new ServiceError(GENERIC_ERRORS.unauthorised, /*i18n*/ 'Please log in to continue.');
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefaultDelivery), asc(customerAddresses.id));
  const addresses: AccountAddress[] = rows.map((r) => ({
    id: r.id,
    line1: r.line1,
    locality: r.locality,
    state: r.state,
    postalCode: r.postcode,
    country: r.country,
    isDefaultDelivery: r.isDefaultDelivery,
  }));
  const { emailVerifiedAt, ...fields } = customer;
  return {
    ...fields,
    emailVerified: emailVerifiedAt !== null,
    addresses,
    trustedDetails: { shippingAddress: addresses },
    defaultDeliveryAddress: addresses.find((a) => a.isDefaultDelivery) ?? null,
  };
}

export type SubscriptionStatus = MembershipStatus;

export interface Subscription {
  id: number;
  type: 'FREESHIP' | 'WINEPLAN';
  status: SubscriptionStatus;
  name: string;
  startedAt: string;
}

async function subscriptionsOf(
  db: Db,
  customerId: number,
  type: 'FREESHIP' | 'WINEPLAN' | null,
): Promise<Subscription[]> {
  const rows = await db
    .select()
    .from(customerSubscriptions)
    .where(
      type
        ? and(eq(customerSubscriptions.customerId, customerId), eq(customerSubscriptions.type, type))
        : eq(customerSubscriptions.customerId, customerId),
    )
    .orderBy(asc(customerSubscriptions.id));
  return rows.map((r) => ({
    id: r.id,
    type: r.type as Subscription['type'],
    status: r.status as SubscriptionStatus,
    name: r.name,
    startedAt: r.startedAt.toISOString(),
  }));
}

/** SPEC §3: generalSubscriptions, each {type, status}; type FREESHIP marks Unlimited. */
export function listGeneralSubscriptions(db: Db, customerId: number): Promise<Subscription[]> {
  return subscriptionsOf(db, customerId, 'FREESHIP');
}

/** SPEC §3: winePlanSubscriptions with status. */
export function listWinePlanSubscriptions(db: Db, customerId: number): Promise<Subscription[]> {
  return subscriptionsOf(db, customerId, 'WINEPLAN');
}

export interface WinePlanMembership {
  /** SPEC §4 "Wine plan member: ACTIVE or REQUESTED": a paused (SUSPENDED) plan alone does not make one. */
  member: boolean;
  /** The customer's plans; a cancelled plan is no longer one. */
  plans: Subscription[];
}

/** The customer's wine plans and whether they make the customer a wine plan member (SPEC §4). */
export async function loadWinePlanMembership(db: Db, customerId: number): Promise<WinePlanMembership> {
  const plans = (await listWinePlanSubscriptions(db, customerId)).filter((s) => s.status !== 'CANCELLED');
  return { member: plans.some((s) => isWinePlanMember(s.status)), plans };
}

export interface OrderLine {
  itemCode: string;
  skuItemCode: string;
  name: string;
  quantity: number;
  bottleCount: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

export interface Order {
  id: number;
  orderNumber: string;
  siteId: string;
  status: string;
  currency: string;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  placedAt: string;
  lines: OrderLine[];
  /** The order's moves and refunds, oldest first (the order's own page; lists leave it empty). */
  history: OrderEventView[];
}

async function linesOf(db: Db, orderIds: number[]): Promise<Map<number, OrderLine[]>> {
  const byOrder = new Map<number, OrderLine[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.id));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({
      itemCode: r.itemCode,
      skuItemCode: r.skuItemCode,
      name: r.name,
      quantity: r.quantity,
      bottleCount: r.bottleCount,
      unitPriceCents: r.unitPriceCents,
      lineTotalCents: r.lineTotalCents ?? r.unitPriceCents * r.quantity,
    });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

function toOrder(row: typeof orders.$inferSelect, lines: OrderLine[]): Order {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    siteId: row.siteId,
    status: row.status,
    currency: row.currency,
    subtotalCents: row.subtotalCents,
    shippingCents: row.shippingCents,
    totalCents: row.totalCents,
    placedAt: row.placedAt.toISOString(),
    lines,
    history: [],
  };
}

/** The customer's orders, newest first, each with its lines (two queries, no N+1). */
export async function listPurchases(db: Db, customerId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.placedAt), desc(orders.id));
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toOrder(r, lines.get(r.id) ?? []));
}

/** One of the customer's own orders; another customer's order or an unknown id is the same not_found error. */
export async function getOrderDetails(db: Db, customerId: number, orderId: number): Promise<Order> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647)
    throw new ServiceError(GENERIC_ERRORS.not_found, ORDER_NOT_FOUND);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!row) throw new ServiceError(GENERIC_ERRORS.not_found, ORDER_NOT_FOUND);
  const lines = await linesOf(db, [row.id]);
  return { ...toOrder(row, lines.get(row.id) ?? []), history: await orderHistory(db, row.id) };
}

export interface PaymentMethod {
  id: number;
  brand: string;
  /** '•••• 4242': never more than the last four digits. */
  maskedNumber: string;
  last4: string;
  expiry: string;
  isDefault: boolean;
}

export async function listPaymentMethods(db: Db, customerId: number): Promise<PaymentMethod[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id));
  return rows.map((r) => {
    // NOTE: the column should only ever hold four digits; slice anyway so a bad row cannot leak more.
    const last4 = r.last4.replace(/\D/g, '').slice(-4);
    return {
      id: r.id,
      brand: r.cardBrand,
      maskedNumber: `•••• ${last4}`,
      last4,
      expiry: `${String(r.expiryMonth).padStart(2, '0')}/${String(r.expiryYear % 100).padStart(2, '0')}`,
      isDefault: r.isDefault,
    };
  });
}

export interface CustomerVoucher {
  id: number;
  code: string;
  kind: 'GIFT_CARD' | 'VOUCHER';
  description: string;
  currency: string;
  balanceCents: number;
  expiresAt: string | null;
  expired: boolean;
}

export async function listVouchers(db: Db, clock: Clock, customerId: number): Promise<CustomerVoucher[]> {
  const rows = await db
    .select()
    .from(customerVouchers)
    .where(eq(customerVouchers.customerId, customerId))
    .orderBy(asc(customerVouchers.id));
  const now = clock.now().getTime();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    kind: r.kind as CustomerVoucher['kind'],
    description: r.description,
    currency: r.currency,
    balanceCents: r.balanceCents,
    expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
    expired: r.expiresAt !== null && r.expiresAt.getTime() <= now,
  }));
}

export async function setEmailOptIn(db: Db, customerId: number, emailFlag: boolean): Promise<{ emailOptIn: boolean }> {
  await db.update(customers).set({ emailOptIn: emailFlag }).where(eq(customers.id, customerId));
  return { emailOptIn: emailFlag };
}

export interface CellarWine {
  itemCode: string;
  name: string;
  vintage: number | null;
  colour: string;
  bottles: number;
  drinkFrom: number | null;
  drinkTo: number | null;
  band: CellaringBand | null;
  lastBoughtAt: string;
}

/** Bottles bought per wine (cancelled orders left out), with each wine's drinking window. */
export async function listWineCellar(db: Db, clock: Clock, customerId: number): Promise<CellarWine[]> {
  const rows = await db
    .select({
      itemCode: products.itemCode,
      name: products.name,
      vintage: products.vintage,
      colour: products.colour,
      drinkFrom: products.drinkFrom,
      drinkTo: products.drinkTo,
      bottles: sql<number>`sum(${orderLines.bottleCount})::int`,
      lastBoughtAt: sql<Date | string>`max(${orders.placedAt})`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.itemCode, orderLines.itemCode))
    .where(
      and(eq(orders.customerId, customerId), sql`${orders.status} <> 'CANCELLED'`, eq(products.productType, 'wine')),
    )
    .groupBy(products.itemCode)
    .orderBy(desc(sql`max(${orders.placedAt})`), asc(products.name));
  const year = clock.now().getUTCFullYear();
  return rows.map((r) => ({
    ...r,
    bottles: Number(r.bottles),
    band: r.drinkTo === null ? null : cellaringBand(r.drinkTo, year),
    lastBoughtAt: new Date(r.lastBoughtAt).toISOString(),
  }));
}

export interface TasteScore {
  name: string;
  score: number;
}

export interface TasteProfile {
  colours: TasteScore[];
  grapes: TasteScore[];
  regions: TasteScore[];
  /** How many purchased bottles and ratings the profile is built from. */
  basedOn: { bottles: number; ratings: number };
}

/** A rating of 3 is neutral; 5 counts like a dozen bottles bought, 1 pushes the other way. */
const RATING_WEIGHT = 6;

/**
 * The customer's taste profile from what they bought (a point per bottle, cancelled orders excluded)
 * and how they rated wines ((rating − 3) × RATING_WEIGHT). Only positive scores are shown, best first.
 */
export async function getTasteProfile(db: Db, customerId: number): Promise<TasteProfile> {
  const bought = await db
    .select({
      colour: products.colour,
      grape: products.grape,
      region: products.region,
      bottles: sql<number>`sum(${orderLines.bottleCount})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.itemCode, orderLines.itemCode))
    .where(
      and(eq(orders.customerId, customerId), sql`${orders.status} <> 'CANCELLED'`, eq(products.productType, 'wine')),
    )
    .groupBy(products.colour, products.grape, products.region);
  const rated = await db
    .select({ colour: products.colour, grape: products.grape, region: products.region, rating: customerRatings.rating })
    .from(customerRatings)
    .innerJoin(products, eq(products.itemCode, customerRatings.itemCode))
    .where(and(eq(customerRatings.customerId, customerId), eq(products.productType, 'wine')));

  const tallies = {
    colours: new Map<string, number>(),
    grapes: new Map<string, number>(),
    regions: new Map<string, number>(),
  };
  const add = (row: { colour: string; grape: string; region: string }, points: number) => {
    const pairs: [Map<string, number>, string][] = [
      [tallies.colours, row.colour],
      [tallies.grapes, row.grape],
      [tallies.regions, row.region],
    ];
    for (const [map, key] of pairs) {
      // Mixed cases have no single colour, grape or region to learn from.
      if (!key || key === 'mixed' || key === 'none' || key === 'Mixed') continue;
      map.set(key, (map.get(key) ?? 0) + points);
    }
  };
  let bottles = 0;
  for (const row of bought) {
    const n = Number(row.bottles);
    bottles += n;
    add(row, n);
  }
  for (const row of rated) add(row, (row.rating - 3) * RATING_WEIGHT);
  const top = (map: Map<string, number>) =>
    [...map]
      .filter(([, score]) => score > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([name, score]) => ({ name, score }));
  return {
    colours: top(tallies.colours),
    grapes: top(tallies.grapes),
    regions: top(tallies.regions),
    basedOn: { bottles, ratings: rated.length },
  };
}
