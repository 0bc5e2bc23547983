import { Hono } from 'hono';
import { OfferListPathSchema } from '../../domain/catalogue-inputs';
import { CURRENCY_OF_COUNTRY, type CountryCode } from '../../domain/sites';
import { findOfferList, toApiOfferList } from '../../services/offer-lists';
import { fail, ok } from '../envelope';
import type { AppEnv } from '../types';

export const itemListApi = new Hono<AppEnv>().get('/:name/:locale/:dataAreaId', async (c) => {
  const parsed = OfferListPathSchema.safeParse(c.req.param());
  if (!parsed.success) return fail(c, 400, parsed.error.issues[0]?.message ?? 'Invalid offer list request.');
  const country = parsed.data.locale.slice(3, 5).toLowerCase() as CountryCode;
  const list = await findOfferList(c.var.ctx.db, parsed.data.name, CURRENCY_OF_COUNTRY[country]);
  if (!list) return fail(c, 404, `There is no offer list named ${parsed.data.name}.`);
  return ok(c, toApiOfferList(list));
});
