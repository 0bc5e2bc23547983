import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recentlyBrowsed } from '../../db/schema';
import type { Clock } from '../../domain/clock';

/**
 * Product views of identified visitors (the recently viewed list), written behind in batches (decision 038): a view
 * is queued and written within `WRITE_AFTER_MS`, with every other view queued meanwhile, in one statement. The list's
 * reader writes what is queued first (`writeQueuedViews`), so this process's next page shows the view; another
 * process sees it once its batch is written. The server writes what is queued before it closes the database.
 */
export const WRITE_AFTER_MS = 25;
/** Views queued at most; one more writes the batch at once. */
const MAX_QUEUED = 500;

interface View {
  customerId: number;
  itemCode: string;
  at: Date;
}

interface Queue {
  /** The latest view of each customer's product, by `customerId itemCode`. */
  views: Map<string, View>;
  timer: ReturnType<typeof setTimeout> | null;
  /** Resolved once the views queued so far are written. */
  queued: { written: Promise<void>; resolve: () => void } | null;
  /** The batches under way. */
  writing: Set<Promise<void>>;
}

const queues = new WeakMap<Db, Queue>();

function queueOf(db: Db): Queue {
  let queue = queues.get(db);
  if (!queue) {
    queue = { views: new Map(), timer: null, queued: null, writing: new Set() };
    queues.set(db, queue);
  }
  return queue;
}

/**
 * Records a product view: the latest view of a product replaces the earlier one. Resolves once it is written; a page
 * need not wait for that. Never rejects: a view that cannot be written (its product deleted meanwhile) is dropped.
 */
export function recordProductView(db: Db, clock: Clock, customerId: number, itemCode: string): Promise<void> {
  const queue = queueOf(db);
  const at = clock.now();
  const key = `${customerId} ${itemCode}`;
  const earlier = queue.views.get(key);
  if (!earlier || earlier.at <= at) queue.views.set(key, { customerId, itemCode, at });
  if (!queue.queued) {
    let resolve = () => {};
    const written = new Promise<void>((r) => {
      resolve = r;
    });
    queue.queued = { written, resolve };
    queue.timer = setTimeout(() => void writeQueuedViews(db), WRITE_AFTER_MS);
    queue.timer.unref?.();
  }
  const { written } = queue.queued;
  if (queue.views.size >= MAX_QUEUED) void writeQueuedViews(db);
  return written;
}

/** Writes every view queued so far and waits for the batches under way; resolves when they are in the database. */
export async function writeQueuedViews(db: Db): Promise<void> {
  const queue = queues.get(db);
  if (!queue) return;
  if (queue.views.size) {
    const views = [...queue.views.values()];
    const queued = queue.queued;
    if (queue.timer) clearTimeout(queue.timer);
    queue.views = new Map();
    queue.timer = null;
    queue.queued = null;
    const batch = writeViews(db, views).then(() => queued?.resolve());
    queue.writing.add(batch);
    void batch.finally(() => queue.writing.delete(batch));
  }
  await Promise.all([...queue.writing]);
}

async function writeViews(db: Db, views: View[]): Promise<void> {
  try {
    await upsertViews(db, views);
  } catch {
    // One bad view (a product or customer deleted meanwhile) must not lose the others: each alone, bad ones dropped.
    for (const view of views) await upsertViews(db, [view]).catch(() => {});
  }
}

function upsertViews(db: Db, views: View[]) {
  return db.execute(sql`insert into ${recentlyBrowsed} (customer_id, item_code, viewed_at)
    select * from unnest(
      ${sql.param(views.map((v) => v.customerId))}::int[],
      ${sql.param(views.map((v) => v.itemCode))}::text[],
      ${sql.param(views.map((v) => v.at.toISOString()))}::timestamptz[])
    on conflict (customer_id, item_code)
    do update set viewed_at = greatest(${recentlyBrowsed}.viewed_at, excluded.viewed_at)`);
}
