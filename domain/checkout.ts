import { z } from 'zod';
import { declareErrors } from './errors';
import { message } from './message';
import type { CountryCode, CurrencyCode } from './sites';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from './text-input';
import { API_TEXTS } from './api-texts';
import { HK_DISTRICTS } from './hk-districts';

// Checkout (CONTRACT.md): what the form takes and the messages a shopper reads.

/**
 * The largest order subtotal per currency: every amount of an order stays far below what an integer column of cents
 * holds (2^31 - 1), and an order this size goes through customer service anyway.
 */
export const MAX_ORDER_SUBTOTAL_CENTS: Record<CurrencyCode, number> = {
  AUD: 5_000_000,
  NZD: 5_000_000,
  USD: 5_000_000,
  HKD: 30_000_000,
  TWD: 150_000_000,
};

export const CHECKOUT_MESSAGES = {
  emptyCart: /*i18n*/ 'Your cart is empty: add some wine before you check out.',
  upsell: /*i18n*/ 'Please sort out the items marked in your cart before you check out.',
  outOfStock: (name: string) =>
    message(/*i18n*/ 'Sorry, {name} has just sold out. Please remove it from your cart.', { name }),
  fewLeft: (name: string, left: number) =>
    message(
      /*i18n*/ 'Sorry, only {left, plural, one {{left} bottle of {name} is} other {{left} bottles of {name} are}} left. Please lower the quantity in your cart.',
      { name, left },
    ),
  unlimitedGuest: /*i18n*/ 'Please log in or create an account to join Unlimited.',
  unlimitedOutOfArea:
    /*i18n*/ 'Unlimited is not available for this delivery postcode. Please remove it from your cart.',
  unknownPostcode: /*i18n*/ 'We don’t deliver to that postcode. Please check it.',
  addressNotFound: /*i18n*/ 'Please choose one of your saved addresses.',
  /** An order with anything to deliver (or Unlimited, which is for an address in its area) needs an address. */
  deliveryRequired: /*i18n*/ 'Please enter a delivery address.',
  email: /*i18n*/ 'Please enter a valid email address.',
  orderNotFound: API_TEXTS.orderNotFound,
  keyReused: /*i18n*/ 'This checkout was already used for another order. Please reload the page.',
  tooManyPayments: /*i18n*/ 'Too many payment attempts. Please wait an hour and try again.',
  tooLarge: (amount: string) =>
    message(/*i18n*/ 'An order can be at most {amount}. Please split it into smaller orders.', { amount }),
  presellLimit: (limit: number) =>
    message(
      /*i18n*/ 'Pre-sell wines are reserved without payment, at most {limit} bottles per customer until they ship. Please lower the pre-sell quantity in your cart.',
      { limit },
    ),
} as const;

/** The checkout's failures (domain/errors.ts); `field` names the checkout form's field the page marks. */
export const CHECKOUT_ERRORS = /* @__PURE__ */ declareErrors({
  emptyCart: { kind: 'invalid', code: 'checkout.cart_empty', text: CHECKOUT_MESSAGES.emptyCart },
  upsell: { kind: 'invalid', code: 'checkout.cart_needs_attention', text: CHECKOUT_MESSAGES.upsell },
  /** Sold out, or fewer left than the cart holds, since the cart was priced. */
  stockShort: { kind: 'conflict', code: 'checkout.stock_short' },
  unlimitedGuest: { kind: 'invalid', code: 'checkout.unlimited_needs_account', text: CHECKOUT_MESSAGES.unlimitedGuest },
  unlimitedOutOfArea: {
    kind: 'invalid',
    code: 'checkout.unlimited_out_of_area',
    text: CHECKOUT_MESSAGES.unlimitedOutOfArea,
  },
  unknownPostcode: {
    kind: 'invalid',
    code: 'checkout.postcode_unknown',
    field: 'postcode',
    text: CHECKOUT_MESSAGES.unknownPostcode,
  },
  addressNotFound: {
    kind: 'invalid',
    code: 'checkout.address_not_found',
    field: 'address',
    text: CHECKOUT_MESSAGES.addressNotFound,
  },
  deliveryRequired: {
    kind: 'invalid',
    code: 'checkout.delivery_address_required',
    field: 'line1',
    text: CHECKOUT_MESSAGES.deliveryRequired,
  },
  email: { kind: 'invalid', code: 'checkout.email_invalid', field: 'email', text: CHECKOUT_MESSAGES.email },
  orderNotFound: { kind: 'not_found', code: 'checkout.order_not_found', text: CHECKOUT_MESSAGES.orderNotFound },
  keyReused: { kind: 'conflict', code: 'checkout.key_reused', text: CHECKOUT_MESSAGES.keyReused },
  tooLarge: { kind: 'invalid', code: 'checkout.order_too_large' },
  presellLimit: { kind: 'invalid', code: 'checkout.presell_limit' },
  /** The cart's total or payment changed while the order was placed: the shopper reloads and looks again. */
  amountChanged: { kind: 'conflict', code: 'checkout.amount_changed' },
  /** The voucher applied in the cart refused at the order (used meanwhile, expired): its refusal's text. */
  voucherRefused: { kind: 'conflict', code: 'checkout.voucher_refused' },
});

