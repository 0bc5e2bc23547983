import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offerListItems, offerLists } from '../../db/schema';
import { centsToAmount } from '../../domain/money';
import { productImages } from '../../domain/product-path';
import type { CurrencyCode } from '../../domain/sites';
import { findSummaries, type ProductSummary } from '../catalogue/catalogue';

export interface OfferListEntry {
  product: ProductSummary;
  skuItemCode: string;
  addOnPriceCents: number;
}

export interface OfferList {
  name: string;
  template: string;
  header: string;
  qvEnabled: boolean;
  entries: OfferListEntry[];
}

export async function findOfferList(db: Db, name: string, currency: CurrencyCode): Promise<OfferList | null> {
  const [list] = await db.select().from(offerLists).where(eq(offerLists.name, name)).limit(1);
  if (!list) return null;
  const items = await db
    .select()
    .from(offerListItems)
    .where(eq(offerListItems.listName, name))
    .orderBy(asc(offerListItems.position));
  const summaries = await findSummaries(
    db,
    items.map((i) => i.productItemCode),
    currency,
  );
  const byCode = new Map(summaries.map((s) => [s.itemCode, s] as const));
  const entries = items.flatMap((item) => {
    const product = byCode.get(item.productItemCode);
    if (!product) return [];
    const addOnPriceCents = Math.round((product.salePriceCents * (100 - item.addOnDiscountPercent)) / 100);
    return [{ product, skuItemCode: item.skuItemCode, addOnPriceCents }];
  });
  return { name: list.name, template: list.template, header: list.header, qvEnabled: list.qvEnabled, entries };
}

/** The offer list response of SPEC §3: itemList and presentationMap. */
export function toApiOfferList(list: OfferList) {
  const presentationMap: Record<string, string | boolean | number> = {
    'itemlist.template': list.template,
    'itemlist.header': list.header,
    'itemlist.qvEnabled': list.qvEnabled,
  };
  for (const entry of list.entries) {
    presentationMap[`${entry.product.itemCode}.skuItemCode`] = entry.skuItemCode;
    presentationMap[`${entry.product.itemCode}.addOnPrice`] = centsToAmount(entry.addOnPriceCents);
  }
  return {
    name: list.name,
    itemList: list.entries.map(({ product }) => ({
      itemCode: product.itemCode,
      name: product.name,
      vintage: product.vintage,
      mixed: product.mixed,
      productType: product.productType,
      colour: product.colour,
      ...productImages(product.imageBase),
      averageRating: product.ratingAverage,
      numberOfReviews: product.ratingCount,
      listPrice: centsToAmount(product.listPriceCents),
      salePrice: centsToAmount(product.salePriceCents),
      inventoryInfo: { summaryAvailabilityStatus: product.availability },
    })),
    presentationMap,
  };
}

/** Offer lists shown as carousels (the home page's): each by name, with its products in stock; a list unknown or emptied is null. */
export async function carouselLists(db: Db, names: readonly string[], currency: CurrencyCode) {
  return Promise.all(
    names.map(async (name) => {
      const list = await findOfferList(db, name, currency);
      if (!list) return null;
      const products = list.entries.map((e) => e.product).filter((p) => p.availability !== 'out_of_stock');
      return products.length > 0 ? { name: list.name, header: list.header, products } : null;
    }),
  );
}
