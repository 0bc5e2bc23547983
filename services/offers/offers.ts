import { centsToAmount } from '../../domain/money';
import { isPackPriced } from '../../domain/product-kinds';
import {
  buildCartOffers,
  buildProductOffers,
  CASE_BOTTLES,
  type CasePrices,
  type PlanMapping,
  type UpsellOffers,
} from '../../domain/upsell-offers';
import {
  countsAsMember,
  isActiveMember,
  sellsUnlimited,
  showUnlimitedJoinPrompt,
  unlimitedItemCode,
} from '../../domain/unlimited';
import { type CartContext, getCart, loadPackTablesCached } from '../cart/cart';
import type { CartLineModel } from '../cart/cart-json';
import { loadDeliveryPostcode } from '../cart/delivery-postcode';
import { loadPlanMappings } from '../memberships/plan-mappings';
import { findProductByAnyCode, type ProductDetail } from '../catalogue/catalogue';

// The upsell offer use cases (SPEC §3 "Upsell offer response", §7 /api/offer/…): load the cart or
// product, its prices and plan mappings → domain/upsell-offers → the response shape.

/** The cart context: the offers see the cart as its shopper does (member prices, Unlimited status, host). */
export type OfferContext = CartContext;

/** SPEC §4/§6: members get no free-shipping prompt or Unlimited upsell; the join offer only where its prompt shows. */
async function unlimitedOffers(ctx: OfferContext, cartId: string | null, cartHasUnlimited: boolean) {
  const activeMember = isActiveMember(ctx.unlimitedStatus);
  if (!sellsUnlimited(ctx.site.currency) || cartHasUnlimited || countsAsMember(ctx.unlimitedStatus))
    return { activeMember, joinItemCode: null };
  const postcode = await loadDeliveryPostcode(ctx.db, cartId, ctx.customerId);
  const show = showUnlimitedJoinPrompt({ status: ctx.unlimitedStatus, cartHasUnlimited, postcode });
  return { activeMember, joinItemCode: show ? unlimitedItemCode(ctx.isTestHost ?? false) : null };
}

/** The mappings of these wines, by wine (one cached read of all mappings: services/memberships/plan-mappings.ts). */
async function mappingsOf(ctx: OfferContext, productCodes: readonly string[]): Promise<Map<string, PlanMapping[]>> {
  const byProduct = new Map<string, PlanMapping[]>();
  const wanted = new Set(productCodes);
  for (const m of await loadPlanMappings(ctx.db, ctx.cache)) {
    if (!wanted.has(m.bomItemCode)) continue;
    byProduct.set(m.bomItemCode, [...(byProduct.get(m.bomItemCode) ?? []), m]);
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
  const cart = await getCart(ctx, cartId);
  const isSingleWine = (l: CartLineModel) =>
    l.numberOfBottles === 1 && !l.product.mixed && isPackPriced(l.product.productType) && !l.giftVoucher;
  const productCodes = [...new Set(cart.lines.map((l) => l.product.itemCode))];
  const singleCodes = [...new Set(cart.lines.filter(isSingleWine).map((l) => l.product.itemCode))];
  const mappings = await mappingsOf(ctx, productCodes);
  // The cart has just priced these wines: the same pack tables come back from the read cache.
  const tables = await loadPackTablesCached(ctx, singleCodes);
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
    bottles: cart.totals.numBottles,
    toFreeShippingCents: cart.totals.order.toFreeShippingCents,
    lines: cart.lines.map((l) => ({
      productItemCode: l.product.itemCode,
      quantity: l.quantity,
      casePrices: isSingleWine(l) ? (casePrices.get(l.product.itemCode) ?? null) : null,
      planMappings: mappings.get(l.product.itemCode) ?? [],
    })),
    site: ctx.site,
    unlimited: await unlimitedOffers(
      ctx,
      cartId,
      cart.lines.some((l) => l.product.productType === 'membership'),
    ),
  });
  return toResponse(offers);
}

function casePricesOfProduct(product: ProductDetail): CasePrices | null {
  if (!isPackPriced(product.productType) || product.mixed) return null;
  const rows = product.skus.map((s) => ({ ...s, productItemCode: product.itemCode }));
  return casePricesOf(rows).get(product.itemCode) ?? null;
}

/** Upsell offers for one product (by its own code or a pack code); null when there is no such product. */
export async function getProductOffers(
  ctx: OfferContext,
  code: string,
  cartId: string | null = null,
): Promise<UpsellOffersResponse | null> {
  const product = await findProductByAnyCode(ctx.db, code, ctx.site.currency);
  if (!product) return null;
  const mappings = await mappingsOf(ctx, [product.itemCode]);
  return toResponse(
    buildProductOffers({
      inStock: product.availability !== 'out_of_stock',
      casePrices: casePricesOfProduct(product),
      planMappings: mappings.get(product.itemCode) ?? [],
      unlimited: await unlimitedOffers(ctx, cartId, false),
    }),
  );
}
