import { z } from 'zod';
import { ITEM_CODE_MESSAGES, itemCodeSchema } from './catalogue-inputs';
import { MAX_LINE_QUANTITY } from './cart-pricing';
import { GIFT_FORM_MESSAGES, presetAmountProblem } from './gift-vouchers';
import { API_TEXTS } from './api-texts';
import { declareErrors } from './errors';

// Cart inputs (SPEC §5), one schema each, shared by the API and the browser.

/** The cart cookie's value: an opaque random id (anything else is treated as no cart). */
export function isCartId(value: string | undefined | null): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value);
}

/** Written out (a text the catalogues hold as it is); domain/cart-rules.test.ts keeps it equal to the limit. */
export const QUANTITY_MESSAGE = /*i18n*/ 'Please enter a quantity from 1 to 99.';

/** The cart inputs' failures (domain/errors.ts); the cart's own are services/cart/cart.ts CART_ERRORS. */
export const CART_RULE_ERRORS = /* @__PURE__ */ declareErrors({
  quantityRange: { kind: 'invalid', code: 'cart.quantity_range', field: 'quantity', text: QUANTITY_MESSAGE },
  noItems: { kind: 'invalid', code: 'cart.no_items', text: /*i18n*/ 'Please choose at least one item.' },
});

/** A line's quantity: a whole number from 1 to MAX_LINE_QUANTITY (SPEC §5). */
export const LineQuantitySchema = z
  .number({ message: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(MAX_LINE_QUANTITY, QUANTITY_MESSAGE);

/** The same quantity written in a path segment: digits only (SPEC §5). */
export const QuantityPathSchema = z
  .string()
  .regex(/^\d{1,3}$/, QUANTITY_MESSAGE)
  .transform(Number)
  .pipe(LineQuantitySchema);

const CartItemCode = itemCodeSchema(ITEM_CODE_MESSAGES.enter, /*i18n*/ 'Each item needs an itemCode.');

const CartItem = z.object({
  itemCode: CartItemCode,
  quantity: LineQuantitySchema,
  upsellOfferDetails: z
    .object({ type: z.string().trim().min(1).max(40), rule: z.string().trim().min(1).max(80) })
    .optional(),
});

export const CartItemsBodySchema = z.object({
  cartItems: z
    .array(CartItem, { message: API_TEXTS.cartItems })
    .min(1, /*i18n*/ 'Please choose at least one item.')
    .max(50, API_TEXTS.cartItemsAtOnce),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** Gift voucher payload (SPEC §3), classic and new-cart forms, validated as SPEC §5 says. */
export function giftVoucherSchema(minAmount: number, maxAmount = 500) {
  const amount = z.coerce
    .number({ message: /*i18n*/ 'Please enter custom amount' })
    .int(/*i18n*/ 'Please enter custom amount')
    .min(minAmount, GIFT_FORM_MESSAGES.min)
    .max(maxAmount, GIFT_FORM_MESSAGES.max);
  // NOTE: every field has a length limit, checked (and aborting) before any pattern runs.
  const email = (message: string) => z.string().max(254, { error: message, abort: true }).trim().regex(EMAIL, message);
  // The raw limit (aborting) keeps a huge value from being trimmed; the shopper is told the smaller one.
  const requiredText = (max: number, rawMax: number, missing: string, tooLong: string) =>
    z.string().max(rawMax, { error: tooLong, abort: true }).trim().min(1, missing).max(max, tooLong);
  const recipientName = requiredText(
    80,
    200,
    /*i18n*/ 'Please enter the recipient name.',
    /*i18n*/ 'The recipient name can be at most 80 characters.',
  );
  const message = requiredText(
    200,
    1_000,
    /*i18n*/ 'Please enter a gift message.',
    /*i18n*/ 'The gift message can be at most 200 characters.',
  );
  const classic = z
    .object({
      salesCode: z.string().max(40, /*i18n*/ 'Please check the sales code.').optional(),
      itemCode: CartItemCode,
      quantity: z.literal(1, { message: /*i18n*/ 'Gift vouchers are added one at a time.' }).optional(),
      recipientName,
      recipientEmail: email(/*i18n*/ 'Please enter a valid email address.'),
      verifyEmail: z.string().max(254, { error: /*i18n*/ 'The email addresses do not match.', abort: true }).trim(),
      message,
      amount,
    })
    .refine((v) => v.verifyEmail.toLowerCase() === v.recipientEmail.toLowerCase(), {
      message: /*i18n*/ 'The email addresses do not match.',
      path: ['verifyEmail'],
    });
  const newCart = z.object({
    itemCode: CartItemCode,
    itemType: z.literal('giftVoucher'),
    giftVoucherDetails: z.object({
      recipientName,
      recipientEmail: email(/*i18n*/ 'Please enter a valid email address.'),
      value: z.object({ amount, currencyCode: z.string().regex(/^[A-Z]{3}$/) }),
      message,
    }),
  });
  return (
    z
      .union([newCart, classic])
      .transform((v) =>
        'giftVoucherDetails' in v
          ? {
              itemCode: v.itemCode,
              recipientName: v.giftVoucherDetails.recipientName,
              recipientEmail: v.giftVoucherDetails.recipientEmail,
              message: v.giftVoucherDetails.message,
              amount: v.giftVoucherDetails.value.amount,
            }
          : {
              itemCode: v.itemCode,
              recipientName: v.recipientName,
              recipientEmail: v.recipientEmail,
              message: v.message,
              amount: v.amount,
            },
      )
      // A preset card carries exactly its face value; the custom card (02698VC) takes the range above.
      .superRefine((v, ctx) => {
        const problem = presetAmountProblem(v.itemCode, v.amount);
        if (problem)
          ctx.addIssue({ code: 'custom', path: ['amount'], message: problem.id, params: { values: problem.values } });
      })
  );
}
