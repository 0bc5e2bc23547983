import type { GiftVoucherDetails } from '../../db/schema';
import type { CartTotals } from '../../domain/cart-totals';
import { englishText, sentText, type Text, type Translator } from '../../domain/message';
import { centsToAmount } from '../../domain/money';
import type { ProductKind } from '../../domain/product-kinds';
import type { Site } from '../../domain/sites';

// The one formatter from the cart in integer cents (domain/cart-totals) to the cart JSON of SPEC §3.
// Cents become two-decimal amounts here and nowhere else.

export interface ValidationDetail {
  type: string;
  message: string;
}

/** One cart line as the cart service loaded it, prices in cents. */
export interface CartLineModel {
  id: number;
  quantity: number;
  bottleCount: number;
  itemCode: string;
  itemTypeTag: string;
  upsellTypeTag: string | null;
  upsellRule: string | null;
  product: {
    name: string;
    itemCode: string;
    vintage: number | null;
    mixed: boolean;
    thumbnailImage: string;
    smallImage: string;
    productType: ProductKind;
    url: string | null;
    quantityLocked: boolean;
  };
  numberOfBottles: number;
  preSellItem: boolean;
  bonusPoints: number;
  unitSaleCents: number;
  unitListCents: number;
  vppPriceCents: number | null;
  vppApplier: boolean;
  giftVoucher: GiftVoucherDetails | null;
  validations: ValidationDetail[];
}

export interface CartModel {
  cartId: string | null;
  /** The public reference of the cart (never its id). */
  reference: string | null;
  site: Pick<Site, 'currency' | 'freeShippingThresholdCents'>;
  lines: readonly CartLineModel[];
  totals: CartTotals;
  /** The delivery postcode (services/cart/delivery-postcode.ts). */
  postalCode: string | null;
  /** The cart's version as its lines were read (carts.version, bumped by every change): what a payment is for. */
  version: number;
}

function formatLine(line: CartLineModel, priced: CartTotals['lines'][number]) {
  const gift = line.giftVoucher;
  return {
    id: line.id,
    commerceItemId: String(line.id),
    quantity: line.quantity,
    bottleCount: line.bottleCount,
    lineItemIdentification: {
      itemCode: line.itemCode,
      itemTypeTag: line.itemTypeTag,
      upsellTypeTag: line.upsellTypeTag,
    },
    product: line.product,
    sku: {
      itemCode: line.itemCode,
      numberOfBottles: line.numberOfBottles,
      preSellItem: line.preSellItem,
      bonusPoints: line.bonusPoints,
      schemeDetails: line.upsellRule ? [{ schemeId: line.upsellRule }] : [],
      salePrice: centsToAmount(gift?.amountCents ?? line.unitSaleCents),
      listPrice: centsToAmount(gift?.amountCents ?? line.unitListCents),
      vppPrice: line.vppPriceCents === null ? null : centsToAmount(line.vppPriceCents),
      vppApplier: line.vppApplier,
    },
    giftVoucherDetails: gift
      ? {
          recipientName: gift.recipientName,
          recipientEmail: gift.recipientEmail,
          message: gift.message,
          value: { amount: centsToAmount(gift.amountCents), currencyCode: gift.currencyCode },
        }
      : null,
    itemPriceInfo: {
      amount: centsToAmount(priced.totalCents),
      salePrice: centsToAmount(line.unitSaleCents),
      listPrice: centsToAmount(priced.listCents),
      discounted: priced.totalCents < priced.listCents,
      pricingBreakdown: priced.components.map((c) => ({
        itemCode: c.itemCode,
        quantity: c.count,
        bottles: c.count * c.size,
        unitPrice: centsToAmount(c.unitCents),
        amount: centsToAmount(c.totalCents),
        priceType: c.priceType,
      })),
    },
    validationInformationDetails: { validationDetailsList: line.validations },
  };
}

/**
 * The cart of SPEC §3. A cart with a voucher also carries `voucher` (its code, description, whether it
 * applies now and what it takes off) and, when it does not apply, the reason in the cart's own
 * `validationInformationDetails` (type VOUCHER). A cart without one is exactly the JSON it always was.
 * `sent` writes a text with runtime parts in the shopper's language (domain/message.ts sentText).
 */
export function formatCart(model: CartModel, sent: (text: Text) => string = englishText) {
  const { totals, site } = model;
  const { order } = totals;
  const lineItems = model.lines.map((line, i) => formatLine(line, totals.lines[i]!));
  const validationMessages = model.lines.flatMap((l) => l.validations);
  const voucher = totals.voucher;
  return {
    id: model.reference,
    currencyCode: site.currency,
    lineItems,
    numLineItems: lineItems.length,
    numItems: model.lines.reduce((s, l) => s + l.quantity, 0),
    numBottles: totals.numBottles,
    orderPriceInfo: {
      rawSubtotal: centsToAmount(order.rawSubtotalCents),
      subtotal: centsToAmount(order.subtotalCents),
      savings: centsToAmount(order.savingsCents),
      memberSavings: centsToAmount(order.memberSavingsCents),
      shipping: centsToAmount(order.shippingCents),
      tax: centsToAmount(order.taxCents),
      total: centsToAmount(order.totalCents),
      payableTodayTotal: centsToAmount(order.payableTodayCents),
      discounted: order.savingsCents > 0,
      freeShipping: order.freeShipping,
      freeShippingThreshold: centsToAmount(site.freeShippingThresholdCents),
      amountToFreeShipping: centsToAmount(order.toFreeShippingCents),
      pricingBreakdown: totals.adjustments.map((a) => ({
        discountedByPromotion: true,
        adjustmentType: a.adjustmentType as string,
        promotionName: a.promotionName,
        adjustmentAmount: centsToAmount(a.amountCents),
      })),
    },
    shippingDetails: { shippingAddress: { address: { postalCode: model.postalCode } } },
    checkoutEnabled: validationMessages.length === 0,
    ...(voucher
      ? {
          voucher: {
            code: voucher.code,
            description: voucher.description,
            applied: voucher.applied,
            discount: centsToAmount(voucher.discountCents),
          },
          validationInformationDetails: {
            validationDetailsList: voucher.message ? [{ type: 'VOUCHER', message: sent(voucher.message) }] : [],
          },
        }
      : {}),
  };
}

export type CartJson = ReturnType<typeof formatCart>;

/**
 * The cart JSON of SPEC §3 in the visitor's language: what the JSON API answers and what the pages' loaders hand to
 * the page. `messages` loads the site's catalogue, read only when the cart carries a text with runtime parts.
 */
export async function cartJsonFor(model: CartModel, messages?: () => Promise<Translator>): Promise<CartJson> {
  const text = model.totals.voucher?.message;
  const i18n = text && typeof text !== 'string' ? await messages?.() : undefined;
  return formatCart(model, (t) => sentText(i18n, t));
}
