import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, recentlyBrowsed } from '../../db/schema';
import { systemClock } from '../../domain/clock';
import { SITES } from '../../domain/sites';
import { listRecentlyBrowsed } from '../../services/personal/lists';
import { recordProductView, WRITE_AFTER_MS, writeQueuedViews } from '../../services/personal/product-views';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// The recently viewed list's records, written behind in batches (decision 038).
describe('product views written behind', () => {
  let test: TestDatabase;
  let customerId: number;
  beforeAll(async () => {
    test = await createTestDatabase();
    const [row] = await test.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, 'planner@example.com'));
    customerId = row?.id ?? 0;
  });
  afterAll(async () => {
    await test.drop();
  });

  const stored = async () =>
    (
      await test.database.db
        .select({ itemCode: recentlyBrowsed.itemCode, at: recentlyBrowsed.viewedAt })
        .from(recentlyBrowsed)
        .where(eq(recentlyBrowsed.customerId, customerId))
        .orderBy(asc(recentlyBrowsed.itemCode))
    ).map((r) => [r.itemCode, r.at.toISOString()]);
  const at = (iso: string) => ({ now: () => new Date(iso) });

  it('a view is not written at once, but shortly after, with the others queued meanwhile', async () => {
    const db = test.database.db;
    void recordProductView(db, at('2026-11-01T00:00:00Z'), customerId, 'D0001');
    void recordProductView(db, at('2026-11-01T00:00:01Z'), customerId, 'D0002');
    expect(await stored()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, WRITE_AFTER_MS * 4));
    await writeQueuedViews(db);
    expect(await stored()).toEqual([
      ['D0001', '2026-11-01T00:00:00.000Z'],
      ['D0002', '2026-11-01T00:00:01.000Z'],
    ]);
  });

  it('the list shows a view just made, newest first; an earlier view never replaces a later one', async () => {
    const db = test.database.db;
    void recordProductView(db, at('2026-11-05T00:00:00Z'), customerId, 'D0002');
    void recordProductView(db, at('2026-11-04T00:00:00Z'), customerId, 'D0002');
    const list = await listRecentlyBrowsed(db, SITES['law-au'], customerId);
    expect(list.userItems.map((i) => i.product.itemCode)).toEqual(['D0002', 'D0001']);
    expect(list.userItems[0]?.userItemDetails.viewedDate).toBe('2026-11-05T00:00:00.000Z');
    await recordProductView(db, at('2026-11-03T00:00:00Z'), customerId, 'D0002');
    expect((await stored())[1]).toEqual(['D0002', '2026-11-05T00:00:00.000Z']);
  });

  it('a view that cannot be written does not lose the others of its batch', async () => {
    const db = test.database.db;
    const bad = recordProductView(db, systemClock, customerId, 'NO-SUCH-WINE');
    const good = recordProductView(db, at('2026-11-06T00:00:00Z'), customerId, 'B0001');
    await expect(Promise.all([bad, good])).resolves.toBeDefined();
    expect((await stored()).map(([code]) => code)).toEqual(['B0001', 'D0001', 'D0002']);
  });
});
