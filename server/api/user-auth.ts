import type { MiddlewareHandler } from 'hono';
import { fail } from '../envelope';
import type { AppEnv } from '../types';

// SPEC §7 user calls answer only for a known customer: anonymous calls get a 401 envelope.
export const LOGIN_REQUIRED = /*i18n*/ 'Please log in to continue.';

/** Hard Logged-In only (account data, lists, changes). */
export const requireCurrent: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.ctx.visitor.tier !== 'Hard Logged-In') return fail(c, 401, LOGIN_REQUIRED);
  await next();
};

/** Soft or Hard Logged-In (recently viewed and other personalisation of an identified visitor). */
export const requireIdentified: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.ctx.visitor.customerId === null) return fail(c, 401, LOGIN_REQUIRED);
  await next();
};

/** The customer id of a request that passed requireCurrent / requireIdentified. */
export function customerIdOf(c: { var: AppEnv['Variables'] }): number {
  const id = c.var.ctx.visitor.customerId;
  if (id === null) throw new Error('customerIdOf called without an identified visitor');
  return id;
}
