import { z } from 'zod';
import { declareErrors } from './errors';
import { GIFT_MESSAGE_MAX } from './gift-vouchers';
import { amountToCents } from './money';
import { REFERRAL_CODE_PATTERN } from './referrals';
import { SITE_IDS, SITES, type SiteId } from './sites';

// The console's vouchers and gift cards (CONTRACT.md `/admin/vouchers`, `/admin/gift-cards`): the inputs of their pages
// and JSON calls alike, and the staff's words for what is refused. Staff texts are English (the console's language).

export const VOUCHER_PAGE_SIZE = 50;
export const VOUCHER_USES_PAGE_SIZE = 50;
export const VOUCHER_DESCRIPTION_MAX = 200;

export const STAFF_VOUCHER_TEXTS = {
  code: 'A code is 3 to 32 letters, digits or dashes, such as SPRING-25.',
  referralCode: 'Codes that look like REF-ABC234 are customers’ referral codes: choose another code.',
  codeTaken: 'A voucher with this code exists already (codes do not differ by case): choose another code.',
  description: `Describe the voucher in at most ${VOUCHER_DESCRIPTION_MAX} characters (shoppers see it on the cart).`,
  amount: 'Enter the amount off, such as 20 or 12.50, above 0.',
  wholeAmount: 'This currency has no cents: enter a whole amount, such as 500.',
  minimum: 'Enter the minimum spend, such as 150 or 0 for none.',
  totalUses: 'Enter how many orders may use it in all as a whole number from 1, or leave it empty for no limit.',
  date: 'Enter a date such as 2026-12-01, or leave it empty.',
  dates: 'The last day must not be before the first day.',
  sites: 'Choose at least one site.',
  oneCurrency: (currencies: string) =>
    `The amount is in one currency, and these sites sell in ${currencies}: choose sites that share a currency.`,
  badCursor: 'That page link is not valid: start from the first page.',
  giftCardSearch: 'Enter the full code, or the last 4 characters with the buyer’s or the recipient’s email.',
  last4: 'The last 4 characters of a code are letters or digits, such as 7KQ2.',
  email: 'Enter an email address such as name@example.com.',
  goodwillAmount: (min: number, max: number) => `Enter a whole amount from ${min} to ${max}.`,
  recipientName: 'Enter the recipient’s name (at most 100 characters).',
  giftMessage: `Write a message of at most ${GIFT_MESSAGE_MAX} characters.`,
  site: 'Choose the site the card is for.',
  cardDisabled: 'This card is disabled already.',
} as const;

export const STAFF_VOUCHER_ERRORS = /* @__PURE__ */ declareErrors({
  codeTaken: { kind: 'conflict', code: 'staff.voucher_code_taken', field: 'code', text: STAFF_VOUCHER_TEXTS.codeTaken },
  oneCurrency: { kind: 'invalid', code: 'staff.voucher_one_currency', field: 'sites' },
  wholeAmount: { kind: 'invalid', code: 'staff.voucher_whole_amount', text: STAFF_VOUCHER_TEXTS.wholeAmount },
  cardDisabled: { kind: 'conflict', code: 'staff.gift_card_disabled', text: STAFF_VOUCHER_TEXTS.cardDisabled },
});

/** The code as the cart reads it (trimmed, upper case): one voucher per spelling. */
export const StaffVoucherCodeSchema = z
  .string({ message: STAFF_VOUCHER_TEXTS.code })
  .trim()
  .regex(/^[A-Za-z0-9-]{3,32}$/, STAFF_VOUCHER_TEXTS.code)
  .transform((code) => code.toUpperCase())
  .refine((code) => !REFERRAL_CODE_PATTERN.test(code), STAFF_VOUCHER_TEXTS.referralCode);

/** An amount as staff type it (`20`, `12.50`), in hundredths of the currency's unit as the shop keeps money. */
function amountSchema(text: string, options: { positive: boolean }) {
  return z
    .union([z.string(), z.number(), z.null()], { message: text })
    .optional()
    .transform((value) => {
      const typed = value === null || value === undefined ? '' : String(value).trim();
      // Nothing typed is no minimum; an amount off must be given.
      return typed === '' && !options.positive ? '0' : typed;
    })
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), text)
    .transform((value) => {
      const [whole = '0', fraction = ''] = value.split('.');
      return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    })
    .refine((cents) => !options.positive || cents > 0, text);
}

const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ?? '').trim());

/** A day (`2026-12-01`, UTC) or nothing. */
const DaySchema = optionalText
  .refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), STAFF_VOUCHER_TEXTS.date)
  .refine((v) => v === '' || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), STAFF_VOUCHER_TEXTS.date);

const TotalUsesSchema = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()))
  .refine((v) => v === '' || (/^\d{1,9}$/.test(v) && Number(v) >= 1), STAFF_VOUCHER_TEXTS.totalUses)
  .transform((v) => (v === '' ? null : Number(v)));

const FlagSchema = z
  .union([z.boolean(), z.string(), z.null()])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true');

const limits = {
  description: z
    .string({ message: STAFF_VOUCHER_TEXTS.description })
    .trim()
    .min(1, STAFF_VOUCHER_TEXTS.description)
    .max(VOUCHER_DESCRIPTION_MAX, STAFF_VOUCHER_TEXTS.description),
  minimumSpend: amountSchema(STAFF_VOUCHER_TEXTS.minimum, { positive: false }),
  oncePerCustomer: FlagSchema,
  validFrom: DaySchema,
  validUntil: DaySchema,
  totalUses: TotalUsesSchema,
};

