import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { customerRatings, doNotSendItems, favourites, products, recentlyBrowsed } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { RECOMMENDATION_TYPES, type RecommendationTypeId } from '../../domain/recommendations';
import { type ProductKind, UNLISTED_KINDS } from '../../domain/product-kinds';
import type { Site } from '../../domain/sites';
import { findSummaries, type ProductSummary } from '../catalogue/catalogue';
import { ServiceError } from '../platform/service-error';
import { writeQueuedViews } from './product-views';
import { GENERIC_ERRORS } from '../../domain/errors';

// SPEC §3 personal lists of a customer: favourites, not-for-me (do-not-send), ratings, recently browsed and
// recommendations. Every list answers `userItems` of { product, userItemDetails }.

export interface UserItem<D = Record<string, unknown>> {
  product: ProductSummary;
  userItemDetails: D;
}

export interface ItemList<D = Record<string, unknown>> {
  itemListInfo: { numberOfItems: number };
  userItems: UserItem<D>[];
}

export const RECENTLY_BROWSED_LIMIT = 20;
export const RECOMMENDATIONS_LIMIT = 12;

/** Joins list rows to product summaries in the site's currency, keeping the rows' order. */
async function withProducts<R extends { itemCode: string }, D>(
  db: Db,
  site: Site,
  rows: readonly R[],
  details: (row: R) => D,
): Promise<UserItem<D>[]> {
  if (rows.length === 0) return [];
  const summaries = new Map(
    (
      await findSummaries(
        db,
        rows.map((r) => r.itemCode),
        site.currency,
      )
    ).map((p) => [p.itemCode, p] as const),
  );
  return rows.flatMap((row) => {
    const product = summaries.get(row.itemCode);
    return product ? [{ product, userItemDetails: details(row) }] : [];
  });
}

const toList = <D>(userItems: UserItem<D>[]): ItemList<D> => ({
  itemListInfo: { numberOfItems: userItems.length },
  userItems,
});

/** A list the customer adds wines to (favourites, not-for-me): latest first, each with the date it was added. */
async function listAddedItems(
  db: Db,
  site: Site,
  list: 'favourites' | 'doNotSend',
  customerId: number,
): Promise<ItemList<{ addedDate: string }>> {
  const rows = await listStatements(db)[list].execute({ customerId });
  return toList(await withProducts(db, site, rows, (r) => ({ addedDate: r.at.toISOString() })));
}

/** The lists read on every logged-in page's personal parts, prepared once per database. */
const listStatements = /* @__PURE__ */ preparedPerDatabase((db) => {
  const added = (table: typeof favourites | typeof doNotSendItems, name: string) =>
    db
      .select({ itemCode: table.itemCode, at: table.createdAt })
      .from(table)
      .where(eq(table.customerId, sql.placeholder('customerId')))
      .orderBy(desc(table.createdAt), table.itemCode)
      .prepare(name);
  return {
    favourites: added(favourites, 'list_favourites'),
    doNotSend: added(doNotSendItems, 'list_do_not_send'),
    recentlyBrowsed: db
      .select({ itemCode: recentlyBrowsed.itemCode, at: recentlyBrowsed.viewedAt })
      .from(recentlyBrowsed)
      .where(eq(recentlyBrowsed.customerId, sql.placeholder('customerId')))
      .orderBy(desc(recentlyBrowsed.viewedAt), recentlyBrowsed.itemCode)
      .limit(sql.placeholder('limit'))
      .prepare('list_recently_browsed'),
  };
});

export function listFavourites(db: Db, site: Site, customerId: number): Promise<ItemList<{ addedDate: string }>> {
  return listAddedItems(db, site, 'favourites', customerId);
}

export function listDoNotSend(db: Db, site: Site, customerId: number): Promise<ItemList<{ addedDate: string }>> {
  return listAddedItems(db, site, 'doNotSend', customerId);
}

/** The customer's own ratings, best first. */
export async function listRatings(
  db: Db,
  site: Site,
  customerId: number,
): Promise<ItemList<{ rating: number; ratedDate: string }>> {
  const rows = await db
    .select({ itemCode: customerRatings.itemCode, rating: customerRatings.rating, at: customerRatings.ratedAt })
    .from(customerRatings)
    .where(eq(customerRatings.customerId, customerId))
    .orderBy(desc(customerRatings.rating), desc(customerRatings.ratedAt), customerRatings.itemCode);
  return toList(await withProducts(db, site, rows, (r) => ({ rating: r.rating, ratedDate: r.at.toISOString() })));
}

export async function listRecentlyBrowsed(
  db: Db,
  site: Site,
  customerId: number,
  limit = RECENTLY_BROWSED_LIMIT,
): Promise<ItemList<{ viewedDate: string }>> {
  // The views this process has queued first: the page just opened is on the list.
  await writeQueuedViews(db);
  const rows = await listStatements(db).recentlyBrowsed.execute({ customerId, limit });
  return toList(await withProducts(db, site, rows, (r) => ({ viewedDate: r.at.toISOString() })));
}

