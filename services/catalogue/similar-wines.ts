import { and, desc, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { products, skuPrices } from '../../db/schema';
import { centsToAmount } from '../../domain/money';
import { productPath } from '../../domain/product-path';
import { UNLISTED_KINDS } from '../../domain/product-kinds';
import type { CurrencyCode } from '../../domain/sites';

export interface SimilarQuery {
  wineType?: string | undefined;
  colourCode?: string | undefined;
  appellation?: string | undefined;
  region?: string | undefined;
  country?: string | undefined;
  grape?: string | undefined;
  mixed?: boolean | undefined;
  currentItemCode?: string | undefined;
  /** Price to be close to, in cents. */
  nearPriceCents?: number | undefined;
  limit: number;
}

/**
 * Wines ranked by closeness to the query: the same grape weighs most, then appellation, region,
 * colour and country; ties go to the closer price, then the better rated.
 */
export async function findSimilarWines(db: Db, currency: CurrencyCode, q: SimilarQuery) {
  const eqi = (column: AnyPgColumn, value: string | undefined, weight: number) =>
    value ? sql`(case when lower(${column}) = lower(${value}) then ${weight} else 0 end)` : sql`0`;
  const colour = q.colourCode ?? q.wineType;
  const score = sql<number>`(${eqi(products.grape, q.grape, 5)} + ${eqi(products.appellation, q.appellation, 3)} + ${eqi(products.region, q.region, 3)} + ${eqi(products.colour, colour, 2)} + ${eqi(products.country, q.country, 1)})::int`;
  // NOTE: a bare constant in ORDER BY is read as a column position, so leave the price out when unknown.
  const byPrice = q.nearPriceCents === undefined ? [] : [sql`abs(${skuPrices.salePriceCents} - ${q.nearPriceCents})`];
  const rows = await db
    .select({
      itemCode: products.itemCode,
      name: products.name,
      slug: products.slug,
      vintage: products.vintage,
      colour: products.colour,
      grape: products.grape,
      region: products.region,
      appellation: products.appellation,
      country: products.country,
      mixed: products.mixed,
      imageBase: products.imageBase,
      ratingAverage: products.ratingAverage,
      ratingCount: products.ratingCount,
      salePriceCents: skuPrices.salePriceCents,
      listPriceCents: skuPrices.listPriceCents,
      memberPriceCents: skuPrices.memberPriceCents,
      score,
    })
    .from(products)
    .innerJoin(skuPrices, and(eq(skuPrices.skuItemCode, products.itemCode), eq(skuPrices.currency, currency)))
    .where(
      and(
        eq(products.productType, 'wine'),
        eq(products.availability, 'in_stock'),
        notInArray(products.productType, UNLISTED_KINDS),
        isNull(products.hiddenAt),
        q.mixed === undefined ? undefined : eq(products.mixed, q.mixed),
        q.currentItemCode ? ne(products.itemCode, q.currentItemCode) : undefined,
        sql`${score} > 0`,
      ),
    )
    .orderBy(desc(score), ...byPrice, desc(products.ratingAverage), products.itemCode)
    .limit(q.limit);
  return rows.map((r) => ({
    itemCode: r.itemCode,
    score: r.score,
    // SPEC §7: each item carries the product as JSON text.
    product: JSON.stringify({
      itemCode: r.itemCode,
      name: r.name,
      vintage: r.vintage,
      colour: r.colour,
      grape: r.grape,
      region: r.region,
      appellation: r.appellation,
      country: r.country,
      mixed: r.mixed,
      url: productPath(r),
      smallImage: `${r.imageBase}-small.svg`,
      averageRating: r.ratingAverage,
      numberOfReviews: r.ratingCount,
      salePrice: centsToAmount(r.salePriceCents),
      listPrice: centsToAmount(r.listPriceCents),
      memberPrice: r.memberPriceCents === null ? null : centsToAmount(r.memberPriceCents),
      currencyCode: currency,
    }),
  }));
}
