import type { Context } from 'hono';
import { Hono } from 'hono';
import { ItemCodeSchema } from '../../domain/catalogue-inputs';
import { getCartOffers, getProductOffers, type OfferContext } from '../../services/offers';
import { fail, ok } from '../envelope';
import type { AppEnv } from '../types';
// Reading offers never creates a cart: no (valid) cookie is an empty cart, and no cookie is set.
import { cartIdOf } from './cart';

function offerContext(c: Context<AppEnv>): OfferContext {
  const { db, site, cache } = c.var.ctx;
  return { db, site, cache };
}

export const offerApi = new Hono<AppEnv>()
  .get('/cart', async (c) => ok(c, await getCartOffers(offerContext(c), await cartIdOf(c))))
  .get('/product/:itemCode', async (c) => {
    const code = ItemCodeSchema.safeParse(c.req.param('itemCode'));
    if (!code.success) return fail(c, 400, 'Please enter a valid item code.');
    const offers = await getProductOffers(offerContext(c), code.data);
    if (!offers) return fail(c, 404, `We could not find a product with item code ${code.data}.`);
    return ok(c, offers);
  });
