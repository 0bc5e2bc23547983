import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ItemCodeSchema } from '../../domain/catalogue-inputs';
import { REVIEW_MESSAGES, ReviewInputSchema } from '../../domain/reviews';
import { findCustomerReview, listAuthorReviews, submitReview } from '../../services/reviews/reviews';
import { ok } from '../envelope';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';
import { customerIdOf, requireCurrent } from './user-auth';
import { REVIEW_STATUS } from '../../domain/reviews';
import { API_TEXTS } from '../../domain/api-texts';

// SPEC §7 review service: submit a review (Hard Logged-In customers who bought the wine) and get an author's
// published reviews.

const ItemCodeParams = z.object({ itemCode: ItemCodeSchema });
const AuthorParams = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, API_TEXTS.authorSlug),
});

const CustomerReviewSchema = z.object({
  id: z.number().int(),
  itemCode: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  status: z.enum(REVIEW_STATUS.states),
  message: z.string().optional(),
});

const AuthorReviewSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  location: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  itemCode: z.string(),
  productName: z.string(),
  slug: z.string(),
  vintage: z.number().int().nullable(),
});

export const userReviewsApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'put',
      path: '/reviews/{itemCode}',
      summary: 'Write or edit the customer’s review of a wine they bought (it waits for a moderator)',
      middleware: [requireCurrent, readJsonBody] as const,
      request: { params: ItemCodeParams, body: jsonBody(ReviewInputSchema) },
      responses: responses(CustomerReviewSchema, 'The review, pending moderation.', [400, 401, 403, 404]),
    }),
    async (c) => {
      const { db, clock } = c.var.ctx;
      const review = await submitReview(db, clock, customerIdOf(c), c.req.valid('param').itemCode, c.req.valid('json'));
      return ok(c, { ...review, message: REVIEW_MESSAGES.pending });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/reviews/{itemCode}',
      summary: 'The customer’s own review of a wine, whatever its status',
      middleware: [requireCurrent] as const,
      request: { params: ItemCodeParams },
      responses: responses(CustomerReviewSchema.nullable(), 'The review, or null.', [400, 401]),
    }),
    async (c) => ok(c, await findCustomerReview(c.var.ctx.db, customerIdOf(c), c.req.valid('param').itemCode)),
  );

export const reviewsApi = createApiRouter().openapi(
  createRoute({
    method: 'get',
    path: '/author/{slug}',
    summary: 'A named author’s published reviews, newest first',
    request: { params: AuthorParams },
    responses: responses(
      z.object({ author: z.string().nullable(), reviews: z.array(AuthorReviewSchema) }),
      'The reviews.',
      [400],
    ),
  }),
  async (c) => {
    const rows = await listAuthorReviews(c.var.ctx.db, c.req.valid('param').slug);
    return ok(c, {
      author: rows[0]?.author ?? null,
      reviews: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    });
  },
);
