import { fillTheBox, FULL_CASE_BOTTLES } from './cart-pricing';
import { type PlanMapping as FullPlanMapping, qualifyingBottles, SUBSCRIBE_AND_SAVE } from './plans';
import type { Site } from './sites';

// Upsell offers of SPEC §3 ("Upsell offer response"): what the cart or a product page could offer
// the shopper next — fill the box, free shipping, a case instead of singles, Subscribe and Save.
// Pure: the offers service loads the cart, prices and plan mappings and calls these. Money in cents.

/** SPEC §9: "A case is 12 bottles." */
export const CASE_BOTTLES = 12;
/** Single bottles of one wine from which the case is worth suggesting (6–11; 12 already is a case). */
export const CASE_OFFER_FROM_BOTTLES = 6;
/** SPEC §9: "The offer text says $30 off". */
export const SUBSCRIBE_AND_SAVE_SAVINGS_CENTS = 3_000;

export const CASE_OFFER = { type: 'CASE', rule: 'CASE_12' } as const;
export const SUBSCRIBE_AND_SAVE_TYPE = SUBSCRIBE_AND_SAVE;

export type ReasonCode = 'FILL_THE_BOX' | 'FREE_SHIPPING' | 'CASE_SAVINGS' | 'SUBSCRIBE_AND_SAVE';

/** The Unlimited offer item (SPEC §6: only where the join prompt shows). */
export const UNLIMITED_OFFER = { type: 'UNLIMITED', rule: 'FREESHIP' } as const;

/** What the visitor's Unlimited membership means for offers. */
export interface UnlimitedOfferContext {
  /** ACTIVE or REQUESTED members ship free: no free-shipping prompt, no Unlimited upsell (SPEC §4, §6). */
  activeMember: boolean;
  /** The host's Unlimited code when the join prompt shows (not a member, not in the cart, not out of area). */
  joinItemCode: string | null;
}

const NO_UNLIMITED: UnlimitedOfferContext = { activeMember: false, joinItemCode: null };

export interface OfferDetail {
  reasonCode: ReasonCode;
  remainingBottles: number;
  bottleThreshold: number;
  savingsCents: number;
  /** FREE_SHIPPING only: how much more to spend. */
  amountRemainingCents?: number;
}

export interface OfferItem {
  itemCode: string;
  type: string;
  rule: string;
}

export interface UpsellOffers {
  offerDetails: OfferDetail[];
  offerItems: OfferItem[];
}

/** A plan mapping of SPEC §3 as offers read it (domain/plans.ts has the whole mapping and its rule format). */
export type PlanMapping = Pick<FullPlanMapping, 'bumpCode' | 'rule' | 'type'>;

/** The single-bottle and 12-pack sale prices of one wine. */
export interface CasePrices {
  singleSaleCents: number;
  twelvePack: { itemCode: string; saleCents: number };
}

/** What twelve single bottles cost more than the 12-pack. */
export function calculateCaseSavingsCents(prices: CasePrices): number {
  return prices.singleSaleCents * CASE_BOTTLES - prices.twelvePack.saleCents;
}

export interface CartOfferLine {
  productItemCode: string;
  quantity: number;
  /** Set only for a line of single bottles of a wine that also sells by the 12-pack. */
  casePrices: CasePrices | null;
  /** Plan mappings of the line's product. */
  planMappings: readonly PlanMapping[];
}

export interface CartOfferInput {
  /** Bottles in the cart (a magnum counts 2). */
  bottles: number;
  /** What the cart's delivered lines lack for free shipping (cart totals' toFreeShippingCents). */
  toFreeShippingCents: number;
  /** Every line of the cart, in cart order. */
  lines: readonly CartOfferLine[];
  site: Pick<Site, 'freeShippingThresholdCents' | 'deliveryFeeCents'>;
  unlimited?: UnlimitedOfferContext;
}

function caseOffer(prices: CasePrices, remainingBottles: number): { detail: OfferDetail; item: OfferItem } | null {
  const savingsCents = calculateCaseSavingsCents(prices);
  // NOTE: a 12-pack that costs as much as twelve singles (or more) is no offer at all.
  if (savingsCents <= 0) return null;
  return {
    detail: { reasonCode: 'CASE_SAVINGS', remainingBottles, bottleThreshold: CASE_BOTTLES, savingsCents },
    item: { itemCode: prices.twelvePack.itemCode, ...CASE_OFFER },
  };
}

