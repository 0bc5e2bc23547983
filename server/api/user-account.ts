import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { customers } from '../../db/schema';
import { ok } from '../envelope';
import type { AppEnv } from '../types';
import { customerIdOf, requireCurrent } from './user-auth';

// SPEC §7 account calls: details, subscriptions, wine plans, purchases, order history, contact preferences.
export const userAccountApi = new Hono<AppEnv>().use('*', requireCurrent).get('/details', async (c) => {
  const [row] = await c.var.ctx.db
    .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerIdOf(c)));
  return ok(c, row);
});
