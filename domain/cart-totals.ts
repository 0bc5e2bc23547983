import {
  calculateOrderTotals,
  type LinePriceTable,
  type OrderTotals,
  type PackPrice,
  type PricedLine,
  priceFlatLine,
  priceLine,
} from './cart-pricing';
import type { Text } from './message';
import type { Site } from './sites';
import { calculateVoucherDiscount, checkVoucherAvailable, type VoucherRule } from './vouchers';

// The whole cart priced in integer cents: every line (pack split, volume and member prices), the order
// adjustments (member savings, the voucher), shipping, tax (GST included) and what is payable today.
// Pure: services/cart/cart.ts loads the prices and the voucher; services/cart/cart-json.ts alone turns the cents
// into the SPEC §3 JSON amounts.

export type CartLineInput = {
  quantity: number;
  /** Bottles one unit counts as (a magnum 2, a mixed case 1 per case as sold); 0 for what is never delivered. */
  bottlesPerUnit: number;
  /** Pre-sell lines are reserved now and paid when they ship. */
  preSell: boolean;
  /** E-gift cards are not discounted by vouchers (nor count towards a voucher's minimum). */
  voucherEligible: boolean;
} & ({ pricing: 'packs'; table: LinePriceTable } | { pricing: 'flat'; price: PackPrice; memberPriceAllowed: boolean });

export interface AttachedVoucher {
  rule: VoucherRule;
  /** The cart's customer has already used this code (a use row, by account or by mailbox). */
  usedByCustomer: boolean;
  /** The code is the cart's customer's own referral code (for their friends only). */
  ownReferral?: boolean;
  /** Its total uses are all taken (orders that used it, counted when the cart was read). */
  usedUp?: boolean;
}

export interface OrderAdjustment {
  adjustmentType: 'MemberPrice Discount' | 'Order Discount';
  promotionName: string;
  /** What it takes off, positive, as the SPEC §3 breakdown shows it. */
  amountCents: number;
}

export type VoucherStatus =
  | { code: string; description: string; applied: true; discountCents: number; message: null }
  | { code: string; description: string; applied: false; discountCents: 0; message: Text };

export interface CartTotals {
  lines: PricedLine[];
  numBottles: number;
  /** The subtotal of the lines a voucher discounts (all but e-gift cards): what its minimum is checked on. */
  eligibleSubtotalCents: number;
  order: OrderTotals;
  adjustments: OrderAdjustment[];
  /** The cart's voucher and whether it applies now; null when the cart has none. */
  voucher: VoucherStatus | null;
}

export interface CartTotalsInput {
  lines: readonly CartLineInput[];
  site: Pick<
    Site,
    'id' | 'currency' | 'intlLocale' | 'freeShippingThresholdCents' | 'deliveryFeeCents' | 'taxRateBasisPoints'
  >;
  /** Unlimited member pricing and free shipping. */
  isMember: boolean;
  voucher?: AttachedVoucher | null;
  now: Date;
}

export const MEMBER_PRICING_NAME = 'Unlimited member pricing';

export function calculateCartTotals(input: CartTotalsInput): CartTotals {
  const numBottles = input.lines.reduce((s, l) => s + l.quantity * l.bottlesPerUnit, 0);
  const lines = input.lines.map((l) =>
    l.pricing === 'packs'
      ? priceLine({ table: l.table, quantity: l.quantity, cartBottles: numBottles, isMember: input.isMember })
      : priceFlatLine(l.price, l.quantity, input.isMember && l.memberPriceAllowed),
  );

  const eligibleSubtotalCents = lines.reduce((s, l, i) => s + (input.lines[i]?.voucherEligible ? l.totalCents : 0), 0);
  const voucher = input.voucher
    ? evaluateVoucher(input.voucher, { eligibleSubtotalCents, bottles: numBottles, site: input.site, now: input.now })
    : null;

  const order = calculateOrderTotals({
    lines: lines.map((l, i) => ({
      totalCents: l.totalCents,
      listCents: l.listCents,
      memberSavingsCents: l.memberSavingsCents,
      preSell: input.lines[i]?.preSell ?? false,
      ships: (input.lines[i]?.bottlesPerUnit ?? 1) > 0,
    })),
    site: input.site,
    freeShippingMember: input.isMember,
    discountCents: voucher?.applied ? voucher.discountCents : 0,
  });

  const adjustments: OrderAdjustment[] = [];
  if (order.memberSavingsCents > 0)
    adjustments.push({
      adjustmentType: 'MemberPrice Discount',
      promotionName: MEMBER_PRICING_NAME,
      amountCents: order.memberSavingsCents,
    });
  if (voucher?.applied && order.discountCents > 0)
    adjustments.push({
      adjustmentType: /*i18n*/ 'Order Discount',
      promotionName: voucher.code,
      amountCents: order.discountCents,
    });
  return { lines, numBottles, eligibleSubtotalCents, order, adjustments, voucher };
}

/** The cart's voucher now: its discount, or why it does not apply (shown on the cart, never a failure). */
export function evaluateVoucher(
  attached: AttachedVoucher,
  order: { eligibleSubtotalCents: number; bottles: number; site: CartTotalsInput['site']; now: Date },
): VoucherStatus {
  const { rule } = attached;
  const base = { code: rule.code, description: rule.description };
  const refused = checkVoucherAvailable(rule, {
    site: order.site,
    now: order.now,
    usedByCustomer: attached.usedByCustomer,
    ownReferral: attached.ownReferral,
    usedUp: attached.usedUp,
  });
  if (refused) return { ...base, applied: false, discountCents: 0, message: refused.message };
  const result = calculateVoucherDiscount(rule, order);
  return result.ok
    ? { ...base, applied: true, discountCents: result.discountCents, message: null }
    : { ...base, applied: false, discountCents: 0, message: result.message };
}
