import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ITEM_CODE_PATTERN } from '../../domain/item-code';
import { findProductByAnyCode } from '../../services/catalogue/catalogue';
import { findSimilarWines } from '../../services/catalogue/similar-wines';
import { NOT_FOUND_MESSAGES } from '../../domain/catalogue-inputs';
import { failWith, ok } from '../envelope';
import { createApiRouter, responses } from './router';

const text = z.string().trim().max(80).optional();
const SimilarQuerySchema = z.object({
  wineType: text,
  colourCode: text,
  appellation: text,
  region: text,
  country: text,
  grape: text,
  productId: z.string().regex(ITEM_CODE_PATTERN, 'productId must be an item code.').optional(),
  currentItemCode: z.string().regex(ITEM_CODE_PATTERN, 'currentItemCode must be an item code.').optional(),
  stateId: text,
  priceList: text,
  mixed: z.enum(['true', 'false']).optional(),
});

export const SimilarWinesSchema = z.object({
  items: z.array(
    z.object({
      itemCode: z.string(),
      score: z.number(),
      /** SPEC §7: the product as JSON text. */
      product: z.string(),
    }),
  ),
});

/** GET /jsp/api/us/similar_wines_json.jsp (SPEC §7): wines like the one described, closest first. */
export const similarWinesApi = createApiRouter().openapi(
  createRoute({
    method: 'get',
    path: '/',
    summary: 'Wines like the one described, closest first',
    request: { query: SimilarQuerySchema },
    responses: responses(SimilarWinesSchema, 'Up to 12 similar wines.', [400, 404]),
  }),
  async (c) => {
    const q = c.req.valid('query');
    const { db, site, cache } = c.var.ctx;
    // A product named by productId or currentItemCode fills in whatever the query leaves out.
    const code = (q.productId ?? q.currentItemCode)?.toUpperCase();
    const base = code ? await findProductByAnyCode(db, code, site.currency) : null;
    if (code && !base) return failWith(c, 404, NOT_FOUND_MESSAGES.product(code));
    const query = {
      grape: q.grape ?? base?.grape,
      appellation: q.appellation ?? base?.appellation,
      region: q.region ?? base?.region,
      country: q.country ?? base?.country,
      colourCode: q.colourCode ?? q.wineType ?? base?.colour,
      mixed: q.mixed === undefined ? base?.mixed : q.mixed === 'true',
      currentItemCode: q.currentItemCode?.toUpperCase() ?? base?.itemCode,
      nearPriceCents: base?.skus.find((s) => s.numberOfBottles === 1)?.salePriceCents,
      limit: 12,
    };
    const items = await cache.get(`similar:${site.currency}:${JSON.stringify(query)}`, () =>
      findSimilarWines(db, site.currency, query),
    );
    return ok(c, { items });
  },
);
