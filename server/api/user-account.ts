import { type Context, Hono } from 'hono';
import { LOGIN_MESSAGES } from '../../domain/identity-rules';
import { ChangePasswordSchema } from '../../domain/identity-schemas';
import { ACCOUNT_MESSAGES, ContactPreferencesSchema } from '../../domain/account-rules';
import {
  changeAccountPassword,
  getAccountDetails,
  getOrderDetails,
  listGeneralSubscriptions,
  listPurchases,
  listWinePlanSubscriptions,
  OrderNotFoundError,
  setEmailOptIn,
} from '../../services/account';
import { IdentityError } from '../../services/identity';
import { fail, HttpError, ok } from '../envelope';
import { readJson } from './json-body';
import { presentedTokens } from '../session-cookies';
import type { AppEnv } from '../types';
import { customerIdOf, requireCurrent } from './user-auth';

// SPEC §7 account calls: details, subscriptions, wine plans, purchases, order history, contact preferences,
// password. Handlers: parse input → call services/account.ts → map the result or a typed error.
// NOTE: guards go on each route, not use('*'): another router is mounted on /api/user too.

function handle(fn: (c: Context<AppEnv>) => Promise<Response>) {
  return async (c: Context<AppEnv>) => {
    try {
      return await fn(c);
    } catch (error) {
      if (error instanceof HttpError) return fail(c, error.status, error.message);
      if (error instanceof OrderNotFoundError) return fail(c, 404, error.message);
      if (error instanceof IdentityError) return fail(c, error.status, error.message);
      throw error;
    }
  };
}

export const userAccountApi = new Hono<AppEnv>()
  .get(
    '/details',
    requireCurrent,
    handle(async (c) => ok(c, await getAccountDetails(c.var.ctx.db, customerIdOf(c)))),
  )
  .get(
    '/subscriptions/wineplans/list',
    requireCurrent,
    handle(async (c) => ok(c, { winePlanSubscriptions: await listWinePlanSubscriptions(c.var.ctx.db, customerIdOf(c)) })),
  )
  .get(
    '/subscriptions/subscription/list',
    requireCurrent,
    handle(async (c) => ok(c, { generalSubscriptions: await listGeneralSubscriptions(c.var.ctx.db, customerIdOf(c)) })),
  )
  .get(
    '/purchases/list',
    requireCurrent,
    handle(async (c) => ok(c, { orders: await listPurchases(c.var.ctx.db, customerIdOf(c)) })),
  )
  .get(
    '/orderhistory/details/:id',
    requireCurrent,
    handle(async (c) => {
      const raw = c.req.param('id') ?? '';
      // Anything but a plain positive number is simply not one of the customer's orders.
      const id = /^\d{1,10}$/.test(raw) ? Number(raw) : -1;
      return ok(c, await getOrderDetails(c.var.ctx.db, customerIdOf(c), id));
    }),
  )
  .put(
    '/preferences/contact',
    requireCurrent,
    handle(async (c) => {
      const parsed = ContactPreferencesSchema.safeParse(await readJson(c));
      if (!parsed.success) return fail(c, 400, ACCOUNT_MESSAGES.contactBody);
      return ok(c, await setEmailOptIn(c.var.ctx.db, customerIdOf(c), parsed.data.optin.emailFlag));
    }),
  )
  .put(
    '/password',
    requireCurrent,
    handle(async (c) => {
      const parsed = ChangePasswordSchema.safeParse(await readJson(c));
      if (!parsed.success) return fail(c, 400, parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.passwordRule);
      await changeAccountPassword(c.var.ctx.db, customerIdOf(c), parsed.data, presentedTokens(c));
      return ok(c, { message: ACCOUNT_MESSAGES.passwordChanged });
    }),
  );
