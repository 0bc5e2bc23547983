import { and, asc, eq, gte, inArray, isNull, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, outbox, products, reviews } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { type CountryCode, getSite, SITE_IDS, type SiteId } from '../../domain/sites';
import type { StaffMember } from '../../domain/staff';
import { OUTBOX_MAX_ATTEMPTS } from '../platform/outbox';

// The console's work queue (CONTRACT.md `/admin`): what waits for staff, counted over the sites they may see.

/** The day a site's "today" is, in its country's time zone (the shop's main city). */
export const COUNTRY_TIME_ZONES: Readonly<Record<CountryCode, string>> = {
  au: 'Australia/Sydney',
  nz: 'Pacific/Auckland',
  us: 'America/Los_Angeles',
  hk: 'Asia/Hong_Kong',
  tw: 'Asia/Taipei',
};

/** Midnight today in `timeZone`, as an instant. */
export function startOfDayIn(timeZone: string, now: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const wallClockAsUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  const offsetMs = wallClockAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  const midnightWall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  return new Date(midnightWall - offsetMs);
}

export interface WorkQueue {
  toShip: { count: number; oldestPlacedAt: Date | null };
  authorisedNotCaptured: { count: number; oldestPlacedAt: Date | null };
  /** Emails (and list signups) the outbox gave up on; null for staff limited to some sites (jobs have no site). */
  deadJobs: { id: number; kind: string; attempts: number; lastError: string | null; createdAt: Date }[] | null;
  /** Today's orders per site, in its own currency and day, for each site the staff member sees. */
  salesToday: { siteId: SiteId; currency: string; orders: number; totalCents: number }[];
  /** Published products whose stock is counted and at or below the threshold: how many, and the lowest few. */
  lowStock: { threshold: number; count: number; lowest: { itemCode: string; name: string; stockBottles: number }[] };
  /** Reviews waiting for a moderator (every product's: reviews belong to no site). */
  reviewsWaiting: { count: number; oldestAt: Date | null };
}

/** LOW_STOCK_BOTTLES's default; the lowest this many are listed. */
export const LOW_STOCK_DEFAULT = 12;
export const LOW_STOCK_SHOWN = 5;

/** Stock is the whole shop's (no site has its own): the same line for every staff member. */
async function loadLowStock(db: Db, threshold: number): Promise<WorkQueue['lowStock']> {
  // The partial index products_low_stock_idx holds exactly the counted, published products.
  const low = and(isNotNull(products.stockBottles), isNull(products.hiddenAt), lte(products.stockBottles, threshold));
  const [[counted], lowest] = await Promise.all([
    db.select({ count: sql<number>`count(*)::int` }).from(products).where(low),
    db
      .select({ itemCode: products.itemCode, name: products.name, stockBottles: sql<number>`${products.stockBottles}` })
      .from(products)
      .where(low)
      .orderBy(asc(products.stockBottles), asc(products.itemCode))
      .limit(LOW_STOCK_SHOWN),
  ]);
  return { threshold, count: Number(counted?.count ?? 0), lowest };
}

function sitesOf(member: StaffMember): SiteId[] {
  return member.sites.length > 0 ? [...member.sites] : SITE_IDS;
}

export async function loadWorkQueue(
  db: Db,
  clock: Clock,
  member: StaffMember,
  options: { lowStockBottles?: number } = {},
): Promise<WorkQueue> {
  const now = clock.now();
  const sites = sitesOf(member);
  const ofSites: SQL | undefined = member.sites.length > 0 ? inArray(orders.siteId, sites) : undefined;
  const waiting = (where: SQL) =>
    db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${orders.placedAt})` })
      .from(orders)
      .where(and(where, ofSites));
  // NOTE: the earliest "today" of all sites bounds the one scan; each site's own day is applied per row.
  const starts = new Map(sites.map((id) => [id, startOfDayIn(COUNTRY_TIME_ZONES[getSite(id).country], now)]));
  const earliest = new Date(Math.min(...[...starts.values()].map((d) => d.getTime())));
  const [[toShip], [authorised], dead, placedToday, lowStock, [reviewsWaiting]] = await Promise.all([
    waiting(eq(orders.status, 'PROCESSING')),
    waiting(eq(orders.paymentStatus, 'AUTHORISED')),
    member.sites.length > 0
      ? Promise.resolve(null)
      : db
          .select({
            id: outbox.id,
            kind: outbox.kind,
            attempts: outbox.attempts,
            lastError: outbox.lastError,
            createdAt: outbox.createdAt,
          })
          .from(outbox)
          .where(and(isNull(outbox.sentAt), sql`${outbox.attempts} >= ${OUTBOX_MAX_ATTEMPTS}`))
          .orderBy(outbox.id)
          .limit(50),
    db
      .select({
        siteId: orders.siteId,
        placedAt: orders.placedAt,
        totalCents: orders.totalCents,
      })
      .from(orders)
      .where(and(gte(orders.placedAt, earliest), ne(orders.status, 'CANCELLED'), ofSites)),
    loadLowStock(db, options.lowStockBottles ?? LOW_STOCK_DEFAULT),
    db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${reviews.createdAt})` })
      .from(reviews)
      .where(eq(reviews.status, 'pending')),
  ]);
  const sales = new Map(sites.map((id) => [id, { orders: 0, totalCents: 0 }]));
  for (const row of placedToday) {
    const start = starts.get(row.siteId as SiteId);
    const day = sales.get(row.siteId as SiteId);
    if (!start || !day || row.placedAt < start) continue;
    day.orders += 1;
    day.totalCents += row.totalCents;
  }
  const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    toShip: { count: toShip?.count ?? 0, oldestPlacedAt: dateOf(toShip?.oldest ?? null) },
    authorisedNotCaptured: { count: authorised?.count ?? 0, oldestPlacedAt: dateOf(authorised?.oldest ?? null) },
    deadJobs: dead,
    salesToday: sites.map((siteId) => ({
      siteId,
      currency: getSite(siteId).currency,
      ...(sales.get(siteId) ?? { orders: 0, totalCents: 0 }),
    })),
    lowStock,
    reviewsWaiting: {
      count: reviewsWaiting?.count ?? 0,
      oldestAt: dateOf(reviewsWaiting?.oldest ?? null),
    },
  };
}
