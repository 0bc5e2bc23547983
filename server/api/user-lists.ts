import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ITEM_CODE_MESSAGES, itemCodeSchema } from '../../domain/catalogue-inputs';
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
} from '../../services/personal/lists';
import { ok } from '../envelope';
import type { AppEnv } from '../types';
import { createApiRouter, responses } from './router';
import { customerIdOf, requireCurrent, requireIdentified } from './user-auth';

// SPEC §7 personal lists: favourites, not-for-me, ratings, recently browsed, recommendations.
// NOTE: guards go on each route, not use('*'): another router is mounted on /api/user too.

/** SPEC §3 ItemList of a customer: the products with what the customer did with each. */
export const UserItemListSchema = z.object({
  itemListInfo: z.object({ numberOfItems: z.number().int() }),
  userItems: z.array(
    z.object({
      product: z.looseObject({ itemCode: z.string(), name: z.string() }),
      userItemDetails: z.looseObject({}),
    }),
  ),
});

export const ListChangeSchema = z.object({
  itemCode: z.string(),
  itemListInfo: z.object({ numberOfItems: z.number().int() }),
});

const ListItemParams = z.object({ id: itemCodeSchema(ITEM_CODE_MESSAGES.give) });

type Change = (c: Context<AppEnv>, customerId: number, itemCode: string) => Promise<ListChange>;

function listRoute(path: string, summary: string, guard: MiddlewareHandler<AppEnv>) {
  return createRoute({
    method: 'get',
    path,
    summary,
    middleware: [guard] as const,
    responses: responses(UserItemListSchema, 'The list.', [401]),
  });
}

function changeRoute(path: string, summary: string) {
  return createRoute({
    method: 'put',
    path,
    summary,
    middleware: [requireCurrent] as const,
    request: { params: ListItemParams },
    // An unknown product is a not_found service error.
    responses: responses(ListChangeSchema, "The list's new size.", [400, 401, 404]),
  });
}

/** PUT …/{id}: applies the change to the valid item code, answers the list's new size. */
function change(apply: Change) {
  return async (c: Context<AppEnv, string, { out: { param: z.output<typeof ListItemParams> } }>) =>
    ok(c, await apply(c, customerIdOf(c), c.req.valid('param').id));
}

export const userListsApi = createApiRouter()
  .openapi(listRoute('/favourites/list', "The customer's favourites", requireCurrent), async (c) =>
    ok(c, await listFavourites(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  .openapi(
    changeRoute('/favourites/delete/{id}', 'Remove a favourite'),
    change((c, customerId, itemCode) => removeFavourite(c.var.ctx.db, customerId, itemCode)),
  )
  .openapi(
    changeRoute('/favourites/{id}', 'Add a favourite'),
    change((c, customerId, itemCode) => addFavourite(c.var.ctx.db, c.var.ctx.clock, customerId, itemCode)),
  )
  .openapi(listRoute('/donotsenditem/list', "The customer's not-for-me wines", requireCurrent), async (c) =>
    ok(c, await listDoNotSend(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  .openapi(
    changeRoute('/donotsenditem/delete/{id}', 'Take a wine off not-for-me'),
    change((c, customerId, itemCode) => unmarkNotForMe(c.var.ctx.db, customerId, itemCode)),
  )
  .openapi(
    changeRoute('/donotsenditem/{id}', 'Mark a wine not-for-me'),
    change((c, customerId, itemCode) => markNotForMe(c.var.ctx.db, c.var.ctx.clock, customerId, itemCode)),
  )
  .openapi(listRoute('/ratings/list', "The customer's ratings", requireCurrent), async (c) =>
    ok(c, await listRatings(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  // SPEC §6: recently viewed needs the visitor to be identified (Soft Logged-In is enough).
  .openapi(listRoute('/recentlybrowsed/list', 'Recently viewed wines', requireIdentified), async (c) =>
    ok(c, await listRecentlyBrowsed(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  // SPEC §6: recommendations run only for Current visitors.
  .openapi(listRoute('/recommendations/list/mixed', 'Recommended mixed cases', requireCurrent), async (c) =>
    ok(c, await listMixedRecommendations(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  )
  .openapi(listRoute('/recommendations/list', 'Recommended wines', requireCurrent), async (c) =>
    ok(c, await listRecommendations(c.var.ctx.db, c.var.ctx.site, customerIdOf(c))),
  );
