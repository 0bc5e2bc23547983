import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ItemCodeSchema, NOT_FOUND_MESSAGES } from '../../domain/catalogue-inputs';
import { getCartOffers, getProductOffers } from '../../services/offers/offers';
import { failWith, ok } from '../envelope';
// Reading offers never creates a cart: no (valid) cookie is an empty cart, and no cookie is set.
import { cartContext, cartIdOf } from './cart';
import { createApiRouter, responses } from './router';

export const UpsellOffersSchema = z.object({
  UpsellOffers: z.object({
    offerDetails: z.array(z.looseObject({ savings: z.number() })),
    offerItems: z.array(z.looseObject({})),
  }),
});

export const offerApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/cart',
      summary: "Upsell offers for the visitor's cart",
      responses: responses(UpsellOffersSchema, 'The offers the cart qualifies for or is close to.', []),
    }),
    async (c) => ok(c, await getCartOffers(cartContext(c), await cartIdOf(c))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/product/{itemCode}',
      summary: 'Upsell offers for one product',
      request: { params: z.object({ itemCode: ItemCodeSchema }) },
      responses: responses(UpsellOffersSchema, 'The offers of the product.', [400, 404]),
    }),
    async (c) => {
      const { itemCode } = c.req.valid('param');
      const offers = await getProductOffers(cartContext(c), itemCode, await cartIdOf(c));
      if (!offers) return failWith(c, 404, NOT_FOUND_MESSAGES.product(itemCode));
      return ok(c, offers);
    },
  );