function datesInOrder(v: { validFrom: string; validUntil: string }) {
  return v.validFrom === '' || v.validUntil === '' || v.validFrom <= v.validUntil;
}

/** A new voucher: its code, what it takes off (in the currency of its sites), its limits and its sites. */
export const NewVoucherSchema = z
  .object({
    code: StaffVoucherCodeSchema,
    amount: amountSchema(STAFF_VOUCHER_TEXTS.amount, { positive: true }),
    sites: z
      .array(z.enum(SITE_IDS as [SiteId, ...SiteId[]], { message: STAFF_VOUCHER_TEXTS.sites }), {
        message: STAFF_VOUCHER_TEXTS.sites,
      })
      .min(1, STAFF_VOUCHER_TEXTS.sites)
      .transform((sites) => [...new Set(sites)]),
    ...limits,
  })
  .refine(datesInOrder, { message: STAFF_VOUCHER_TEXTS.dates, path: ['validUntil'] });
export type NewVoucherInput = z.infer<typeof NewVoucherSchema>;

/** What may change of a voucher once made: its description, dates and limits (not its amount or sites). */
export const VoucherChangeSchema = z
  .object(limits)
  .refine(datesInOrder, { message: STAFF_VOUCHER_TEXTS.dates, path: ['validUntil'] });
export type VoucherChangeInput = z.infer<typeof VoucherChangeSchema>;

/** The first instant of a day (UTC), and the instant after its last: a voucher valid until a day is valid all of it. */
export function startOfDay(day: string): Date | null {
  return day ? new Date(`${day}T00:00:00Z`) : null;
}
export function afterDay(day: string): Date | null {
  return day ? new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000) : null;
}
/** The day a stored `expiresAt` (the instant after the last day) is written as. */
export function lastDayOf(expiresAt: Date | null): string {
  return expiresAt ? new Date(expiresAt.getTime() - 86_400_000).toISOString().slice(0, 10) : '';
}

/** The currency the sites share, or the currencies they sell in when they differ. */
export function currencyOfSites(sites: readonly SiteId[]): { currency: string } | { currencies: string[] } {
  const currencies = [...new Set(sites.map((id) => SITES[id].currency))];
  return currencies.length === 1 ? { currency: currencies[0] as string } : { currencies };
}

export const VoucherListSchema = z.object({
  after: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{1,32}$/, STAFF_VOUCHER_TEXTS.badCursor)
    .optional(),
});

export const VoucherUsesPageSchema = z.object({
  before: z.coerce
    .number({ message: STAFF_VOUCHER_TEXTS.badCursor })
    .int(STAFF_VOUCHER_TEXTS.badCursor)
    .positive(STAFF_VOUCHER_TEXTS.badCursor)
    .max(2_147_483_647, STAFF_VOUCHER_TEXTS.badCursor)
    .optional(),
});

const EmailSchema = z
  .string({ message: STAFF_VOUCHER_TEXTS.email })
  .trim()
  .max(254, STAFF_VOUCHER_TEXTS.email)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, STAFF_VOUCHER_TEXTS.email);

/** Find a card: by its whole code (any spelling), or by its last 4 with the buyer's or the recipient's email. */
export const GiftCardFindSchema = z.union([
  z.object({ code: z.string({ message: STAFF_VOUCHER_TEXTS.giftCardSearch }).max(100).trim().min(1) }),
  z.object({
    last4: z
      .string({ message: STAFF_VOUCHER_TEXTS.last4 })
      .trim()
      .regex(/^[A-Za-z0-9]{4}$/, STAFF_VOUCHER_TEXTS.last4)
      .transform((v) => v.toUpperCase()),
    email: EmailSchema,
  }),
]);
export type GiftCardFindInput = z.infer<typeof GiftCardFindSchema>;

export const GiftCardIdSchema = z.coerce
  .number({ message: 'A gift card is named by its number.' })
  .int()
  .positive()
  .max(2_147_483_647);

/** A goodwill card: a whole amount within the site's e-gift card range, to a named recipient, with a message. */
export const GoodwillCardSchema = z
  .object({
    siteId: z.enum(SITE_IDS as [SiteId, ...SiteId[]], { message: STAFF_VOUCHER_TEXTS.site }),
    amount: z.union([z.string(), z.number()], { message: STAFF_VOUCHER_TEXTS.goodwillAmount(1, 500) }),
    recipientName: z
      .string({ message: STAFF_VOUCHER_TEXTS.recipientName })
      .trim()
      .min(1, STAFF_VOUCHER_TEXTS.recipientName)
      .max(100, STAFF_VOUCHER_TEXTS.recipientName),
    recipientEmail: EmailSchema,
    message: z
      .string({ message: STAFF_VOUCHER_TEXTS.giftMessage })
      .trim()
      .max(GIFT_MESSAGE_MAX, STAFF_VOUCHER_TEXTS.giftMessage)
      .optional()
      .default(''),
  })
  .transform((v, ctx) => {
    const site = SITES[v.siteId];
    const text = String(v.amount).trim();
    const amount = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
    if (!(amount >= site.minGiftVoucherAmount && amount <= site.maxGiftVoucherAmount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: STAFF_VOUCHER_TEXTS.goodwillAmount(site.minGiftVoucherAmount, site.maxGiftVoucherAmount),
      });
      return z.NEVER;
    }
    return { ...v, amountCents: amountToCents(amount), currency: site.currency };
  });
export type GoodwillCardInput = z.infer<typeof GoodwillCardSchema>;
