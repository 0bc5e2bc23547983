import { Hono } from 'hono';
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
  setEmailOptIn,
} from '../../services/account';
import { fail, ok } from '../envelope';
import { readJson } from './json-body';
import { presentedTokens } from '../session-cookies';
import type { AppEnv } from '../types';
import { customerIdOf, requireCurrent } from './user-auth';

// SPEC §7 account calls: details, subscriptions, wine plans, purchases, order history, contact preferences,
// password. Handlers: parse input → call services/account.ts → map the result; typed errors become 4xx in the
// app's one error handler (server/envelope.ts clientErrorOf).
// NOTE: guards go on each route, not use('*'): another router is mounted on /api/user too.

export const userAccountApi = new Hono<AppEnv>()
  .get('/details', requireCurrent, async (c) => ok(c, await getAccountDetails(c.var.ctx.db, customerIdOf(c))))
  .get('/subscriptions/wineplans/list', requireCurrent, async (c) =>
    ok(c, { winePlanSubscriptions: await listWinePlanSubscriptions(c.var.ctx.db, customerIdOf(c)) }),
  )
  .get('/subscriptions/subscription/list', requireCurrent, async (c) =>
    ok(c, { generalSubscriptions: await listGeneralSubscriptions(c.var.ctx.db, customerIdOf(c)) }),
  )
  .get('/purchases/list', requireCurrent, async (c) =>
    ok(c, { orders: await listPurchases(c.var.ctx.db, customerIdOf(c)) }),
  )
  .get('/orderhistory/details/:id', requireCurrent, async (c) => {
    const raw = c.req.param('id') ?? '';
    // Anything but a plain positive number is simply not one of the customer's orders.
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : -1;
    return ok(c, await getOrderDetails(c.var.ctx.db, customerIdOf(c), id));
  })
  .put('/preferences/contact', requireCurrent, async (c) => {
    const parsed = ContactPreferencesSchema.safeParse(await readJson(c));
    if (!parsed.success) return fail(c, 400, ACCOUNT_MESSAGES.contactBody);
    return ok(c, await setEmailOptIn(c.var.ctx.db, customerIdOf(c), parsed.data.optin.emailFlag));
  })
  .put('/password', requireCurrent, async (c) => {
    const parsed = ChangePasswordSchema.safeParse(await readJson(c));
    if (!parsed.success) return fail(c, 400, parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.passwordRule);
    await changeAccountPassword(c.var.ctx.db, c.var.ctx.clock, customerIdOf(c), parsed.data, presentedTokens(c));
    return ok(c, { message: ACCOUNT_MESSAGES.passwordChanged });
  });
