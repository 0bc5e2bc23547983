import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { NOT_FOUND_MESSAGES, PostcodeSchema } from '../../domain/catalogue-inputs';
import { lookupPostcode } from '../../services/cart/postcodes';
import { failWith, ok } from '../envelope';
import { createApiRouter, responses } from './router';

export const PostcodeAnswerSchema = z.object({
  postcode: z.string(),
  country: z.enum(['au', 'nz']),
  addresses: z.array(z.object({ postcode: z.string(), locality: z.string(), state: z.string(), country: z.string() })),
});

export const addressApi = createApiRouter().openapi(
  createRoute({
    method: 'get',
    path: '/zipcode/{zip}',
    summary: 'The places of a postcode',
    request: { params: z.object({ zip: PostcodeSchema }) },
    responses: responses(PostcodeAnswerSchema, 'The places with that postcode.', [400, 404]),
  }),
  async (c) => {
    const { zip } = c.req.valid('param');
    const { db, site } = c.var.ctx;
    const country = site.country === 'nz' ? ('nz' as const) : ('au' as const);
    const places = await lookupPostcode(db, country, zip);
    if (places.length === 0) return failWith(c, 404, NOT_FOUND_MESSAGES.postcode(zip));
    return ok(c, { postcode: zip, country, addresses: places });
  },
);
