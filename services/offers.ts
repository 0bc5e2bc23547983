import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { planMappings, skuPrices, skus } from '../db/schema';
import { centsToAmount } from '../domain/money';
import type { Site } from '../domain/sites';
import {
  buildCartOffers,
  buildProductOffers,
  CASE_BOTTLES,
  type CasePrices,
  type PlanMapping,
  type UpsellOffers,
} from '../domain/upsell-offers';
import { getCart } from './cart';
import { findProductByAnyCode, type ProductDetail } from './catalogue';

// The upsell offer use cases (SPEC §3 "Upsell offer response", §7 /api/offer/…): load the cart or
// product, its prices and plan mappings → domain/upsell-offers → the response shape.

export interface OfferContext {
  db: Db;
  site: Site;
}

async function loadPlanMappings(db: Db, productCodes: readonly string[]): Promise<Map<string, PlanMapping[]>> {
  const byProduct = new Map<string, PlanMapping[]>();
  if (productCodes.length === 0) return byProduct;
  const rows = await db.select().from(planMappings).where(inArray(planMappings.bomItemCode, [...productCodes]));
  for (const r of rows) {
    const list = byProduct.get(r.bomItemCode) ?? [];
    list.push({ bumpCode: r.bumpCode, rule: r.rule, type: r.type });
    byProduct.set(r.bomItemCode, list);
  }
  return byProduct;
}

/** Single and 12-pack sale prices of each wine that has both, in the site's currency. */
async function loadCasePrices(db: Db, productCodes: readonly string[], currency: string): Promise<Map<string, CasePrices>> {
  if (productCodes.length === 0) return new Map();
  const rows = await db
    .select({
      itemCode: skus.itemCode,
      productItemCode: skus.productItemCode,
      numberOfBottles: skus.numberOfBottles,
      salePriceCents: skuPrices.salePriceCents,
    })
    .from(skus)
    .innerJoin(skuPrices, and(eq(skuPrices.skuItemCode, skus.itemCode), eq(skuPrices.currency, currency)))
    .where(and(inArray(skus.productItemCode, [...productCodes]), inArray(skus.numberOfBottles, [1, CASE_BOTTLES])));
  return casePricesOf(rows);
}

function casePricesOf(
  rows: readonly { itemCode: string; productItemCode: string; numberOfBottles: number; salePriceCents: number }[],
): Map<string, CasePrices> {
  const singles = new Map<string, number>();
  const twelves = new Map<string, { itemCode: string; saleCents: number }>();
  for (const r of rows) {
    if (r.numberOfBottles === 1) singles.set(r.productItemCode, r.salePriceCents);
    else if (r.numberOfBottles === CASE_BOTTLES) twelves.set(r.productItemCode, { itemCode: r.itemCode, saleCents: r.salePriceCents });
  }
  const result = new Map<string, CasePrices>();
  for (const [code, singleSaleCents] of singles) {
    const twelvePack = twelves.get(code);
    if (twelvePack) result.set(code, { singleSaleCents, twelvePack });
  }
  return result;
}

/** Money leaves as decimal amounts only here, at the edge. */
function toResponse(offers: UpsellOffers) {
  return {
    UpsellOffers: {
      offerDetails: offers.offerDetails.map(({ savingsCents, amountRemainingCents, ...rest }) => ({
        ...rest,
        savings: centsToAmount(savingsCents),
        ...(amountRemainingCents === undefined ? {} : { amountRemaining: centsToAmount(amountRemainingCents) }),
      })),
      offerItems: offers.offerItems.map((i) => ({ ...i })),
    },
  };
}

export type UpsellOffersResponse = ReturnType<typeof toResponse>;

/** Upsell offers for the visitor's cart; no cart id is an empty cart. */
export async function getCartOffers(ctx: OfferContext, cartId: string | null): Promise<UpsellOffersResponse> {
  const cart = await getCart({ db: ctx.db, site: ctx.site, isMember: false }, cartId);
  const isSingleWine = (l: (typeof cart.lineItems)[number]) =>
    l.sku.numberOfBottles === 1 && !l.product.mixed && l.product.productType === 'wine' && !l.giftVoucherDetails;
  const productCodes = [...new Set(cart.lineItems.map((l) => l.product.itemCode))];
  const singleCodes = [...new Set(cart.lineItems.filter(isSingleWine).map((l) => l.product.itemCode))];
  const mappings = await loadPlanMappings(ctx.db, productCodes);
  const casePrices = await loadCasePrices(ctx.db, singleCodes, ctx.site.currency);
  const offers = buildCartOffers({
    bottles: cart.numBottles,
    // NOTE: the cart view carries two-decimal amounts; rounding back to cents is exact.
    subtotalCents: Math.round(cart.orderPriceInfo.subtotal * 100),
    lines: cart.lineItems.map((l) => ({
      productItemCode: l.product.itemCode,
      quantity: l.quantity,
      casePrices: isSingleWine(l) ? (casePrices.get(l.product.itemCode) ?? null) : null,
      planMappings: mappings.get(l.product.itemCode) ?? [],
    })),
    site: ctx.site,
  });
  return toResponse(offers);
}

function casePricesOfProduct(product: ProductDetail): CasePrices | null {
  if (product.productType !== 'wine' || product.mixed) return null;
  const rows = product.skus.map((s) => ({ ...s, productItemCode: product.itemCode }));
  return casePricesOf(rows).get(product.itemCode) ?? null;
}

/** Upsell offers for one product (by its own code or a pack code); null when there is no such product. */
export async function getProductOffers(ctx: OfferContext, code: string): Promise<UpsellOffersResponse | null> {
  const product = await findProductByAnyCode(ctx.db, code, ctx.site.currency);
  if (!product) return null;
  const mappings = await loadPlanMappings(ctx.db, [product.itemCode]);
  return toResponse(
    buildProductOffers({
      inStock: product.availability !== 'out_of_stock',
      casePrices: casePricesOfProduct(product),
      planMappings: mappings.get(product.itemCode) ?? [],
    }),
  );
}
