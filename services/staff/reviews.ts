import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, reviews } from '../../db/schema';
import type { Clock } from '../../domain/clock';
import { type ModerationResult, moderateReviews, type ReviewDecision } from '../reviews/reviews';
import { requireStaffPermission, type StaffRequest } from './access';

// The console's review moderation (CONTRACT.md `/admin/reviews`): the reviews waiting, oldest first, a page at a
// time, and approve or reject, one or many. The decision itself is services/reviews (the command's too). Reviews
// belong to a product, not to a site: a site-limited manager moderates them all.

export const REVIEW_QUEUE_PAGE_SIZE = 20;

export interface QueuedReview {
  id: number;
  itemCode: string;
  productName: string;
  productSlug: string;
  productVintage: number | null;
  author: string;
  location: string;
  rating: number;
  title: string;
  body: string;
  createdAt: Date;
}

/** The waiting reviews after `afterId` (the last of the page before), oldest first; `next` when there are more. */
export async function staffReviewQueue(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  options: { afterId?: number | undefined; limit?: number } = {},
): Promise<{ reviews: QueuedReview[]; next: number | null; waiting: number }> {
  await requireStaffPermission(db, clock, request, 'reviews.write', { action: 'reviews.read' });
  const limit = options.limit ?? REVIEW_QUEUE_PAGE_SIZE;
  const after =
    options.afterId === undefined
      ? undefined
      : sql`(${reviews.createdAt}, ${reviews.id}) > ((select r.created_at from reviews r where r.id = ${options.afterId}), ${options.afterId})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        itemCode: reviews.productItemCode,
        productName: products.name,
        productSlug: products.slug,
        productVintage: products.vintage,
        author: reviews.author,
        location: reviews.location,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.itemCode, reviews.productItemCode))
      .where(and(eq(reviews.status, 'pending'), after))
      .orderBy(asc(reviews.createdAt), asc(reviews.id))
      .limit(limit + 1),
    db.select({ count: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.status, 'pending')),
  ]);
  const page = rows.slice(0, limit);
  return { reviews: page, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null, waiting: count?.count ?? 0 };
}

/** Approves or rejects the reviews (one or many) as the staff member, if their role may. */
export async function staffModerateReviews(
  db: Db,
  clock: Clock,
  request: StaffRequest,
  reviewIds: readonly number[],
  decision: ReviewDecision,
): Promise<ModerationResult> {
  const by = await requireStaffPermission(db, clock, request, 'reviews.write', {
    action: `review.${decision}`,
    recordType: 'review',
    recordId: reviewIds.join(','),
  });
  return moderateReviews(db, clock, by, reviewIds, decision);
}
