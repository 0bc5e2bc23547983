import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * What anonymous pages show (catalogue, prices, stock, ratings, content) changed: the rendered-page caches of
 * every process drop their entries (server/page-cache.ts). Sent inside the changing transaction, so it is
 * delivered on commit and never for a change that rolled back; PostgreSQL carries it to other processes.
 */
export const PAGE_CHANGES_CHANNEL = 'storefront_page_changes';

export async function announcePageChange(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${PAGE_CHANGES_CHANNEL}, '')`);
}
