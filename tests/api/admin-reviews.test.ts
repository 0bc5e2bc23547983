import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, products, reviews } from '../../db/schema';
import type { ReviewStatus } from '../../domain/reviews';
import { STAFF_TEXTS } from '../../domain/staff';
import { MODERATION_TEXTS } from '../../domain/staff-moderation';
import type { App } from '../../server/app';
import { findProduct, listReviews } from '../../services/catalogue/catalogue';
import type { RequestContext } from '../../services/platform/request-context';
import { moderateReview } from '../../services/reviews/reviews';
import { until } from '../support/cached-pages';
import { useConsoleApp } from '../support/staff-session';
import { createVisitor } from '../support/test-app';

// The console's review moderation (CONTRACT.md `/admin/reviews`) through /api/admin/reviews: the queue oldest first and
// paged, approve and reject one or many, the roles, the audit log's rows, and an approved review on the storefront at
// once: the product API (read cache) and the anonymous product page (rendered-page cache), on every process.

/** A product page as the real one reads it (app/routes/product.tsx): the product and its reviews, read-cached. */
async function renderPage(request: Request, ctx: RequestContext): Promise<Response> {
  const code = new URL(request.url).pathname.split('/').pop() ?? '';
  const product = await ctx.cache.get(`product:AUD:${code}`, () => findProduct(ctx.db, code, 'AUD'));
  const shown = await ctx.cache.get(`product-reviews:AUD:${code}`, () => listReviews(ctx.db, code, 50));
  const html = `<!doctype html><html><body><p id="rating">rating:${product?.ratingAverage}/${product?.ratingCount}</p>
<ul>${shown.map((r) => `<li>${r.title}</li>`).join('')}</ul></body></html>`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

const t = useConsoleApp({ renderPage });
const { clock, db, signIn } = t;
const PAGE = '/product/a-wine/D0002';

type QueueRow = {
  id: number;
  itemCode: string;
  productName: string;
  productPath: string;
  author: string;
  rating: number;
  title: string;
  body: string;
  createdAt: string;
};
type QueuePage = { reviews: QueueRow[]; next: number | null; waiting: number };
type Decision = { changed: { id: number; before: ReviewStatus; after: ReviewStatus }[]; unchanged: number[] };

let day = 0;
/** Pending reviews of `itemCode`, each a day after the one before, from 2001 (older than any the demo data holds). */
async function pending(count: number, itemCode = 'D0002', title = 'Waiting'): Promise<number[]> {
  const rows = await db()
    .insert(reviews)
    .values(
      Array.from({ length: count }, (_, i) => ({
        productItemCode: itemCode,
        author: `Reviewer ${i + 1}`,
        location: 'Ballarat',
        rating: 1 + (i % 5),
        title: `${title} ${i + 1}`,
        body: 'Tasted at a dinner with friends.',
        createdAt: new Date(Date.UTC(2001, 0, 1 + day++)),
        status: 'pending' as const,
      })),
    )
    .returning({ id: reviews.id });
  return rows.map((r) => r.id);
}

async function statusOf(ids: number[]): Promise<ReviewStatus[]> {
  const rows = await db()
    .select({ status: reviews.status })
    .from(reviews)
    .where(inArray(reviews.id, ids))
    .orderBy(asc(reviews.id));
  return rows.map((r) => r.status);
}

async function auditOf(recordIds: number[]) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, 'review'), inArray(auditLog.recordId, recordIds.map(String))))
    .orderBy(asc(auditLog.id));
}

async function pageOf(target: App, path = PAGE) {
  const res = await target.request(path, { headers: { host: 'law-au.localhost:3000' } });
  return { text: await res.text(), cache: res.headers.get('x-cache') };
}

/** The change listener connects in the background; until it listens, pages are not cached. */
async function untilCaching(target: App) {
  await until(async () => (await pageOf(target)).cache !== null, 'the page cache to start');
}

