import { and, asc, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';

/** SPEC §3 search suggestion: `i` the item code, `n` the name (with its vintage). */
export interface Suggestion {
  i: string;
  n: string;
}

/** Every listed product as a typeahead entry, by name. */
export async function buildSuggestions(db: Db): Promise<Suggestion[]> {
  const rows = await db
    .select({ itemCode: products.itemCode, name: products.name, vintage: products.vintage })
    .from(products)
    .where(
      and(
        notInArray(products.productType, ['giftVoucher', 'membership']),
        sql`cardinality(${products.categories}) > 0`,
      ),
    )
    .orderBy(asc(products.name), asc(products.itemCode));
  return rows.map((r) => ({ i: r.itemCode, n: r.vintage ? `${r.name} ${r.vintage}` : r.name }));
}
