import { Hono } from 'hono';
import { ItemCodeSchema } from '../../domain/catalogue-inputs';
import { findProduct, findProductByAnyCode, toApiProduct } from '../../services/catalogue';
import { fail, ok } from '../envelope';
import type { AppEnv } from '../types';

export const productApi = new Hono<AppEnv>()
  .get('/item/:itemCode', async (c) => {
    const code = ItemCodeSchema.safeParse(c.req.param('itemCode'));
    if (!code.success) return fail(c, 400, 'Please enter a valid item code.');
    const { db, site, cache } = c.var.ctx;
    const product = await cache.get(`product-any:${site.currency}:${code.data}`, () =>
      findProductByAnyCode(db, code.data, site.currency),
    );
    if (!product) return fail(c, 404, `We could not find a product with item code ${code.data}.`);
    return ok(c, toApiProduct(product));
  })
  .get('/case/:id', async (c) => {
    const code = ItemCodeSchema.safeParse(c.req.param('id'));
    if (!code.success) return fail(c, 400, 'Please enter a valid case code.');
    const { db, site } = c.var.ctx;
    const product = await findProductByAnyCode(db, code.data, site.currency);
    // A case is a mixed case, or a wine asked for by one of its case skus (6 or 12 bottles).
    const isCase =
      product && (product.mixed || product.skus.some((s) => s.itemCode === code.data && s.numberOfBottles >= 6));
    if (!product || !isCase) return fail(c, 404, `We could not find a case with code ${code.data}.`);
    const full = product.mixed ? product : await findProduct(db, product.itemCode, site.currency);
    return ok(c, toApiProduct(full ?? product));
  });
