import { and, asc, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { mixedCaseContents, products, reviews, skuPrices, skus } from '../../db/schema';
import { centsToAmount } from '../../domain/money';
import { productImages, productPath } from '../../domain/product-path';
import { PACK_FIELD, type PackPrice, type PackSize } from '../../domain/pack-pricing';
import { type ProductKind, UNLISTED_KINDS } from '../../domain/product-kinds';
import { CURRENCIES, type CurrencyCode } from '../../domain/sites';
import { PUBLISHED_REVIEW_FIELDS } from '../reviews/reviews';

export interface SkuView {
  itemCode: string;
  numberOfBottles: number;
  vppApplier: boolean;
  bonusPoints: number;
  listPriceCents: number;
  salePriceCents: number;
  vppPriceCents: number | null;
  memberPriceCents: number | null;
}

/** The columns of SkuView but its code, from skus joined to sku_prices of one currency. */
export const SKU_PRICE_COLUMNS = {
  numberOfBottles: skus.numberOfBottles,
  vppApplier: skus.vppApplier,
  bonusPoints: skus.bonusPoints,
  listPriceCents: skuPrices.listPriceCents,
  salePriceCents: skuPrices.salePriceCents,
  vppPriceCents: skuPrices.vppPriceCents,
  memberPriceCents: skuPrices.memberPriceCents,
};

/** A product as the pages and API see it. */
export type ProductRow = typeof products.$inferSelect;

export interface ProductDetail extends ProductRow {
  skus: SkuView[];
  currency: CurrencyCode;
}

export interface ProductSummary {
  itemCode: string;
  name: string;
  slug: string;
  vintage: number | null;
  productType: ProductKind;
  colour: string;
  style: string;
  region: string;
  country: string;
  mixed: boolean;
  bottleCount: number;
  availability: string;
  preSell: boolean;
  imageBase: string;
  ratingAverage: number;
  ratingCount: number;
  listPriceCents: number;
  salePriceCents: number;
  /** An Unlimited member's price of it (a bottle, or a mixed case): shown to ACTIVE or REQUESTED members only. */
  memberPriceCents: number | null;
  /** The case price: the 12-pack for a wine, the case itself for a mixed case. */
  casePriceCents: number | null;
  caseBottles: number | null;
}

/** A product shoppers may see: a product staff hid is not there for them (its page and API answer 404). */
export const SHOWN = isNull(products.hiddenAt);

/** A product with its pack prices in `currency`; a hidden one only when asked for (the console's staff view). */
export async function findProduct(
  db: Db,
  itemCode: string,
  currency: CurrencyCode,
  options: { hidden?: boolean } = {},
): Promise<ProductDetail | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(options.hidden ? eq(products.itemCode, itemCode) : and(eq(products.itemCode, itemCode), SHOWN))
    .limit(1);
  if (!row) return null;
  const skuRows = await db
    .select({
      itemCode: skus.itemCode,
      ...SKU_PRICE_COLUMNS,
    })
    .from(skus)
    .innerJoin(skuPrices, and(eq(skuPrices.skuItemCode, skus.itemCode), eq(skuPrices.currency, currency)))
    .where(eq(skus.productItemCode, itemCode))
    .orderBy(asc(skus.numberOfBottles));
  return { ...row, skus: skuRows, currency };
}

/** A product by its own code, or by the code of one of its pack skus. */
export async function findProductByAnyCode(
  db: Db,
  code: string,
  currency: CurrencyCode,
): Promise<ProductDetail | null> {
  const direct = await findProduct(db, code, currency);
  if (direct) return direct;
  const [sku] = await db
    .select({ productItemCode: skus.productItemCode })
    .from(skus)
    .where(eq(skus.itemCode, code))
    .limit(1);
  return sku ? findProduct(db, sku.productItemCode, currency) : null;
}

