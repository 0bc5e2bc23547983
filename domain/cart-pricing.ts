import type { Site } from './sites';
import { amountToFreeShipping } from './free-shipping';
import { centsToAmount } from './money';

// Cart pricing of SPEC §9, exact to the cent. Pure: the cart service loads prices and calls these.

export const MAX_LINE_QUANTITY = 99;
export const MIN_LINE_QUANTITY = 1;
/** Bottles above which volume pricing applies (SPEC §9: "total bottles exceed 11"). */
export const VOLUME_PRICE_AFTER_BOTTLES = 11;
/** Greedy split order of SPEC §9. */
export const SPLIT_SIZES = [12, 6, 3, 2, 1] as const;
export type SplitSize = (typeof SPLIT_SIZES)[number];

export interface PackPrice {
  itemCode: string;
  saleCents: number;
  listCents: number;
  memberCents: number | null;
}

/** Prices of one single-bottle sku and the pack skus of the same wine. */
export interface LinePriceTable {
  single: PackPrice & { vppApplier: boolean; vppCents: number | null };
  packs: Partial<Record<2 | 3 | 6 | 12, PackPrice>>;
}

export interface PackComponent {
  size: SplitSize;
  count: number;
  itemCode: string;
  /** Price of one component (a whole pack, or one bottle). */
  unitCents: number;
  totalCents: number;
  /** What the shopper would pay at list price. */
  listCents: number;
  /** How this component was priced. */
  priceType: 'sale' | 'vpp' | 'member' | 'case-of-6-vpp';
}

/** SPEC §9: quantity split greedily into 12, 6, 3, 2, then singles, using the packs this wine has. */
export function splitIntoPacks(quantity: number, available: ReadonlySet<number>): { size: SplitSize; count: number }[] {
  let left = quantity;
  const out: { size: SplitSize; count: number }[] = [];
  for (const size of SPLIT_SIZES) {
    if (size !== 1 && !available.has(size)) continue;
    const count = Math.floor(left / size);
    if (count > 0) {
      out.push({ size, count });
      left -= count * size;
    }
  }
  return out;
}

export interface PriceLineInput {
  table: LinePriceTable;
  quantity: number;
  /** Bottles in the whole cart after this change (SPEC §9: "cart plus added"). */
  cartBottles: number;
  isMember: boolean;
}

export interface PricedLine {
  components: PackComponent[];
  totalCents: number;
  listCents: number;
  /** Saved by member pricing (Unlimited), against the non-member price. */
  memberSavingsCents: number;
}

/**
 * Prices a line of a single-bottle wine: greedy pack split; singles at the volume price when the sku
 * applies it and the cart holds more than 11 bottles; the case-of-6 switch (a 6-pack at six volume
 * prices when that is lower) under the same condition; member prices for Unlimited members.
 */
export function priceLine({ table, quantity, cartBottles, isMember }: PriceLineInput): PricedLine {
  const sizes = new Set<number>(Object.keys(table.packs).map(Number));
  const volume = table.single.vppApplier && table.single.vppCents !== null && cartBottles > VOLUME_PRICE_AFTER_BOTTLES;
  const components: PackComponent[] = [];
  let memberSavingsCents = 0;
  for (const { size, count } of splitIntoPacks(quantity, sizes)) {
    const pack = size === 1 ? table.single : table.packs[size as 2 | 3 | 6 | 12]!;
    let unit = pack.saleCents;
    let priceType: PackComponent['priceType'] = 'sale';
    if (volume && size === 1 && table.single.vppCents! < unit) {
      unit = table.single.vppCents!;
      priceType = 'vpp';
    }
    if (volume && size === 6 && table.single.vppCents! * 6 < unit) {
      unit = table.single.vppCents! * 6;
      priceType = 'case-of-6-vpp';
    }
    if (isMember && pack.memberCents !== null && pack.memberCents < unit) {
      memberSavingsCents += (unit - pack.memberCents) * count;
      unit = pack.memberCents;
      priceType = 'member';
    }
    components.push({
      size,
      count,
      itemCode: pack.itemCode,
      unitCents: unit,
      totalCents: unit * count,
      listCents: Math.max(pack.listCents, unit) * count,
      priceType,
    });
  }
  return {
    components,
    totalCents: components.reduce((s, c) => s + c.totalCents, 0),
    listCents: components.reduce((s, c) => s + c.listCents, 0),
    memberSavingsCents,
  };
}

/** A line priced as it is (packs, cases, gifts): unit price × quantity, member price when it applies. */
export function priceFlatLine(price: PackPrice, quantity: number, isMember: boolean): PricedLine {
  const member = isMember && price.memberCents !== null && price.memberCents < price.saleCents;
  const unit = member ? price.memberCents! : price.saleCents;
  return {
    components: [
      {
        size: 1,
        count: quantity,
        itemCode: price.itemCode,
        unitCents: unit,
        totalCents: unit * quantity,
        listCents: Math.max(price.listCents, unit) * quantity,
        priceType: member ? 'member' : 'sale',
      },
    ],
    totalCents: unit * quantity,
    listCents: Math.max(price.listCents, unit) * quantity,
    memberSavingsCents: member ? (price.saleCents - unit) * quantity : 0,
  };
}