function addItem(items: OfferItem[], item: OfferItem): void {
  if (!items.some((i) => i.itemCode === item.itemCode && i.type === item.type && i.rule === item.rule))
    items.push(item);
}

/** The upsell offers of a cart. An empty cart has none. */
export function buildCartOffers(input: CartOfferInput): UpsellOffers {
  const offerDetails: OfferDetail[] = [];
  const offerItems: OfferItem[] = [];
  if (input.lines.length === 0) return { offerDetails, offerItems };

  const box = fillTheBox(input.bottles);
  if (box.state === 'prompt') {
    offerDetails.push({
      reasonCode: 'FILL_THE_BOX',
      remainingBottles: box.needed,
      bottleThreshold: FULL_CASE_BOTTLES,
      savingsCents: 0,
    });
  }

  const unlimited = input.unlimited ?? NO_UNLIMITED;
  const amountRemainingCents = input.toFreeShippingCents;
  if (amountRemainingCents > 0 && !unlimited.activeMember) {
    offerDetails.push({
      reasonCode: 'FREE_SHIPPING',
      remainingBottles: 0,
      bottleThreshold: 0,
      savingsCents: input.site.deliveryFeeCents,
      amountRemainingCents,
    });
  }

  for (const line of input.lines) {
    if (!line.casePrices || line.quantity < CASE_OFFER_FROM_BOTTLES || line.quantity >= CASE_BOTTLES) continue;
    const offer = caseOffer(line.casePrices, CASE_BOTTLES - line.quantity);
    if (!offer) continue;
    offerDetails.push(offer.detail);
    addItem(offerItems, offer.item);
  }

  // Subscribe and Save counts every line of the wine together, as the cart's SS upsell rule does.
  const byProduct = new Map<string, { quantity: number; planMappings: readonly PlanMapping[] }>();
  for (const line of input.lines) {
    const seen = byProduct.get(line.productItemCode);
    if (seen) seen.quantity += line.quantity;
    else byProduct.set(line.productItemCode, { quantity: line.quantity, planMappings: line.planMappings });
  }
  for (const { quantity, planMappings } of byProduct.values()) {
    for (const mapping of planMappings) {
      if (mapping.type !== SUBSCRIBE_AND_SAVE_TYPE) continue;
      addItem(offerItems, { itemCode: mapping.bumpCode, type: mapping.type, rule: mapping.rule });
      // The rule says how many bottles qualify (domain/plans.ts), as the cart's check reads it.
      const needed = qualifyingBottles(mapping.rule);
      if (quantity < needed) {
        offerDetails.push({
          reasonCode: 'SUBSCRIBE_AND_SAVE',
          remainingBottles: needed - quantity,
          bottleThreshold: needed,
          savingsCents: SUBSCRIBE_AND_SAVE_SAVINGS_CENTS,
        });
      }
    }
  }
  if (unlimited.joinItemCode) addItem(offerItems, { itemCode: unlimited.joinItemCode, ...UNLIMITED_OFFER });
  return { offerDetails, offerItems };
}

export interface ProductOfferInput {
  inStock: boolean;
  /** Set only for a wine sold by the single bottle and by the 12-pack. */
  casePrices: CasePrices | null;
  planMappings: readonly PlanMapping[];
  unlimited?: UnlimitedOfferContext;
}

/** The upsell offers of a product page: its plans, and the case when a 12-pack saves money. */
export function buildProductOffers(input: ProductOfferInput): UpsellOffers {
  const offerDetails: OfferDetail[] = [];
  const offerItems: OfferItem[] = [];
  if (!input.inStock) return { offerDetails, offerItems };
  for (const mapping of input.planMappings)
    addItem(offerItems, { itemCode: mapping.bumpCode, type: mapping.type, rule: mapping.rule });
  const offer = input.casePrices ? caseOffer(input.casePrices, CASE_BOTTLES) : null;
  if (offer) {
    offerDetails.push(offer.detail);
    addItem(offerItems, offer.item);
  }
  const joinItemCode = input.unlimited?.joinItemCode;
  if (joinItemCode) addItem(offerItems, { itemCode: joinItemCode, ...UNLIMITED_OFFER });
  return { offerDetails, offerItems };
}
