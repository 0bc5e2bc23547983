import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { NOT_FOUND_MESSAGES, OfferListPathSchema } from '../../domain/catalogue-inputs';
import { CURRENCY_OF_COUNTRY, type CountryCode } from '../../domain/sites';
import { findOfferList, toApiOfferList } from '../../services/offers/offer-lists';
import { failWith, ok } from '../envelope';
import { createApiRouter, responses } from './router';

export const OfferListSchema = z.object({
  name: z.string(),
  itemList: z.array(z.looseObject({ itemCode: z.string(), name: z.string() })),
  presentationMap: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
});

export const itemListApi = createApiRouter().openapi(
  createRoute({
    method: 'get',
    path: '/{name}/{locale}/{dataAreaId}',
    summary: 'An offer list (SPEC §3 ItemList)',
    request: { params: OfferListPathSchema },
    responses: responses(OfferListSchema, 'The offer list in the currency of the locale.', [400, 404]),
  }),
  async (c) => {
    const { name, locale } = c.req.valid('param');
    const country = locale.slice(3, 5).toLowerCase() as CountryCode;
    const list = await findOfferList(c.var.ctx.db, name, CURRENCY_OF_COUNTRY[country]);
    if (!list) return failWith(c, 404, NOT_FOUND_MESSAGES.offerList(name));
    return ok(c, toApiOfferList(list));
  },
);
