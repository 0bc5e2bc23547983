import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { productPath } from '../../domain/product-path';
import { REVIEW_STATUS } from '../../domain/reviews';
import { ModerateReviewsSchema, ReviewQueueQuerySchema } from '../../domain/staff-moderation';
import { staffModerateReviews, staffReviewQueue } from '../../services/staff/reviews';
import { ok } from '../envelope';
import { staffRequestOf } from './admin';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

// The console's review moderation as JSON calls (CONTRACT.md `/admin/reviews`): the queue, and approve or reject one
// or many. Who may is asked of services/staff/reviews.ts; the decision is services/reviews (the command's too).

const QueuedReviewSchema = z.object({
  id: z.number().int(),
  itemCode: z.string(),
  productName: z.string(),
  productPath: z.string().describe('The product’s storefront page.'),
  author: z.string(),
  location: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

const ModerationResultSchema = z.object({
  changed: z.array(
    z.object({
      id: z.number().int(),
      itemCode: z.string(),
      before: z.enum(REVIEW_STATUS.states),
      after: z.enum(REVIEW_STATUS.states),
    }),
  ),
  unchanged: z.array(z.number().int()).describe('Reviews that had that status already.'),
});

export const adminReviewsApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'The reviews waiting for a moderator, oldest first, paged',
      description: '`after`: the `next` of the previous page. Roles: owner, manager.',
      request: { query: ReviewQueueQuerySchema },
      responses: responses(
        z.object({
          reviews: z.array(QueuedReviewSchema),
          next: z.number().int().nullable(),
          waiting: z.number().int().describe('How many wait in all.'),
        }),
        'One page of the queue.',
        [400, 401, 403],
      ),
    }),
    async (c) => {
      const { ctx } = c.var;
      const page = await staffReviewQueue(ctx.db, ctx.clock, staffRequestOf(c), {
        afterId: c.req.valid('query').after,
      });
      return ok(c, {
        ...page,
        reviews: page.reviews.map(({ productSlug, productVintage, ...r }) => ({
          ...r,
          productPath: productPath({ slug: productSlug, vintage: productVintage, itemCode: r.itemCode }),
          createdAt: r.createdAt.toISOString(),
        })),
      });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/decisions',
      summary: 'Approve (publish) or reject reviews, one or many; audited',
      description:
        'All or nothing: an unknown review changes none (404). Each change is audited with its status before and ' +
        'after; an approved review shows on its product’s page, and in its rating, at once. Roles: owner, manager.',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(ModerateReviewsSchema) },
      responses: responses(ModerationResultSchema, 'Decided.', [400, 401, 403, 404, 409]),
    }),
    async (c) => {
      const { ctx } = c.var;
      const { ids, decision } = c.req.valid('json');
      return ok(c, await staffModerateReviews(ctx.db, ctx.clock, staffRequestOf(c), ids, decision));
    },
  );
