import { z } from 'zod';
import { type Message, message } from './message';
import { formatWholeAmount } from './money';
import type { Site } from './sites';

// The e-gift cards (CONTRACT.md demo data) and the gift voucher form's rules (SPEC §5, §9).

/**
 * The preset cards and their face values, in whole units of the site's currency. NOTE: the catalogue's
 * sku prices are converted per currency with charm pricing (db/demo/catalogue.ts), so outside AUD they are
 * not a card's face value; this table is the one source of it, for the form and the API alike.
 */
export const PRESET_GIFT_CARDS: readonly { itemCode: string; amount: number }[] = [
  { itemCode: '00041VC', amount: 50 },
  { itemCode: '00042VC', amount: 100 },
  { itemCode: '00043VC', amount: 150 },
];

/** The card whose amount the shopper chooses, within the site's range. */
export const CUSTOM_GIFT_CARD = '02698VC';

export const GIFT_MESSAGE_MAX = 200;
export const DEFAULT_GIFT_MESSAGE = /*i18n*/ 'Enjoy your wine!';

/** The preset card's face value, or undefined for the custom card and anything else. */
export function presetGiftCardAmount(itemCode: string): number | undefined {
  return PRESET_GIFT_CARDS.find((card) => card.itemCode === itemCode)?.amount;
}

/** A preset card carries exactly its face value: the message when `amount` differs, else null. */
export function presetAmountProblem(itemCode: string, amount: number): Message | null {
  const value = presetGiftCardAmount(itemCode);
  if (value === undefined || value === amount) return null;
  return message(
    /*i18n*/ 'The e-gift card {itemCode} is worth {value}; send amount {value} or choose the custom amount card.',
    {
      itemCode,
      value,
    },
  );
}

/**
 * SPEC §5: the sample card shows '$XX' when the custom amount is longer or larger than the site's maximum (3 digits
 * and 500 in AUD) or not a number yet; HK$XX and NT$XX on the sites whose money reads so.
 */
function unknownAmountText(site: Pick<Site, 'intlLocale' | 'currency'>): string {
  return formatWholeAmount(0, site).replace('0', 'XX');
}

/** The amount a card is written with: whole units in the site's currency ($50). */
export function formatCardAmount(amount: number, site: Pick<Site, 'intlLocale' | 'currency'>): string {
  return formatWholeAmount(amount, site);
}

/** The sample card's amount text for what the form holds now. */
export function previewAmountText(
  choice: string,
  customAmount: string,
  site: Pick<Site, 'intlLocale' | 'currency'>,
  maxAmount = 500,
): string {
  const preset = presetGiftCardAmount(choice);
  if (preset !== undefined) return formatCardAmount(preset, site);
  if (choice !== CUSTOM_GIFT_CARD) return unknownAmountText(site);
  const digits = String(maxAmount).length;
  if (!/^\d+$/.test(customAmount) || customAmount.length > digits || Number(customAmount) > maxAmount)
    return unknownAmountText(site);
  return formatCardAmount(Number(customAmount), site);
}

export const GIFT_FORM_MESSAGES = {
  choice: /*i18n*/ 'Please choose an amount.',
  customAmount: /*i18n*/ 'Please enter custom amount',
  digitsOnly: /*i18n*/ 'Please enter the custom amount in whole numbers, digits only.',
  /** zod's issue (or the form's own, below) supplies {minimum} and {maximum} (domain/message.ts issueText). */
  min: /*i18n*/ 'The amount must be at least {minimum}.',
  max: /*i18n*/ 'The amount must be at most {maximum}.',
  recipientName: /*i18n*/ 'Please enter the recipient name.',
  recipientNameLong: /*i18n*/ 'The recipient name can be at most 80 characters.',
  recipientEmail: /*i18n*/ 'Please enter the recipient email address.',
  email: /*i18n*/ 'Please enter a valid email address.',
  verifyEmail: /*i18n*/ 'Please confirm the email address.',
  emailsDiffer: /*i18n*/ 'The email addresses do not match.',
  message: /*i18n*/ 'Please enter a gift message.',
  /** Written out (a text the catalogues hold as it is); domain tests keep it equal to GIFT_MESSAGE_MAX. */
  messageLong: /*i18n*/ 'The gift message can be at most 200 characters.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export type GiftVoucherFormField =
  | 'choice'
  | 'customAmount'
  | 'recipientName'
  | 'recipientEmail'
  | 'verifyEmail'
  | 'message';

/** The fields in page order: the first invalid one takes the focus. */
export const GIFT_FORM_FIELDS: readonly GiftVoucherFormField[] = [
  'choice',
  'customAmount',
  'recipientName',
  'recipientEmail',
  'verifyEmail',
  'message',
];

/**
 * The gift voucher form (SPEC §5), as the browser holds it, to the SPEC §3 payload that
 * PUT /api/cart/eItemCode takes (where domain/cart-rules giftVoucherSchema checks it again).
 */
export function giftVoucherFormSchema(minAmount: number, maxAmount = 500, salesCode = '') {
  const m = GIFT_FORM_MESSAGES;
  return z
    .object({
      choice: z.string(),
      customAmount: z.string(),
      recipientName: z.string().trim().min(1, m.recipientName).max(80, m.recipientNameLong),
      recipientEmail: z.string().trim().min(1, m.recipientEmail).max(254, m.email).regex(EMAIL, m.email),
      verifyEmail: z.string().trim().min(1, m.verifyEmail).max(254, m.emailsDiffer),
      message: z.string().trim().min(1, m.message).max(GIFT_MESSAGE_MAX, m.messageLong),
    })
    .superRefine((v, ctx) => {
      const issue = (path: GiftVoucherFormField, text: string, values?: Message['values']) =>
        ctx.addIssue({ code: 'custom', path: [path], message: text, ...(values ? { params: { values } } : {}) });
      if (v.choice !== CUSTOM_GIFT_CARD && presetGiftCardAmount(v.choice) === undefined) issue('choice', m.choice);
      if (v.choice === CUSTOM_GIFT_CARD) {
        const text = v.customAmount.trim();
        if (text === '') issue('customAmount', m.customAmount);
        else if (!/^\d+$/.test(text)) issue('customAmount', m.digitsOnly);
        else if (Number(text) < minAmount) issue('customAmount', m.min, { minimum: minAmount });
        else if (Number(text) > maxAmount) issue('customAmount', m.max, { maximum: maxAmount });
      }
      if (EMAIL.test(v.recipientEmail.trim()) && v.verifyEmail.trim() !== '') {
        if (v.verifyEmail.trim().toLowerCase() !== v.recipientEmail.trim().toLowerCase())
          issue('verifyEmail', m.emailsDiffer);
      }
    })
    .transform((v) => ({
      salesCode,
      quantity: 1 as const,
      recipientName: v.recipientName,
      recipientEmail: v.recipientEmail,
      verifyEmail: v.verifyEmail,
      message: v.message,
      amount: presetGiftCardAmount(v.choice) ?? Number(v.customAmount.trim()),
      itemCode: v.choice,
    }));
}

export type GiftVoucherFormValues = Record<GiftVoucherFormField, string>;
export type GiftVoucherPayload = z.output<ReturnType<typeof giftVoucherFormSchema>>;
