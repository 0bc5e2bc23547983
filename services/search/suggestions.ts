import { and, asc, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { productKindsWhere } from '../../domain/product-kinds';

// A suggestion opens the product's page: kinds sold on pages of their own are not suggested.
const WITHOUT_PAGE = productKindsWhere((k) => !k.productPage);

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
        notInArray(products.productType, WITHOUT_PAGE),
        sql`cardinality(${products.categories}) > 0`,
        // Hidden by staff: not suggested, as its page is not there for shoppers.
        isNull(products.hiddenAt),
      ),
    )
    .orderBy(asc(products.name), asc(products.itemCode));
  return rows.map((r) => ({ i: r.itemCode, n: r.vintage ? `${r.name} ${r.vintage}` : r.name }));
}