export function packPrices(detail: ProductDetail): PackPrice[] {
  const sizes = new Set<number>([1, 2, 3, 6, 12]);
  // A mixed case is sold as one whole case (SPEC §9: a case of it is 1), by its own code.
  const offered = detail.mixed
    ? detail.skus.filter((s) => s.itemCode === detail.itemCode)
    : detail.skus.filter((s) => sizes.has(s.numberOfBottles));
  return offered.map((s) => ({
    size: (detail.mixed ? 1 : s.numberOfBottles) as PackSize,
    itemCode: s.itemCode,
    listPriceCents: s.listPriceCents,
    salePriceCents: s.salePriceCents,
    memberPriceCents: s.memberPriceCents,
  }));
}

function priceField(s: { itemCode: string; salePriceCents: number; listPriceCents: number }) {
  return {
    itemCode: s.itemCode,
    salePrice: centsToAmount(s.salePriceCents),
    listPrice: centsToAmount(s.listPriceCents),
  };
}

/** The Product shape of SPEC §3, as the JSON API returns it. */
export function toApiProduct(detail: ProductDetail) {
  const bySize = new Map(detail.skus.map((s) => [s.numberOfBottles, s] as const));
  const packFields: Partial<Record<'two' | 'three' | 'six' | 'twelve', ReturnType<typeof priceField>>> = {};
  if (!detail.mixed) {
    for (const [size, field] of Object.entries(PACK_FIELD)) {
      const sku = bySize.get(Number(size));
      if (sku) packFields[field] = priceField(sku);
    }
  } else {
    // A mixed case's price is the field of its bottles (a dozen: twelve), as its page and tiles show it.
    const own = detail.skus.find((s) => s.itemCode === detail.itemCode);
    const field = own ? PACK_FIELD[own.numberOfBottles as Exclude<PackSize, 1>] : undefined;
    if (own && field) packFields[field] = priceField(own);
  }
  return {
    itemCode: detail.itemCode,
    name: detail.name,
    vintage: detail.vintage,
    mixed: detail.mixed,
    productType: detail.productType,
    colour: detail.colour,
    style: detail.style,
    grape: detail.grape,
    region: detail.region,
    appellation: detail.appellation,
    country: detail.country,
    producer: detail.producer,
    bottleSizeMl: detail.bottleSizeMl,
    bottleCount: detail.bottleCount,
    preSellItem: detail.preSell,
    quantityLocked: detail.quantityLocked,
    currencyCode: detail.currency,
    ...productImages(detail.imageBase),
    largeImage: `${detail.imageBase}-large.svg`,
    averageRating: detail.ratingAverage,
    numberOfReviews: detail.ratingCount,
    drinkFrom: detail.drinkFrom,
    drinkTo: detail.drinkTo,
    url: productPath(detail),
    skus: detail.skus.map((s) => ({
      itemCode: s.itemCode,
      numberOfBottles: s.numberOfBottles,
      listPrice: centsToAmount(s.listPriceCents),
      salePrice: centsToAmount(s.salePriceCents),
      vppApplier: s.vppApplier,
      vppPrice: s.vppPriceCents === null ? null : centsToAmount(s.vppPriceCents),
      preSellItem: detail.preSell,
      bonusPoints: s.bonusPoints,
    })),
    inventoryInfo: { summaryAvailabilityStatus: detail.availability },
    ...packFields,
  };
}

export const singlePrice = alias(skuPrices, 'single_price');
const casePrice = alias(skuPrices, 'case_price');

function summarySelect(currency: CurrencyCode) {
  return {
    itemCode: products.itemCode,
    name: products.name,
    slug: products.slug,
    vintage: products.vintage,
    productType: products.productType,
    colour: products.colour,
    style: products.style,
    region: products.region,
    country: products.country,
    mixed: products.mixed,
    bottleCount: products.bottleCount,
    availability: products.availability,
    preSell: products.preSell,
    imageBase: products.imageBase,
    ratingAverage: products.ratingAverage,
    ratingCount: products.ratingCount,
    listPriceCents: singlePrice.listPriceCents,
    salePriceCents: singlePrice.salePriceCents,
    memberPriceCents: singlePrice.memberPriceCents,
    casePriceCents: sql<
      number | null
    >`case when ${products.mixed} then ${singlePrice.salePriceCents} else ${casePrice.salePriceCents} end`,
    caseBottles: sql<
      number | null
    >`case when ${products.mixed} then ${products.bottleCount} when ${casePrice.salePriceCents} is null then null else 12 end`,
    _currency: sql<string>`${currency}`,
  };
}

