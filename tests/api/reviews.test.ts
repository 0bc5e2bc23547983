import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products, reviews } from '../../db/schema';
import { REVIEW_MESSAGES } from '../../domain/reviews';
import { LOGIN_REQUIRED } from '../../server/api/user-auth';
import { listReviews } from '../../services/catalogue/catalogue';
import { listPendingReviews, moderateReview } from '../../services/reviews/reviews';
import { createVisitor, useTestApp } from '../support/test-app';

// SPEC §7 review service: a Hard Logged-In customer who bought a wine reviews it (one review, editable); reviews
// wait for a moderator; the product's rating follows what is published; an author's page lists their reviews.

const t = useTestApp();
const db = () => t.testDb.database.db;
const visitor = () => createVisitor(() => t.app, 'law-au');

type OwnReview = { id: number; status: string; rating: number; title: string; message?: string };
type AuthorReviews = { author: string | null; reviews: { title: string; itemCode: string }[] };

/** Read from the table: the product API answers from the read cache, which catches up within its lifetime. */
async function productRating(code: string) {
  const [row] = await db().select().from(products).where(eq(products.itemCode, code));
  return { average: row?.ratingAverage ?? -1, count: row?.ratingCount ?? -1 };
}

async function shopper() {
  const v = visitor();
  expect((await v.login('shopper@example.com')).status).toBe(200);
  return v;
}

const review = { rating: 5, title: 'Our Christmas red', body: 'Plush and spicy; we bought a second case.' };

describe('writing a review', () => {
  it('waits for a moderator, then shows, counts in the rating and lists under its author', async () => {
    const before = await productRating('D0001');
    const published = await listReviews(db(), 'D0001', 100);
    const v = await shopper();
    // shopper@ bought D0001 (order LAW-100231).
    const res = await v.call<OwnReview>('PUT', '/api/user/reviews/D0001', review);
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ status: 'pending', rating: 5, message: REVIEW_MESSAGES.pending });
    // Not shown, not counted while it waits.
    expect(await listReviews(db(), 'D0001', 100)).toHaveLength(published.length);
    expect(await productRating('D0001')).toEqual(before);
    const pending = await listPendingReviews(db());
    expect(pending.map((r) => r.title)).toContain(review.title);

    await moderateReview(db(), res.body.response.id, 'approve');
    const shown = await listReviews(db(), 'D0001', 100);
    expect(shown.map((r) => r.title)).toContain(review.title);
    const after = await productRating('D0001');
    expect(after.count).toBe(before.count + 1);
    const ratings = shown.map((r) => r.rating);
    expect(after.average).toBe(Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10);

    // Signed "first name and initial" (Alex Morgan → "Alex M."): the author's page lists it.
    const mine = shown.find((r) => r.title === review.title);
    const author = await visitor().call<AuthorReviews>('GET', `/api/reviews/author/${mine?.authorSlug}`);
    expect(author.body.response.author).toBe(mine?.author);
    expect(author.body.response.reviews.map((r) => r.title)).toContain(review.title);
  });

  it('is one review per customer and wine: an edit replaces it and sends it back to the moderator', async () => {
    const v = await shopper();
    const first = await v.call<OwnReview>('PUT', '/api/user/reviews/D0002', { ...review, title: 'Zesty' });
    await moderateReview(db(), first.body.response.id, 'approve');
    const counted = await productRating('D0002');
    const edit = await v.call<OwnReview>('PUT', '/api/user/reviews/D0002', { ...review, rating: 3, title: 'Fine' });
    expect(edit.body.response).toMatchObject({ id: first.body.response.id, status: 'pending', rating: 3 });
    const rows = await db().select().from(reviews).where(eq(reviews.productItemCode, 'D0002'));
    expect(rows.filter((r) => r.customerId !== null)).toHaveLength(1);
    // The published version is taken down until the edit is approved.
    expect((await productRating('D0002')).count).toBe(counted.count - 1);
    const own = await v.call<OwnReview | null>('GET', '/api/user/reviews/D0002');
    expect(own.body.response).toMatchObject({ title: 'Fine', status: 'pending' });
    await moderateReview(db(), first.body.response.id, 'reject');
    expect((await listReviews(db(), 'D0002', 100)).map((r) => r.title)).not.toContain('Fine');
  });

  it('is only for customers who bought the wine, with the SPEC envelope for each refusal', async () => {
    const v = await shopper();
    const notBought = await v.call('PUT', '/api/user/reviews/X0001', review);
    expect(notBought.status).toBe(403);
    expect(notBought.body.statusMessage).toBe(REVIEW_MESSAGES.notBought);
    const anonymous = await visitor().call('PUT', '/api/user/reviews/D0001', review);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.statusMessage).toBe(LOGIN_REQUIRED);
    const cases: [unknown, string][] = [
      [{ ...review, rating: 0 }, REVIEW_MESSAGES.rating],
      [{ ...review, rating: 6 }, REVIEW_MESSAGES.rating],
      [{ ...review, title: '   ' }, REVIEW_MESSAGES.title],
      [{ ...review, title: 'x'.repeat(101) }, REVIEW_MESSAGES.titleLong],
      [{ ...review, body: '' }, REVIEW_MESSAGES.body],
      [{ ...review, body: 'x'.repeat(2_001) }, REVIEW_MESSAGES.bodyLong],
    ];
    for (const [body, message] of cases) {
      const res = await v.call('PUT', '/api/user/reviews/D0001', body);
      expect(res.status, message).toBe(400);
      expect(res.body.statusMessage).toBe(message);
    }
    expect((await v.call('PUT', '/api/user/reviews/NOPE1', review)).status).toBe(404);
  });

  it('answers an unknown author with no reviews and a malformed one with 400', async () => {
    const none = await visitor().call<AuthorReviews>('GET', '/api/reviews/author/nobody-here');
    expect(none.body.response).toEqual({ author: null, reviews: [] });
    expect((await visitor().call('GET', '/api/reviews/author/Bad%20Name')).status).toBe(400);
  });
});