async function requireProduct(db: Db, itemCode: string): Promise<void> {
  const [row] = await db
    .select({ itemCode: products.itemCode })
    .from(products)
    .where(eq(products.itemCode, itemCode))
    .limit(1);
  if (!row) throw new ServiceError(GENERIC_ERRORS.not_found, /*i18n*/ 'We could not find that product.');
}

async function countOf(db: Db, table: typeof favourites | typeof doNotSendItems, customerId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.customerId, customerId));
  return row?.n ?? 0;
}

export interface ListChange {
  itemCode: string;
  itemListInfo: { numberOfItems: number };
}

/** Adds a favourite (idempotent). */
export async function addFavourite(db: Db, clock: Clock, customerId: number, itemCode: string): Promise<ListChange> {
  await requireProduct(db, itemCode);
  await db.insert(favourites).values({ customerId, itemCode, createdAt: clock.now() }).onConflictDoNothing();
  return { itemCode, itemListInfo: { numberOfItems: await countOf(db, favourites, customerId) } };
}

/** Removes a favourite (idempotent). */
export async function removeFavourite(db: Db, customerId: number, itemCode: string): Promise<ListChange> {
  await db.delete(favourites).where(and(eq(favourites.customerId, customerId), eq(favourites.itemCode, itemCode)));
  return { itemCode, itemListInfo: { numberOfItems: await countOf(db, favourites, customerId) } };
}

/** Marks a product not for me: it is never recommended again. */
export async function markNotForMe(db: Db, clock: Clock, customerId: number, itemCode: string): Promise<ListChange> {
  await requireProduct(db, itemCode);
  await db.insert(doNotSendItems).values({ customerId, itemCode, createdAt: clock.now() }).onConflictDoNothing();
  return { itemCode, itemListInfo: { numberOfItems: await countOf(db, doNotSendItems, customerId) } };
}

export async function unmarkNotForMe(db: Db, customerId: number, itemCode: string): Promise<ListChange> {
  await db
    .delete(doNotSendItems)
    .where(and(eq(doNotSendItems.customerId, customerId), eq(doNotSendItems.itemCode, itemCode)));
  return { itemCode, itemListInfo: { numberOfItems: await countOf(db, doNotSendItems, customerId) } };
}

export interface RecommendationDetails {
  sortPriority: number;
  recommendationTypeId: RecommendationTypeId;
}

interface Scored {
  itemCode: string;
  type: RecommendationTypeId;
}

/** Recommendations are wines (the queries below name the kind as a parameter, so that it is type-checked). */
const WINE: ProductKind = 'wine';

/**
 * Wines like the ones the customer bought (weight 2), rated 4 or 5 (weight 3) and favourited (weight 3):
 * each candidate scores, per liked wine, 3 for the same grape, 2 for the same region, 1 each for the same
 * colour and country. Never a wine the customer already bought, rated, favourited or marked not for me;
 * only listed wines in stock. Each item's type is the signal that contributed most. A customer with no
 * signals gets the best-rated wines (type popular).
 */
type ScoreRow = { item_code: string; by_purchase: number; by_rating: number; by_favourite: number };

/** The query that scores every listed wine in stock against what the customer liked, best first. */
function recommendationScores(customerId: number, limit: number) {
  const unlisted = sql.join(
    UNLISTED_KINDS.map((t) => sql`${t}`),
    sql`, `,
  );
  // The weight of each reason (kind 1 purchases, 2 ratings, 3 favourites) among the liked wines of one value.
  const weightsByKind = sql.raw(
    'sum(weight) filter (where kind = 1) as k1, sum(weight) filter (where kind = 2) as k2, sum(weight) filter (where kind = 3) as k3',
  );
  const scoreOf = (k: 'k1' | 'k2' | 'k3') =>
    sql.raw(`(3 * coalesce(g.${k}, 0) + 2 * coalesce(rg.${k}, 0) + coalesce(cl.${k}, 0) + coalesce(ct.${k}, 0))::int`);
  return sql`
    with liked as (
      select l.item_code, 2 as weight, 1 as kind
        from order_lines l join orders o on o.id = l.order_id
        where o.customer_id = ${customerId} and o.status <> 'CANCELLED'
      union all
      select r.item_code, 3, 2 from customer_ratings r where r.customer_id = ${customerId} and r.rating >= 4
      union all
      select f.item_code, 3, 3 from favourites f where f.customer_id = ${customerId}
    ),
    signal as materialized (
      select p.grape, p.region, p.colour, p.country, liked.weight, liked.kind
        from liked join products p on p.item_code = liked.item_code
        where p.product_type = ${WINE} and not p.mixed
    ),
    -- A wine scores, for each reason, the weights of the liked wines it shares a grape with (×3), a region with
    -- (×2), a colour and a country with (×1 each). Summed per shared value first, so that each wine is scored by
    -- four lookups instead of against every liked wine (the same scores; half the time).
    by_grape as (
      select grape, ${weightsByKind} from signal group by grape
    ),
    by_region as (
      select region, ${weightsByKind} from signal group by region
    ),
    by_colour as (
      select colour, ${weightsByKind} from signal group by colour
    ),
    by_country as (
      select country, ${weightsByKind} from signal group by country
    ),
    excluded as (
      select item_code from liked
      union select item_code from customer_ratings where customer_id = ${customerId}
      union select item_code from do_not_send_items where customer_id = ${customerId}
    ),
    scored as (
      select c.item_code, c.rating_average,
        ${scoreOf('k1')} as by_purchase,
        ${scoreOf('k2')} as by_rating,
        ${scoreOf('k3')} as by_favourite
      from products c
      left join by_grape g on g.grape = c.grape
      left join by_region rg on rg.region = c.region
      left join by_colour cl on cl.colour = c.colour
      left join by_country ct on ct.country = c.country
      where c.product_type = ${WINE} and not c.mixed and c.availability = 'in_stock'
        and c.product_type not in (${unlisted})
        and not exists (select 1 from excluded e where e.item_code = c.item_code)
    )
    select item_code, by_purchase, by_rating, by_favourite from scored
    where by_purchase + by_rating + by_favourite > 0
    order by by_purchase + by_rating + by_favourite desc, rating_average desc, item_code
    limit ${limit}
  `;
}

