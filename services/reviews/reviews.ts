import { and, desc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { customerAddresses, customers, orderLines, orders, products, reviews } from '../../db/schema';
import { type Clock, systemClock } from '../../domain/clock';
import { message } from '../../domain/message';
import {
  REVIEW_MESSAGES,
  REVIEW_STATUS,
  type ReviewInput,
  type ReviewStatus,
  reviewAuthorName,
  summariseRatings,
} from '../../domain/reviews';
import { ServiceError } from '../platform/service-error';
import { announcePageChange } from '../platform/page-changes';
import { canMove } from '../../domain/state-machine';
import { API_TEXTS } from '../../domain/api-texts';
import { GENERIC_ERRORS } from '../../domain/errors';
import { type Actor, writeAudit } from '../staff/audit';

// The review service (SPEC §7): customers who bought a wine review it (one review each, editable); every new or
// edited review waits for a moderator; only published reviews show and count towards the product's rating.

export interface CustomerReview {
  id: number;
  itemCode: string;
  rating: number;
  title: string;
  body: string;
  status: ReviewStatus;
}

/**
 * The order lines of every order the customer placed: what "bought" means for reviews, as the FROM and WHERE of a
 * subquery. NOTE: its own aliases, as drizzle leaves columns unqualified in a query without a join.
 */
function linesBoughtBy(customerId: Placeholder | number) {
  return sql`from ${orderLines} as bought_line inner join ${orders} as bought_order
    on bought_order.id = bought_line.order_id where bought_order.customer_id = ${customerId}`;
}

/** Whether the customer has bought the wine (may review it), as a column of another query. */
function boughtBy(customerId: Placeholder | number, itemCode: Placeholder | string) {
  return sql<boolean>`exists (select 1 ${linesBoughtBy(customerId)} and bought_line.item_code = ${itemCode})`;
}

/** The item codes of every wine the customer has bought, as a column of another query. */
export function itemCodesBoughtBy(customerId: Placeholder | number) {
  return sql<string[]>`array(select distinct bought_line.item_code ${linesBoughtBy(customerId)})`;
}

async function hasBought(db: Db, customerId: number, itemCode: string): Promise<boolean> {
  const [row] = await db.select({ bought: boughtBy(customerId, itemCode) }).from(sql`(values (1)) as one (x)`);
  return row?.bought === true;
}

/** The columns of a customer's own review, as CustomerReview names them. */
const REVIEW_COLUMNS = {
  id: reviews.id,
  itemCode: reviews.productItemCode,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  status: reviews.status,
};

type ReviewRow = Omit<CustomerReview, 'status'> & { status: string };

function toCustomerReview(row: ReviewRow): CustomerReview {
  return { ...row, status: row.status as ReviewStatus };
}

/** The customer's own review of a wine (any status), or null. */
export async function findCustomerReview(db: Db, customerId: number, itemCode: string): Promise<CustomerReview | null> {
  const [row] = await db
    .select(REVIEW_COLUMNS)
    .from(reviews)
    .where(and(eq(reviews.customerId, customerId), eq(reviews.productItemCode, itemCode)));
  return row ? toCustomerReview(row) : null;
}

/** What the product page asks of every Hard Logged-In view: whether they bought the wine, and their review. */
const ownReviewStatements = /* @__PURE__ */ preparedPerDatabase((db) => {
  const customerId = sql.placeholder('customerId');
  const itemCode = sql.placeholder('itemCode');
  return {
    state: db
      .select({
        bought: boughtBy(customerId, itemCode),
        ...REVIEW_COLUMNS,
      })
      .from(sql`(values (1)) as one (x)`)
      .leftJoin(reviews, and(eq(reviews.customerId, customerId), eq(reviews.productItemCode, itemCode)))
      .limit(1)
      .prepare('own_review_state'),
  };
});

/**
 * The review form's state for a customer (one query): null when they may not review the wine (they have not
 * bought it), else their own review of it, if any.
 */
export async function ownReviewState(
  db: Db,
  customerId: number,
  itemCode: string,
): Promise<{ existing: CustomerReview | null } | null> {
  const [row] = await ownReviewStatements(db).state.execute({ customerId, itemCode });
  if (!row?.bought) return null;
  const { bought: _bought, ...review } = row;
  // NOTE: the outer join gives every review column or none (the id is the table's key).
  return { existing: review.id === null ? null : toCustomerReview(review as ReviewRow) };
}

/** Recomputes a product's rating from its published reviews (inside the caller's transaction). */
async function refreshRating(tx: Db, itemCode: string, announce = true): Promise<void> {
  const rows = await tx
    .select({ rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.productItemCode, itemCode), eq(reviews.status, 'published')));
  await tx
    .update(products)
    .set(summariseRatings(rows.map((r) => r.rating)))
    .where(eq(products.itemCode, itemCode));
  // The product's page shows its published reviews and rating.
  if (announce) await announcePageChange(tx);
}

/**
 * Writes (or rewrites) the customer's review of a wine they bought. It waits for a moderator: a review that was
 * published is taken down until the edit is approved, and the product's rating follows.
 */
