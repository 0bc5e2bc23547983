import { Hono } from 'hono';
import { PostcodeSchema } from '../../domain/catalogue-inputs';
import { lookupPostcode } from '../../services/postcodes';
import { fail, ok } from '../envelope';
import type { AppEnv } from '../types';

export const addressApi = new Hono<AppEnv>().get('/zipcode/:zip', async (c) => {
  const zip = PostcodeSchema.safeParse(c.req.param('zip'));
  if (!zip.success) return fail(c, 400, 'Please enter a 4-digit postcode.');
  const { db, site } = c.var.ctx;
  const country = site.country === 'nz' ? 'nz' : 'au';
  const places = await lookupPostcode(db, country, zip.data);
  if (places.length === 0) return fail(c, 404, `We could not find the postcode ${zip.data}.`);
  return ok(c, { postcode: zip.data, country, addresses: places });
});