export interface OrderTotalsInput {
  lines: readonly {
    totalCents: number;
    listCents: number;
    memberSavingsCents: number;
    preSell: boolean;
    /** False for what is never delivered (an e-gift card, a membership); true when not given. */
    ships?: boolean;
  }[];
  site: Pick<Site, 'freeShippingThresholdCents' | 'deliveryFeeCents' | 'taxRateBasisPoints'>;
  /** Unlimited members ship free. */
  freeShippingMember: boolean;
  /** Order-level discount (vouchers), in cents. */
  discountCents?: number;
}

export interface OrderTotals {
  rawSubtotalCents: number;
  subtotalCents: number;
  savingsCents: number;
  memberSavingsCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  payableTodayCents: number;
  freeShipping: boolean;
  /** What the delivered lines lack for free shipping: 0 once it is free (or nothing is delivered). */
  toFreeShippingCents: number;
}

/**
 * Order totals: shipping is free at the site's threshold on the subtotal of what is delivered (SPEC §9), for
 * Unlimited members, or when nothing is delivered (e-gift cards and memberships alone), else the site's delivery fee; tax is the GST/VAT already included in the total; pre-sell
 * lines are reserved now and paid when they ship, so they are not payable today.
 */
export function calculateOrderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotal = input.lines.reduce((s, l) => s + l.totalCents, 0);
  const raw = input.lines.reduce((s, l) => s + l.listCents, 0);
  const memberSavings = input.lines.reduce((s, l) => s + l.memberSavingsCents, 0);
  const discount = Math.min(subtotal, Math.max(0, input.discountCents ?? 0));
  const empty = input.lines.length === 0;
  const delivered = input.lines.filter((l) => l.ships ?? true);
  const deliveredSubtotal = delivered.reduce((s, l) => s + l.totalCents, 0);
  const freeShipping =
    !empty &&
    (delivered.length === 0 || input.freeShippingMember || deliveredSubtotal >= input.site.freeShippingThresholdCents);
  const shipping = empty || freeShipping ? 0 : input.site.deliveryFeeCents;
  const total = subtotal - discount + shipping;
  const rate = input.site.taxRateBasisPoints;
  const tax = rate === 0 ? 0 : Math.round((total * rate) / (10_000 + rate));
  const preSell = input.lines.filter((l) => l.preSell).reduce((s, l) => s + l.totalCents, 0);
  return {
    rawSubtotalCents: raw,
    subtotalCents: subtotal,
    savingsCents: raw - subtotal + discount,
    memberSavingsCents: memberSavings,
    discountCents: discount,
    shippingCents: shipping,
    taxCents: tax,
    totalCents: total,
    payableTodayCents: Math.max(0, total - preSell),
    freeShipping,
    toFreeShippingCents: freeShipping ? 0 : amountToFreeShipping(deliveredSubtotal, input.site),
  };
}

/** SPEC §4 fill-the-box: 12–14 bottles show how many more make 15; exactly 15 is a full case. */
export const FULL_CASE_BOTTLES = 15;
export const FILL_THE_BOX_FROM = 12;

export type FillTheBox =
  | { state: 'hidden' }
  | { state: 'prompt'; needed: number; linkToCatalogue: boolean }
  | { state: 'full' };

/**
 * `/wines?fillTheBox=n` (the offer link `name=fill-the-box-{n}btl` of SPEC §2): the listing in fill-the-box mode,
 * n bottles short of a full box (1–14). Anything else is not the mode.
 */
export function parseFillTheBoxParam(raw: string | null): number | null {
  if (raw === null || !/^\d{1,2}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n < FULL_CASE_BOTTLES ? n : null;
}

export function fillTheBox(bottles: number): FillTheBox {
  if (bottles === FULL_CASE_BOTTLES) return { state: 'full' };
  if (bottles >= FILL_THE_BOX_FROM && bottles < FULL_CASE_BOTTLES) {
    return { state: 'prompt', needed: FULL_CASE_BOTTLES - bottles, linkToCatalogue: bottles === 14 };
  }
  return { state: 'hidden' };
}

/** SPEC §3: one base point per whole currency unit of an amount (a subtotal, a refund). */
export function basePointsOf(cents: number): number {
  return Math.floor(centsToAmount(cents));
}

/**
 * SPEC §3 points summary: one base point per whole currency unit of the subtotal, plus each line's bonus
 * points per unit.
 */
export function pointsEarned(cart: {
  orderPriceInfo: { subtotal: number };
  lineItems: readonly { quantity: number; sku: { bonusPoints: number } }[];
}) {
  const basePoints = Math.floor(cart.orderPriceInfo.subtotal);
  const bonusPoints = cart.lineItems.reduce((s, l) => s + l.sku.bonusPoints * l.quantity, 0);
  return { basePoints, bonusPoints, totalPoints: basePoints + bonusPoints };
}