describe('the queue', () => {
  it('lists the waiting reviews oldest first, with product, author, rating, title, body and date, a page at a time', async () => {
    const mine = await pending(3, 'D0002', 'Oldest');
    await pending(20, 'D0003', 'Later');
    const manager = await signIn('manager@staff.example');
    const first = await manager.call<QueuePage>('GET', '/api/admin/reviews');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const page = first.body.response;
    expect(page.reviews).toHaveLength(20);
    expect(page.waiting).toBeGreaterThanOrEqual(23);
    expect(page.reviews.slice(0, 3).map((r) => r.id)).toEqual(mine);
    expect(page.reviews[0]).toMatchObject({
      itemCode: 'D0002',
      author: 'Reviewer 1',
      rating: 1,
      title: 'Oldest 1',
      body: 'Tasted at a dinner with friends.',
      createdAt: new Date(Date.UTC(2001, 0, 1)).toISOString(),
    });
    expect(page.reviews[0]?.productPath).toMatch(/^\/product\/.+\/D0002$/);
    expect(page.reviews[0]?.productName).toBeTruthy();
    expect(page.next).toBe(page.reviews.at(-1)?.id);

    const second = await manager.call<QueuePage>('GET', `/api/admin/reviews?after=${page.next}`);
    const all = [...page.reviews, ...second.body.response.reviews];
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const dates = all.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort());
    expect(all.length).toBe(Math.min(40, page.waiting));
  });

  it('is counted on the work queue, with the oldest review’s date', async () => {
    const manager = await signIn('manager@staff.example');
    const queue = await manager.call<{ reviewsWaiting: { count: number; oldestAt: string | null } }>(
      'GET',
      '/api/admin/queue',
    );
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    const [waiting = 0] = await db()
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.status, 'pending'))
      .then((rows) => [rows.length]);
    expect(queue.body.response.reviewsWaiting).toEqual({
      count: waiting,
      oldestAt: new Date(Date.UTC(2001, 0, 1)).toISOString(),
    });
  });

  it('is refused to support and fulfilment (403, audited)', async () => {
    for (const email of ['support@staff.example', 'fulfilment@staff.example']) {
      const res = await (await signIn(email)).call('GET', '/api/admin/reviews');
      expect(res.status).toBe(403);
      expect(res.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
      const [refusal] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actor, email), eq(auditLog.action, 'reviews.read')));
      expect(refusal).toMatchObject({ outcome: 'refused' });
    }
  });
});