/** The reason a wine scored most by: what its recommendation says it is for. */
function strongestReason(r: ScoreRow): RecommendationTypeId {
  const byType: [RecommendationTypeId, number][] = [
    [RECOMMENDATION_TYPES.ratings, Number(r.by_rating)],
    [RECOMMENDATION_TYPES.favourites, Number(r.by_favourite)],
    [RECOMMENDATION_TYPES.purchases, Number(r.by_purchase)],
  ];
  return byType.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** With nothing liked yet: the best-rated wines in stock the customer has not marked not for them. */
async function popularWines(db: Db, customerId: number, limit: number): Promise<Scored[]> {
  const popular = await db
    .select({ itemCode: products.itemCode })
    .from(products)
    .where(
      and(
        eq(products.productType, 'wine'),
        eq(products.mixed, false),
        eq(products.availability, 'in_stock'),
        sql`${products.ratingCount} >= 3`,
        sql`not exists (select 1 from do_not_send_items d where d.customer_id = ${customerId} and d.item_code = ${products.itemCode})`,
      ),
    )
    .orderBy(desc(products.ratingAverage), desc(products.ratingCount), products.itemCode)
    .limit(limit);
  return popular.map((p) => ({ itemCode: p.itemCode, type: RECOMMENDATION_TYPES.popular }));
}

async function scoreRecommendations(db: Db, customerId: number, limit: number): Promise<Scored[]> {
  const result = await db.execute<ScoreRow>(recommendationScores(customerId, limit));
  const rows = (result as unknown as { rows: ScoreRow[] }).rows;
  if (rows.length === 0) return popularWines(db, customerId, limit);
  return rows.map((r) => ({ itemCode: r.item_code, type: strongestReason(r) }));
}

/** Ranked wines as a recommendations list, in their order: sortPriority 1, 2, 3… */
async function toRecommendationList(
  db: Db,
  site: Site,
  ranked: readonly Scored[],
): Promise<ItemList<RecommendationDetails>> {
  const items = ranked.map((s, i) => ({ itemCode: s.itemCode, sortPriority: i + 1, recommendationTypeId: s.type }));
  return toList(
    await withProducts(db, site, items, (r) => ({
      sortPriority: r.sortPriority,
      recommendationTypeId: r.recommendationTypeId,
    })),
  );
}

/** SPEC §7 recommendations list: best first, sortPriority 1, 2, 3… */
export async function listRecommendations(
  db: Db,
  site: Site,
  customerId: number,
  limit = RECOMMENDATIONS_LIMIT,
): Promise<ItemList<RecommendationDetails>> {
  const scored = await scoreRecommendations(db, customerId, limit);
  return toRecommendationList(db, site, scored);
}

/**
 * SPEC §7 mixed recommendations: the same wines taken in turn from each reason (purchases, ratings,
 * favourites), so one strong signal does not crowd out the others.
 */
export async function listMixedRecommendations(
  db: Db,
  site: Site,
  customerId: number,
  limit = RECOMMENDATIONS_LIMIT,
): Promise<ItemList<RecommendationDetails>> {
  const scored = await scoreRecommendations(db, customerId, limit * 3);
  const queues = new Map<RecommendationTypeId, Scored[]>();
  for (const s of scored) queues.set(s.type, [...(queues.get(s.type) ?? []), s]);
  const order = [...queues.keys()].sort((a, b) => a - b);
  const mixed: Scored[] = [];
  while (mixed.length < limit && order.some((t) => (queues.get(t)?.length ?? 0) > 0)) {
    for (const t of order) {
      const next = queues.get(t)?.shift();
      if (next && mixed.length < limit) mixed.push(next);
    }
  }
  return toRecommendationList(db, site, mixed);
}
