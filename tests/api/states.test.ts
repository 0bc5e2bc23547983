import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHECK_VIOLATION } from '../../db/client';
import { customerSubscriptions, orders, reviews } from '../../db/schema';
import { refusal } from '../support/database-refusal';
import { useTestApp } from '../support/test-app';

// The state sets (domain/state-machine.ts) are the database's too: a status outside its set is refused by the
// column's check constraint, whoever writes it.
const t = useTestApp();
const db = () => t.testDb.database.db;

describe('a status outside its set', () => {
  it.each([
    [
      'orders',
      () => db().execute(sql`update ${orders} set status = 'LOST' where id = (select min(id) from ${orders})`),
    ],
    [
      'memberships',
      () =>
        db().execute(
          sql`update ${customerSubscriptions} set status = 'PAUSED' where id = (select min(id) from ${customerSubscriptions})`,
        ),
    ],
    [
      'reviews',
      () => db().execute(sql`update ${reviews} set status = 'hidden' where id = (select min(id) from ${reviews})`),
    ],
    [
      'order payments',
      () =>
        db().execute(sql`update ${orders} set payment_status = 'PENDING' where id = (select min(id) from ${orders})`),
    ],
  ])('is refused by the database (%s)', async (_name, write) => {
    expect(await refusal(write)).toBe(CHECK_VIOLATION);
  });

  it('leaves the rows as they were', async () => {
    const [first] = await db().select({ status: orders.status }).from(orders).orderBy(orders.id).limit(1);
    expect(['PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED']).toContain(first?.status);
    const [review] = await db().select({ status: reviews.status }).from(reviews).where(eq(reviews.id, 1));
    expect(review?.status ?? 'published').not.toBe('hidden');
  });
});
