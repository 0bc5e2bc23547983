import { sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../../db/client';
import { products, skuPrices, skus } from '../../db/schema';
import type { CatalogueProduct } from '../../domain/catalogue-import';
import { slugify } from '../../domain/product-path';
import { PRODUCT_KINDS } from '../../domain/product-kinds';
import type { Clock } from '../../domain/clock';
import { announcePageChange } from '../platform/page-changes';

// The operators' catalogue import: products, pack skus and prices per currency, stock — in one transaction, so
// the catalogue changes completely or not at all; running the same file again leaves it the same.

export interface CatalogueImportReport {
  products: number;
  created: number;
  updated: number;
  skus: number;
  prices: number;
}

/** Where a new product is listed, from what it is (the operator's file does not name categories). */
function categoriesOf(p: CatalogueProduct): string[] {
  const category = PRODUCT_KINDS[p.productType].category;
  if (category) return [category];
  if (p.colour === 'mixed') return ['mixed-cases'];
  if (p.colour === 'none') return [];
  return [`${p.colour}-wine`];
}

export async function importCatalogue(
  db: Db,
  clock: Clock,
  list: readonly CatalogueProduct[],
): Promise<CatalogueImportReport> {
  return inTransaction(db, async (tx) => {
    const report: CatalogueImportReport = { products: list.length, created: 0, updated: 0, skus: 0, prices: 0 };
    const [rank] = await tx.select({ max: sql<number>`coalesce(max(${products.sortRank}), 0)::int` }).from(products);
    let nextRank = Number(rank?.max ?? 0);
    for (const p of list) {
      const fields = {
        name: p.name,
        slug: slugify(p.name),
        vintage: p.vintage,
        productType: p.productType,
        colour: p.colour,
        grape: p.grape,
        region: p.region,
        country: p.country,
        producer: p.producer,
        stockBottles: p.stock,
        availability: p.stock > 0 ? 'in_stock' : 'out_of_stock',
      };
      const [row] = await tx
        .insert(products)
        .values({
          itemCode: p.itemCode,
          ...fields,
          style: '',
          appellation: p.region,
          tastingNotes: '',
          description: `${p.name}${p.vintage ? ` ${p.vintage}` : ''} from ${p.producer}.`,
          imageBase: `/images/products/${p.itemCode}`,
          categories: categoriesOf(p),
          sortRank: ++nextRank,
          releasedOn: clock.now(),
        })
        .onConflictDoUpdate({ target: products.itemCode, set: fields })
        .returning({ created: sql<boolean>`(xmax = 0)` });
      if (row?.created) report.created++;
      else report.updated++;
      for (const [skuCode, sku] of p.skus) {
        await tx
          .insert(skus)
          .values({ itemCode: skuCode, productItemCode: p.itemCode, numberOfBottles: sku.packSize })
          .onConflictDoUpdate({
            target: skus.itemCode,
            set: { productItemCode: p.itemCode, numberOfBottles: sku.packSize },
          });
        report.skus++;
        for (const [currency, price] of sku.prices) {
          await tx
            .insert(skuPrices)
            .values({
              skuItemCode: skuCode,
              currency,
              listPriceCents: price.listCents,
              salePriceCents: price.saleCents,
            })
            .onConflictDoUpdate({
              target: [skuPrices.skuItemCode, skuPrices.currency],
              set: { listPriceCents: price.listCents, salePriceCents: price.saleCents },
            });
          report.prices++;
        }
      }
    }
    await announcePageChange(tx);
    return report;
  });
}