export async function submitReview(
  db: Db,
  clock: Clock,
  customerId: number,
  itemCode: string,
  input: ReviewInput,
): Promise<CustomerReview> {
  const [product] = await db.select({ code: products.itemCode }).from(products).where(eq(products.itemCode, itemCode));
  if (!product)
    throw new ServiceError(
      GENERIC_ERRORS.not_found,
      message(/*i18n*/ 'We could not find the product {itemCode}.', { itemCode }),
    );
  if (!(await hasBought(db, customerId, itemCode)))
    throw new ServiceError(GENERIC_ERRORS.forbidden, REVIEW_MESSAGES.notBought);
  const [customer] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName, locality: customerAddresses.locality })
    .from(customers)
    .leftJoin(
      customerAddresses,
      and(eq(customerAddresses.customerId, customers.id), eq(customerAddresses.isDefaultDelivery, true)),
    )
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) throw new ServiceError(GENERIC_ERRORS.not_found, API_TEXTS.accountNotFound);
  const values = {
    rating: input.rating,
    title: input.title,
    body: input.body,
    status: 'pending' as const,
    author: reviewAuthorName(customer.firstName, customer.lastName),
    location: customer.locality ?? '',
    createdAt: clock.now(),
  };
  return inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.customerId, customerId), eq(reviews.productItemCode, itemCode)))
      .for('update');
    await tx
      .insert(reviews)
      .values({ ...values, customerId, productItemCode: itemCode })
      .onConflictDoUpdate({ target: [reviews.customerId, reviews.productItemCode], set: values });
    if (before?.status === 'published') await refreshRating(tx, itemCode);
    const saved = await findCustomerReview(tx, customerId, itemCode);
    if (!saved) throw new Error('the review just written is missing');
    return saved;
  });
}

export type ReviewDecision = 'approve' | 'reject';

/** What a decision moves a review to. */
export const DECISION_STATUS: Readonly<Record<ReviewDecision, ReviewStatus>> = {
  approve: 'published',
  reject: 'rejected',
};

export interface ModerationResult {
  /** The reviews whose status changed, with the status before. */
  changed: { id: number; itemCode: string; before: ReviewStatus; after: ReviewStatus }[];
  /** The reviews that had that status already (deciding again changes nothing). */
  unchanged: number[];
}

/**
 * A moderator's decision on one or more reviews: the one piece of code behind the console (services/staff/reviews.ts)
 * and `npm run reviews -- approve|reject ID`. All or nothing in one transaction: each change is audited there with
 * its status before and after, the products' ratings follow, and the storefront's pages are told (on commit, on
 * every process). A missing review or a move REVIEW_STATUS does not allow changes nothing.
 */
export async function moderateReviews(
  db: Db,
  clock: Clock,
  by: Actor,
  reviewIds: readonly number[],
  decision: ReviewDecision,
): Promise<ModerationResult> {
  const ids = [...new Set(reviewIds)];
  const to = DECISION_STATUS[decision];
  if (ids.length === 0) return { changed: [], unchanged: [] };
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select({ id: reviews.id, status: reviews.status, itemCode: reviews.productItemCode })
      .from(reviews)
      .where(inArray(reviews.id, ids))
      .orderBy(reviews.id)
      .for('update');
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0)
      throw new ServiceError(
        GENERIC_ERRORS.not_found,
        missing.length === 1
          ? `There is no review ${missing[0]}: nothing was changed.`
          : `There are no reviews ${missing.join(', ')}: nothing was changed.`,
      );
    const result: ModerationResult = { changed: [], unchanged: [] };
    const now = clock.now();
    for (const row of rows) {
      if (row.status === to) {
        result.unchanged.push(row.id);
        continue;
      }
      if (!canMove(REVIEW_STATUS, row.status, to))
        throw new ServiceError(GENERIC_ERRORS.conflict, `Review ${row.id} is ${row.status}: it cannot be ${to}.`);
      await tx.update(reviews).set({ status: to }).where(eq(reviews.id, row.id));
      await writeAudit(tx, now, by, {
        action: `review.${decision}`,
        recordType: 'review',
        recordId: String(row.id),
        outcome: 'done',
        before: { status: row.status },
        after: { status: to },
      });
      result.changed.push({ id: row.id, itemCode: row.itemCode, before: row.status as ReviewStatus, after: to });
    }
    const itemCodes = [...new Set(result.changed.map((c) => c.itemCode))];
    for (const itemCode of itemCodes) await refreshRating(tx, itemCode, false);
    if (itemCodes.length > 0) await announcePageChange(tx);
    return result;
  });
}

/** Who a command run on the server is, for the audit log (services/staff/audit.ts). */
export function commandActor(user: string): Actor {
  return { staffId: null, actor: `command:${user}`, address: null };
}

/** One review's decision (`npm run reviews -- approve|reject ID`, and the tests'): moderateReviews on one. */
export async function moderateReview(
  db: Db,
  reviewId: number,
  decision: ReviewDecision,
  options: { clock?: Clock; by?: Actor } = {},
): Promise<void> {
  await moderateReviews(db, options.clock ?? systemClock, options.by ?? commandActor('reviews'), [reviewId], decision);
}

/** Reviews waiting for a moderator, oldest first. */
export function listPendingReviews(db: Db) {
  return db
    .select({
      id: reviews.id,
      itemCode: reviews.productItemCode,
      author: reviews.author,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
    })
    .from(reviews)
    .where(eq(reviews.status, 'pending'))
    .orderBy(reviews.createdAt, reviews.id);
}

/** What a shopper sees of a published review, on a wine's page and on its author's page. */
export const PUBLISHED_REVIEW_FIELDS = {
  id: reviews.id,
  author: reviews.author,
  location: reviews.location,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  createdAt: reviews.createdAt,
};

/** A named author's published reviews, newest first, with the wine each is about. */
export async function listAuthorReviews(db: Db, slug: string, limit = 50) {
  return db
    .select({
      ...PUBLISHED_REVIEW_FIELDS,
      itemCode: products.itemCode,
      productName: products.name,
      slug: products.slug,
      vintage: products.vintage,
    })
    .from(reviews)
    .innerJoin(products, eq(products.itemCode, reviews.productItemCode))
    .where(and(eq(reviews.authorSlug, slug), eq(reviews.status, 'published')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}
