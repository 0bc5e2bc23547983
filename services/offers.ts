import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { planMappings } from '../db/schema';
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
import { getCartWithTotals, loadPackTablesCached } from './cart';
import type { ReadCache } from './read-cache';
import { findProductByAnyCode, type ProductDetail } from './catalogue';

// The upsell offer use cases (SPEC §3 "Upsell offer response", §7 /api/offer/…): load the cart or
// product, its prices and plan mappings → domain/upsell-offers → the response shape.

export interface OfferContext {
  db: Db;
  site: Site;
  cache?: ReadCache;
}

async function loadPlanMappings(db: Db, productCodes: readonly string[]): Promise<Map<string, PlanMapping[]>> {
  const byProduct = new Map<string, PlanMapping[]>();
  if (productCodes.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(planMappings)
    .where(inArray(planMappings.bomItemCode, [...productCodes]));
  for (const r of rows) {
    const list = byProduct.get(r.bomItemCode) ?? [];
    list.push({ bumpCode: r.bumpCode, rule: r.rule, type: r.type });
    byProduct.set(r.bomItemCode, list);
  }
  return byProduct;
}

function casePricesOf(
  rows: readonly { itemCode: string; productItemCode: string; numberOfBottles: number; salePriceCents: number }[],
): Map<string, CasePrices> {
  const singles = new Map<string, number>();
  const twelves = new Map<string, { itemCode: string; saleCents: number }>();
  for (const r of rows) {
    if (r.numberOfBottles === 1) singles.set(r.productItemCode, r.salePriceCents);
    else if (r.numberOfBottles === CASE_BOTTLES)
      twelves.set(r.productItemCode, { itemCode: r.itemCode, saleCents: r.salePriceCents });
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
  const { cart, totals } = await getCartWithTotals({ ...ctx, isMember: false }, cartId);
  const isSingleWine = (l: (typeof cart.lineItems)[number]) =>
    l.sku.numberOfBottles === 1 && !l.product.mixed && l.product.productType === 'wine' && !l.giftVoucherDetails;
  const productCodes = [...new Set(cart.lineItems.map((l) => l.product.itemCode))];
  const singleCodes = [...new Set(cart.lineItems.filter(isSingleWine).map((l) => l.product.itemCode))];
  const mappings = await loadPlanMappings(ctx.db, productCodes);
  // The cart has just priced these wines: the same pack tables come back from the read cache.
  const tables = await loadPackTablesCached({ ...ctx, isMember: false }, singleCodes);
  const casePrices = new Map<string, CasePrices>();
  for (const [code, table] of tables) {
    const twelve = table.packs[CASE_BOTTLES];
    if (twelve)
      casePrices.set(code, {
        singleSaleCents: table.single.saleCents,
        twelvePack: { itemCode: twelve.itemCode, saleCents: twelve.saleCents },
      });
  }
  const offers = buildCartOffers({
    bottles: cart.numBottles,
    subtotalCents: totals.order.subtotalCents,
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
