import type { Context } from 'hono';
import { Hono } from 'hono';
import { ItemCodeSchema } from '../../domain/catalogue-inputs';
import {
  addFavourite,
  type ListChange,
  listDoNotSend,
  listFavourites,
  listMixedRecommendations,
  listRatings,
  listRecentlyBrowsed,
  listRecommendations,
  markNotForMe,
  removeFavourite,
  unmarkNotForMe,
} from '../../services/personal-lists';
import { fail, ok } from '../envelope';
import type { AppEnv } from '../types';
import { customerIdOf, requireCurrent, requireIdentified } from './user-auth';

// SPEC §7 personal lists: favourites, not-for-me, ratings, recently browsed, recommendations.
// NOTE: guards go on each route, not use('*'): another router is mounted on /api/user too.

type Change = (c: Context<AppEnv>, customerId: number, itemCode: string) => Promise<ListChange>;

/** PUT …/{id}: validates the item code, applies the change, answers the list's new size. */
function change(apply: Change) {
  return async (c: Context<AppEnv>) => {
    const code = ItemCodeSchema.safeParse(c.req.param('id'));
    if (!code.success) return fail(c, 400, 'Please give a valid item code.');
    // An unknown product (NotFoundError) becomes a 404 in the app's one error handler.
    return ok(c, await apply(c, customerIdOf(c), code.data));
  };
}

export const userListsApi = new Hono<AppEnv>()
  .get('/favourites/list', requireCurrent, async (c) =>
    ok(c, await listFavourites(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  .put(
    '/favourites/delete/:id',
    requireCurrent,
    change((c, customerId, itemCode) => removeFavourite(c.var.ctx.db, customerId, itemCode)),
  )
  .put(
    '/favourites/:id',
    requireCurrent,
    change((c, customerId, itemCode) => addFavourite(c.var.ctx.db, c.var.ctx.clock, customerId, itemCode)),
  )
  .get('/donotsenditem/list', requireCurrent, async (c) =>
    ok(c, await listDoNotSend(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  .put(
    '/donotsenditem/delete/:id',
    requireCurrent,
    change((c, customerId, itemCode) => unmarkNotForMe(c.var.ctx.db, customerId, itemCode)),
  )
  .put(
    '/donotsenditem/:id',
    requireCurrent,
    change((c, customerId, itemCode) => markNotForMe(c.var.ctx.db, c.var.ctx.clock, customerId, itemCode)),
  )
  .get('/ratings/list', requireCurrent, async (c) =>
    ok(c, await listRatings(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  // SPEC §6: recently viewed needs the visitor to be identified (Soft Logged-In is enough).
  .get('/recentlybrowsed/list', requireIdentified, async (c) =>
    ok(c, await listRecentlyBrowsed(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  // SPEC §6: recommendations run only for Current visitors.
  .get('/recommendations/list/mixed', requireCurrent, async (c) =>
    ok(c, await listMixedRecommendations(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  .get('/recommendations/list', requireCurrent, async (c) =>
    ok(c, await listRecommendations(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  );
