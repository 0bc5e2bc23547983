import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { customers } from '../../db/schema';
import { ok } from '../envelope';
import type { AppEnv } from '../types';
import { customerIdOf, requireCurrent } from './user-auth';

// SPEC §7 account calls: details, subscriptions, wine plans, purchases, order history, contact preferences.
// NOTE: guards go on each route, not use('*'): another router is mounted on /api/user too.
export const userAccountApi = new Hono<AppEnv>().get('/details', requireCurrent, async (c) => {
  const [row] = await c.var.ctx.db
    .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerIdOf(c)));
  return ok(c, row);
});