/** The listing tile query (product + single and case prices); callers add where/order/limit. */
export function summaryQuery(db: Db, currency: CurrencyCode) {
  return (
    db
      .select(summarySelect(currency))
      .from(products)
      // A hidden product is in no listing, whatever the caller's own conditions.
      .innerJoin(
        singlePrice,
        and(eq(singlePrice.skuItemCode, products.itemCode), eq(singlePrice.currency, currency), SHOWN),
      )
      .leftJoin(
        casePrice,
        and(eq(casePrice.skuItemCode, sql`${products.itemCode} || '-12'`), eq(casePrice.currency, currency)),
      )
  );
}

export function stripInternal<T extends { _currency: string }>(row: T): Omit<T, '_currency'> {
  const { _currency, ...rest } = row;
  return rest;
}

/** The tiles of given item codes, one statement per currency, prepared once per database. */
const summaryStatements = /* @__PURE__ */ preparedPerDatabase((db) => {
  const prepare = (currency: CurrencyCode) =>
    summaryQuery(db, currency)
      .where(sql`${products.itemCode} = any(${sql.placeholder('codes')}::text[])`)
      .prepare(`find_summaries_${currency.toLowerCase()}`);
  return Object.fromEntries(CURRENCIES.map((currency) => [currency, prepare(currency)])) as Record<
    CurrencyCode,
    ReturnType<typeof prepare>
  >;
});

export async function findSummaries(
  db: Db,
  itemCodes: readonly string[],
  currency: CurrencyCode,
): Promise<ProductSummary[]> {
  if (itemCodes.length === 0) return [];
  const rows = await summaryStatements(db)[currency].execute({ codes: [...itemCodes] });
  const byCode = new Map(rows.map((r) => [r.itemCode, stripInternal(r)] as const));
  return itemCodes.flatMap((code) => {
    const row = byCode.get(code);
    return row ? [row] : [];
  });
}

/** One wine of a mixed case, as its page lists it. */
export interface CaseContent {
  itemCode: string;
  name: string;
  vintage: number | null;
  /** The wine's product page. */
  path: string;
  quantity: number;
  /** One bottle of the wine on its own, in the currency asked for (null: not sold in it). */
  singleSaleCents: number | null;
}

/** The wines a mixed case holds, in the case's order (none when it is no mixed case or its contents are unknown). */
export async function findCaseContents(db: Db, caseItemCode: string, currency: CurrencyCode): Promise<CaseContent[]> {
  const rows = await db
    .select({
      itemCode: products.itemCode,
      name: products.name,
      slug: products.slug,
      vintage: products.vintage,
      quantity: mixedCaseContents.quantity,
      singleSaleCents: singlePrice.salePriceCents,
    })
    .from(mixedCaseContents)
    .innerJoin(products, eq(products.itemCode, mixedCaseContents.wineItemCode))
    .leftJoin(singlePrice, and(eq(singlePrice.skuItemCode, products.itemCode), eq(singlePrice.currency, currency)))
    .where(eq(mixedCaseContents.caseItemCode, caseItemCode))
    .orderBy(asc(mixedCaseContents.position));
  return rows.map(({ slug, ...row }) => ({ ...row, path: productPath({ ...row, slug }) }));
}

export async function listReviews(db: Db, itemCode: string, limit = 20) {
  return (
    db
      .select({ ...PUBLISHED_REVIEW_FIELDS, authorSlug: reviews.authorSlug })
      .from(reviews)
      // Only what a moderator published shows (services/reviews/reviews.ts).
      .where(and(eq(reviews.productItemCode, itemCode), eq(reviews.status, 'published')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
  );
}

/** Every listed product's path, for sitemap.xml. */
export async function listProductPaths(db: Db): Promise<string[]> {
  const rows = await db
    .select({ itemCode: products.itemCode, slug: products.slug, vintage: products.vintage })
    .from(products)
    .where(and(notInArray(products.productType, UNLISTED_KINDS), sql`cardinality(${products.categories}) > 0`, SHOWN))
    .orderBy(asc(products.sortRank));
  return rows.map(productPath);
}
