import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ITEM_CODE_MESSAGES, ItemCodeSchema, itemCodeSchema, NOT_FOUND_MESSAGES } from '../../domain/catalogue-inputs';
import { findProduct, findProductByAnyCode, toApiProduct } from '../../services/catalogue/catalogue';
import { failWith, ok } from '../envelope';
import { createApiRouter, responses } from './router';

/** The Product of SPEC §3. */
export const ProductSchema = z.looseObject({
  itemCode: z.string(),
  name: z.string(),
  mixed: z.boolean(),
  skus: z.array(z.looseObject({ itemCode: z.string() })),
});

export const productApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/item/{itemCode}',
      summary: 'A product by its own code or one of its sku codes',
      request: { params: z.object({ itemCode: ItemCodeSchema }) },
      responses: responses(ProductSchema, 'The product.', [400, 404]),
    }),
    async (c) => {
      const { itemCode } = c.req.valid('param');
      const { db, site, cache } = c.var.ctx;
      const product = await cache.get(`product-any:${site.currency}:${itemCode}`, () =>
        findProductByAnyCode(db, itemCode, site.currency),
      );
      if (!product) return failWith(c, 404, NOT_FOUND_MESSAGES.product(itemCode));
      return ok(c, toApiProduct(product));
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/case/{id}',
      summary: 'A mixed case, or a wine by one of its case skus',
      request: { params: z.object({ id: itemCodeSchema(ITEM_CODE_MESSAGES.case) }) },
      responses: responses(ProductSchema, 'The case.', [400, 404]),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { db, site } = c.var.ctx;
      const product = await findProductByAnyCode(db, id, site.currency);
      // A case is a mixed case, or a wine asked for by one of its case skus (6 or 12 bottles).
      const isCase =
        product && (product.mixed || product.skus.some((s) => s.itemCode === id && s.numberOfBottles >= 6));
      if (!product || !isCase) return failWith(c, 404, NOT_FOUND_MESSAGES.case(id));
      const full = product.mixed ? product : await findProduct(db, product.itemCode, site.currency);
      return ok(c, toApiProduct(full ?? product));
    },
  );