/** The length limit's message: zod's issue supplies {maximum} (domain/message.ts issueText). */
const TOO_LONG = /*i18n*/ 'Please keep this under {maximum} characters.';

const required = (missing: string, max = 100) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, TOO_LONG).refine(isSafeText, UNSAFE_TEXT_MESSAGE);

const optional = (max = 100) =>
  z.string().trim().max(max, TOO_LONG).refine(isSafeText, UNSAFE_TEXT_MESSAGE).default('');

/**
 * The postcode each country's addresses take: Taiwan 3 digits or the 5- and 6-digit forms (3+2, 3+3); AU, NZ and the
 * US 3 to 10 letters and digits (AU and NZ are checked against the postcode table too). Hong Kong has none: a district
 * instead (domain/hk-districts.ts).
 */
export const POSTCODE_PATTERNS: Record<Exclude<CountryCode, 'hk'>, RegExp> = {
  au: /^[A-Za-z0-9 -]{3,10}$/,
  nz: /^[A-Za-z0-9 -]{3,10}$/,
  us: /^[A-Za-z0-9 -]{3,10}$/,
  tw: /^\d{3}(\d{2,3})?$/,
};

const INVALID_POSTCODE = /*i18n*/ 'Please enter a valid postcode.';
const MISSING_DISTRICT = /*i18n*/ 'Please choose a district.';

const addressFields = {
  firstName: required(/*i18n*/ 'Please enter a first name.'),
  lastName: required(/*i18n*/ 'Please enter a last name.'),
  line1: required(/*i18n*/ 'Please enter the street address.', 200),
  line2: optional(200),
  city: required(/*i18n*/ 'Please enter the suburb or town.'),
  state: optional(50),
  phone: z
    .string()
    .trim()
    .regex(/^[+\d][\d ()-]{5,19}$/, /*i18n*/ 'Please enter a valid phone number.')
    .or(z.literal(''))
    .default(''),
};

/**
 * Any site's address, as the JSON API describes it: a postcode or a district. What a site takes is
 * `addressSchemaFor(country)`, which the checkout checks every order against.
 */
export const AddressSchema = z.object({
  ...addressFields,
  postcode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{0,10}$/, INVALID_POSTCODE)
    .default(''),
  district: z.enum(HK_DISTRICTS, { error: MISSING_DISTRICT }).optional(),
});
export type AddressInput = z.infer<typeof AddressSchema>;

/** The address a site's checkout takes: Hong Kong a district from the list and no postcode, elsewhere a postcode. */
export function addressSchemaFor(country: CountryCode) {
  if (country === 'hk') {
    return z.object({
      ...addressFields,
      postcode: z.string().max(0, INVALID_POSTCODE).default(''),
      district: z.enum(HK_DISTRICTS, { error: MISSING_DISTRICT }),
    });
  }
  return z.object({
    ...addressFields,
    postcode: z
      .string({ error: /*i18n*/ 'Please enter a postcode.' })
      .trim()
      .regex(POSTCODE_PATTERNS[country], INVALID_POSTCODE),
  });
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;

function checkoutInputSchema(address: typeof AddressSchema | ReturnType<typeof addressSchemaFor>) {
  return z
    .object({
      /** Guests give an email; a customer's order goes to their account's address. */
      email: z.string().trim().max(254).optional(),
      /** A customer's saved address, or a new one. */
      savedAddressId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      delivery: address.optional(),
      billingSameAsDelivery: z.boolean().default(true),
      billing: address.optional(),
      card: z.object({
        number: z.string().max(40),
        expiry: z.string().max(10),
        cvc: z.string().max(10),
      }),
      /** The provider's token of the card the browser gave it (Stripe: a PaymentMethod id); then `card` stays empty. */
      paymentMethod: z
        .string()
        .regex(/^pm_[A-Za-z0-9_]{1,200}$/)
        .optional(),
      /** Gift card codes that pay first (services/gift-cards/gift-cards.ts); the card pays the rest, if any is left. */
      giftCardCodes: z.array(z.string().max(64)).max(10).default([]),
      idempotencyKey: z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,100}$/, /*i18n*/ 'The checkout form is out of date. Please reload the page.'),
    })
    .refine((v) => v.billingSameAsDelivery || v.billing !== undefined, {
      message: /*i18n*/ 'Please enter a billing address.',
      path: ['billing'],
    });
}

