import { fillTheBox, FULL_CASE_BOTTLES } from './cart-pricing';
import { amountToFreeShipping } from './free-shipping';
import type { Site } from './sites';

// Upsell offers of SPEC §3 ("Upsell offer response"): what the cart or a product page could offer
// the shopper next — fill the box, free shipping, a case instead of singles, Subscribe and Save.
// Pure: the offers service loads the cart, prices and plan mappings and calls these. Money in cents.

/** SPEC §9: "A case is 12 bottles." */
export const CASE_BOTTLES = 12;
/** Single bottles of one wine from which the case is worth suggesting (6–11; 12 already is a case). */
export const CASE_OFFER_FROM_BOTTLES = 6;
/** Subscribe and Save applies from 6 bottles (SPEC §9: modal for quantity 6 or more). */
export const SUBSCRIBE_AND_SAVE_BOTTLES = 6;
/** SPEC §9: "The offer text says $30 off". */
export const SUBSCRIBE_AND_SAVE_SAVINGS_CENTS = 3_000;

export const CASE_OFFER = { type: 'CASE', rule: 'CASE_12' } as const;
export const SUBSCRIBE_AND_SAVE_TYPE = 'SS';

export type ReasonCode = 'FILL_THE_BOX' | 'FREE_SHIPPING' | 'CASE_SAVINGS' | 'SUBSCRIBE_AND_SAVE';

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

/** A plan mapping of SPEC §3 (bom item code → bumpCode, rule, type). */
export interface PlanMapping {
  bumpCode: string;
  rule: string;
  type: string;
}

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
  subtotalCents: number;
  /** Every line of the cart, in cart order. */
  lines: readonly CartOfferLine[];
  site: Pick<Site, 'freeShippingThresholdCents' | 'deliveryFeeCents'>;
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

  const amountRemainingCents = amountToFreeShipping(input.subtotalCents, input.site);
  if (amountRemainingCents > 0) {
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
      if (quantity < SUBSCRIBE_AND_SAVE_BOTTLES) {
        offerDetails.push({
          reasonCode: 'SUBSCRIBE_AND_SAVE',
          remainingBottles: SUBSCRIBE_AND_SAVE_BOTTLES - quantity,
          bottleThreshold: SUBSCRIBE_AND_SAVE_BOTTLES,
          savingsCents: SUBSCRIBE_AND_SAVE_SAVINGS_CENTS,
        });
      }
    }
  }
  return { offerDetails, offerItems };
}

export interface ProductOfferInput {
  inStock: boolean;
  /** Set only for a wine sold by the single bottle and by the 12-pack. */
  casePrices: CasePrices | null;
  planMappings: readonly PlanMapping[];
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
  return { offerDetails, offerItems };
}