describe('deciding', () => {
  it('approves one: audited, and on the product API and the anonymous product page at once', async () => {
    await untilCaching(t.app);
    const [id = 0] = await pending(1, 'D0002', 'Approved at once');
    const [before] = await db().select().from(products).where(eq(products.itemCode, 'D0002'));
    // Both cached before the decision: the API's read cache and the rendered page.
    const shopper = createVisitor(() => t.app, 'law-au');
    const api = async () =>
      (await shopper.call('GET', '/api/product/item/D0002')).body.response as { numberOfReviews: number };
    expect((await api()).numberOfReviews).toBe(before?.ratingCount);
    await pageOf(t.app);
    const cached = await pageOf(t.app);
    expect(cached.cache).toBe('hit');
    expect(cached.text).not.toContain('Approved at once 1');

    const manager = await signIn('manager@staff.example');
    const res = await manager.call<Decision>('POST', '/api/admin/reviews/decisions', {
      ids: [id],
      decision: 'approve',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.changed).toEqual([{ id, itemCode: 'D0002', before: 'pending', after: 'published' }]);
    expect(await statusOf([id])).toEqual(['published']);
    const [audit] = await auditOf([id]);
    expect(audit).toMatchObject({
      actor: 'manager@staff.example',
      action: 'review.approve',
      outcome: 'done',
      before: { status: 'pending' },
      after: { status: 'published' },
    });

    const count = (before?.ratingCount ?? 0) + 1;
    await until(async () => (await api()).numberOfReviews === count, 'the product API to count the review');
    const fresh = await pageOf(t.app);
    expect(fresh.text).toContain('Approved at once 1');
    expect(fresh.text).toContain(`/${count}</p>`);
  });

  it('rejects many at once, each audited; deciding again changes nothing', async () => {
    const ids = await pending(3, 'D0002', 'Rejected');
    const manager = await signIn('manager@staff.example');
    const res = await manager.call<Decision>('POST', '/api/admin/reviews/decisions', { ids, decision: 'reject' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response.changed.map((c) => c.id)).toEqual(ids);
    expect(await statusOf(ids)).toEqual(['rejected', 'rejected', 'rejected']);
    const audits = await auditOf(ids);
    expect(audits.map((a) => [a.recordId, a.before, a.after])).toEqual(
      ids.map((id) => [String(id), { status: 'pending' }, { status: 'rejected' }]),
    );
    const again = await manager.call<Decision>('POST', '/api/admin/reviews/decisions', { ids, decision: 'reject' });
    expect(again.body.response).toEqual({ changed: [], unchanged: ids });
    expect(await auditOf(ids)).toHaveLength(3);
  });

  it('changes nothing when one of the reviews does not exist, or none is chosen', async () => {
    const ids = await pending(2);
    const manager = await signIn('manager@staff.example');
    const res = await manager.call('POST', '/api/admin/reviews/decisions', {
      ids: [...ids, 2_000_000_000],
      decision: 'approve',
    });
    expect(res.status).toBe(404);
    expect(await statusOf(ids)).toEqual(['pending', 'pending']);
    const none = await manager.call('POST', '/api/admin/reviews/decisions', { ids: [], decision: 'approve' });
    expect(none.status).toBe(400);
    expect(none.body.statusMessage).toContain(MODERATION_TEXTS.chooseReviews);
    expect(await auditOf(ids)).toEqual([]);
  });

  it('is refused to support and fulfilment: 403, audited, the review unchanged', async () => {
    const ids = await pending(1);
    for (const email of ['support@staff.example', 'fulfilment@staff.example']) {
      const res = await (await signIn(email)).call('POST', '/api/admin/reviews/decisions', {
        ids,
        decision: 'approve',
      });
      expect(res.status).toBe(403);
      expect(res.body.statusMessage).toBe(STAFF_TEXTS.forbidden);
    }
    expect(await statusOf(ids)).toEqual(['pending']);
    const refusals = await auditOf(ids);
    expect(refusals.map((r) => [r.actor, r.outcome, r.action])).toEqual([
      ['support@staff.example', 'refused', 'review.approve'],
      ['fulfilment@staff.example', 'refused', 'review.approve'],
    ]);
  });

  it('refuses a decision posted from another origin', async () => {
    const ids = await pending(1);
    const manager = await signIn('manager@staff.example');
    const res = await manager.call('POST', '/api/admin/reviews/decisions', { ids, decision: 'approve' }, undefined, {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
    expect(await statusOf(ids)).toEqual(['pending']);
  });

  it('is the command’s decision too (npm run reviews): the same service, audited as the command', async () => {
    const [id = 0] = await pending(1);
    await moderateReview(db(), id, 'reject', { clock });
    expect(await statusOf([id])).toEqual(['rejected']);
    const [audit] = await auditOf([id]);
    expect(audit).toMatchObject({ actor: 'command:reviews', staffId: null, after: { status: 'rejected' } });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, across processes', () => {
  it('an approval through one process drops the product page another process cached', async () => {
    const second = await t.anotherProcess();
    await untilCaching(second);
    const [id = 0] = await pending(1, 'D0002', 'Seen elsewhere');
    await pageOf(second);
    expect((await pageOf(second)).cache).toBe('hit');
    const manager = await signIn('manager@staff.example');
    const res = await manager.call('POST', '/api/admin/reviews/decisions', { ids: [id], decision: 'approve' });
    expect(res.status).toBe(200);
    await until(async () => (await pageOf(second)).text.includes('Seen elsewhere 1'), 'the other process’s page');
  });
});