/** The checkout's input as the JSON API describes it (any site); a site's own rules are checkoutInputSchemaFor's. */
export const CheckoutInputSchema = checkoutInputSchema(AddressSchema);
export type CheckoutInput = z.infer<typeof CheckoutInputSchema>;

const SITE_CHECKOUT_SCHEMAS = new Map<CountryCode, ReturnType<typeof checkoutInputSchema>>();
/** The checkout's input as a site takes it: its country's addresses (addressSchemaFor). */
export function checkoutInputSchemaFor(country: CountryCode) {
  let schema = SITE_CHECKOUT_SCHEMAS.get(country);
  if (!schema) {
    schema = checkoutInputSchema(addressSchemaFor(country));
    SITE_CHECKOUT_SCHEMAS.set(country, schema);
  }
  return schema;
}

export function validEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/**
 * Order numbers the shopper reads out on the phone: site prefix, date, and 8 random digits (not a count a
 * competitor could read sales from). Checkout draws again on the rare clash with an existing number.
 */
export function orderNumberFor(siteId: string, now: Date, random: number): string {
  const prefix = siteId.split('-')[0]?.toUpperCase() ?? 'WS';
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  return `${prefix}${date}-${String(Math.floor(random * 100_000_000)).padStart(8, '0')}`;
}

export const ORDER_NUMBER_PATTERN = /^[A-Z]{2,4}\d{6}-\d{8}$/;

/** e-gift card codes: 16 characters from an alphabet without look-alikes, in groups of 4. */
const GIFT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function giftCardCode(randomBytes: Uint8Array): string {
  const chars = [...randomBytes.slice(0, 16)].map((b) => GIFT_ALPHABET[b % GIFT_ALPHABET.length]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

const ADDRESS_FIELDS = ['firstName', 'lastName', 'line1', 'line2', 'city', 'state', 'postcode', 'phone'] as const;

/**
 * The checkout form's fields (a plain HTML form: it submits without JavaScript) as the checkout input.
 * `address` is a saved address id or 'new'; billing fields are prefixed `billing.`.
 */
export function checkoutInputFromForm(form: Record<string, string>, isCustomer: boolean): unknown {
  const address = (prefix: string) => {
    const fields: Record<string, string> = Object.fromEntries(
      ADDRESS_FIELDS.map((field) => [field, form[`${prefix}${field}`] ?? '']),
    );
    // The HK form's district select; an empty choice is no district.
    const district = form[`${prefix}district`];
    return district === undefined ? fields : { ...fields, district: district || undefined };
  };
  // An order that delivers nothing (e-gift cards alone) has no address step: the form says `address=none`.
  const none = form.address === 'none';
  const saved = isCustomer && form.address && form.address !== 'new' && !none ? form.address : undefined;
  return {
    email: isCustomer ? undefined : (form.email ?? ''),
    savedAddressId: saved,
    delivery: saved || none ? undefined : address(''),
    billingSameAsDelivery: none || form.billingSame === 'on',
    billing: none || form.billingSame === 'on' ? undefined : address('billing.'),
    card: { number: form.cardNumber ?? '', expiry: form.cardExpiry ?? '', cvc: form.cardCvc ?? '' },
    paymentMethod: form.paymentMethod || undefined,
    giftCardCodes: giftCardCodesOf(form.giftCards),
    idempotencyKey: form.idempotencyKey ?? '',
  };
}

/** The gift card codes a form field holds: separated by new lines or commas. */
export function giftCardCodesOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[\n,]+/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The form field a message belongs to (zod's path, or the service's message), for aria-invalid and focus. */
export function checkoutFieldOf(path: readonly PropertyKey[]): string {
  const [first, second] = path.map(String);
  if (first === 'delivery') return second ?? 'firstName';
  if (first === 'billing') return second ? `billing.${second}` : 'billing.firstName';
  if (first === 'card') return second === 'expiry' ? 'cardExpiry' : second === 'cvc' ? 'cardCvc' : 'cardNumber';
  return first ?? 'form';
}

/** What the checkout page's action answers when it cannot place the order: the problems and the fields as sent. */
export interface CheckoutActionData {
  errors: { field: string; message: string }[];
  values: Record<string, string>;
  /** The gift cards applied so far (their codes travel in `values.giftCards`): what each pays, and the card the rest. */
  giftCards?: AppliedGiftCards | null;
  /** Why the gift card code just tried was refused, shown beside its field. */
  giftCardError?: string;
}

/** What the named gift cards pay of the order as the cart stands (services/checkout/gift-card-preview.ts). */
export interface AppliedGiftCards {
  cards: { last4: string; balanceCents: number; appliedCents: number }[];
  giftCardCents: number;
  cardCents: number;
  payableTodayCents: number;
}
