import { z } from 'zod';
import { declareErrors, type ErrorType } from './errors';
import { type Message, message, type Text } from './message';
import { formatMoney } from './money';
import type { Site } from './sites';
import { VOUCHER_LIMIT_MESSAGES } from './voucher-texts';

// Order vouchers (CONTRACT "Vouchers, on every site"): who may use a code, and what it takes off, exact
// to the cent. Pure: services/vouchers/vouchers.ts loads the voucher and the customer's uses and calls these.

export const VOUCHER_MESSAGES = {
  invalid: /*i18n*/ 'That voucher code is not valid.',
  /** SPEC §8: the key atg.commerce.promotion.PromotionResources->voucher.expired is shown as this. */
  expired: /*i18n*/ 'Voucher expired',
  notStarted: /*i18n*/ 'That voucher cannot be used yet.',
  otherSite: /*i18n*/ 'That voucher cannot be used on this site.',
  alreadyUsed: /*i18n*/ 'You have already used this voucher.',
  ownReferral: /*i18n*/ 'Your referral code is for your friends: it cannot be used on your own orders.',
  tooManyTries: /*i18n*/ 'Too many codes tried. Please wait an hour and try again.',
  minimum: (amount: string) => message(/*i18n*/ 'This voucher needs an order of at least {amount}.', { amount }),
  minimumBottles: (bottles: number) =>
    message(
      /*i18n*/ 'This voucher needs an order of at least {bottles, plural, one {{bottles} bottle} other {{bottles} bottles}}.',
      { bottles },
    ),
  onlyOne: (current: string) =>
    message(/*i18n*/ 'Only one voucher can be used per order. Remove {current} first.', { current }),
  notOnCart: /*i18n*/ 'That voucher is not on your cart.',
  /** SPEC §8: tracked when a voucher link's code cannot be used. */
  invalidLink: /*i18n*/ 'Unfortunately the voucher code you have entered appears to be invalid.',
};

/** The voucher box's failures (domain/errors.ts): a refusal's code is its reason's. */
export const VOUCHER_ERRORS = /* @__PURE__ */ declareErrors({
  invalid: { kind: 'invalid', code: 'voucher.invalid', text: VOUCHER_MESSAGES.invalid },
  expired: { kind: 'invalid', code: 'voucher.expired', text: VOUCHER_MESSAGES.expired },
  notStarted: { kind: 'invalid', code: 'voucher.not_started', text: VOUCHER_MESSAGES.notStarted },
  otherSite: { kind: 'invalid', code: 'voucher.other_site', text: VOUCHER_MESSAGES.otherSite },
  alreadyUsed: {
    kind: 'invalid',
    code: 'voucher.already_used',
    text: VOUCHER_MESSAGES.alreadyUsed,
  },
  ownReferral: {
    kind: 'invalid',
    code: 'voucher.own_referral',
    text: VOUCHER_MESSAGES.ownReferral,
  },
  usedUp: { kind: 'invalid', code: 'voucher.used_up' },
  minimum: { kind: 'invalid', code: 'voucher.minimum' },
  onlyOne: { kind: 'conflict', code: 'voucher.only_one' },
  notOnCart: { kind: 'not_found', code: 'voucher.not_on_cart', text: VOUCHER_MESSAGES.notOnCart },
  /** The one budget of codes tried (vouchers, gift cards, order links): not the voucher box's alone. */
  tooManyTries: { kind: 'throttled', code: 'codes.too_many_tries', text: VOUCHER_MESSAGES.tooManyTries },
});

/**
 * A voucher whose total uses are taken. A template (filled in by the server in the site's language): the text is left
 * out of the browser's catalogues (domain/voucher-texts.ts).
 */
export const VOUCHER_USED_UP: Message = message(VOUCHER_LIMIT_MESSAGES.usedUp, {});

/** A code as shoppers type it: letters, digits and dashes; compared upper-case. */
export const VoucherCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,32}$/, VOUCHER_MESSAGES.invalid)
  .transform((code) => code.toUpperCase());

export type VoucherKind = 'amount' | 'percent';

export interface VoucherRule {
  code: string;
  description: string;
  kind: VoucherKind;
  /** Cents off (kind amount, in the site's currency) or whole percent off (kind percent). */
  value: number;
  minimumSubtotalCents: number;
  minimumBottles: number;
  /** Null: every site. */
  siteId: string | null;
  /** Null: every currency. */
  currency: string | null;
  startsAt: Date | null;
  /** The voucher can be used before this instant, not at it. */
  expiresAt: Date | null;
  oncePerCustomer: boolean;
  active: boolean;
  /** The sites it may be used on (made in the console); empty: `siteId` decides. */
  sites: readonly string[];
  /** How many orders may use it in all; null: as many as like. */
  totalUses: number | null;
}

/** What a voucher is unless it says otherwise: no minimum, every site, no dates, reusable, active. */
export const VOUCHER_RULE_DEFAULTS = {
  minimumSubtotalCents: 0,
  minimumBottles: 0,
  siteId: null,
  currency: null,
  startsAt: null,
  expiresAt: null,
  oncePerCustomer: false,
  active: true,
  sites: [] as string[],
  totalUses: null,
} as const satisfies Partial<VoucherRule>;

export type VoucherRefusal = {
  reason:
    | 'invalid'
    | 'expired'
    | 'not_started'
    | 'other_site'
    | 'already_used'
    | 'own_referral'
    | 'used_up'
    | 'minimum';
  message: Text;
};

const ERROR_OF_REFUSAL: Record<VoucherRefusal['reason'], ErrorType> = {
  invalid: VOUCHER_ERRORS.invalid,
  expired: VOUCHER_ERRORS.expired,
  not_started: VOUCHER_ERRORS.notStarted,
  other_site: VOUCHER_ERRORS.otherSite,
  already_used: VOUCHER_ERRORS.alreadyUsed,
  own_referral: VOUCHER_ERRORS.ownReferral,
  used_up: VOUCHER_ERRORS.usedUp,
  minimum: VOUCHER_ERRORS.minimum,
};

/** The declared error of a refusal (its text is the refusal's own, filled in). */
export function voucherRefusalError(refusal: VoucherRefusal): ErrorType {
  return ERROR_OF_REFUSAL[refusal.reason];
}

/**
 * Whether the voucher may be used at all, whatever the cart holds: active, in its dates, on this site,
 * not already used by this customer when it is once per customer, not used as often as it may be in all (`usedUp`,
 * counted by the caller). Null when it may.
 * NOTE: an inactive voucher answers as an unknown code, so codes cannot be probed.
 */
export function checkVoucherAvailable(
  rule: VoucherRule,
  at: {
    site: Pick<Site, 'id' | 'currency'>;
    now: Date;
    usedByCustomer: boolean;
    ownReferral?: boolean;
    usedUp?: boolean;
  },
): VoucherRefusal | null {
  if (!rule.active) return { reason: 'invalid', message: VOUCHER_MESSAGES.invalid };
  if (
    (rule.siteId && rule.siteId !== at.site.id) ||
    (rule.sites.length > 0 && !rule.sites.includes(at.site.id)) ||
    (rule.currency && rule.currency !== at.site.currency)
  )
    return { reason: 'other_site', message: VOUCHER_MESSAGES.otherSite };
  if (rule.startsAt && at.now.getTime() < rule.startsAt.getTime())
    return { reason: 'not_started', message: VOUCHER_MESSAGES.notStarted };
  if (rule.expiresAt && at.now.getTime() >= rule.expiresAt.getTime())
    return { reason: 'expired', message: VOUCHER_MESSAGES.expired };
  if (at.ownReferral) return { reason: 'own_referral', message: VOUCHER_MESSAGES.ownReferral };
  if (rule.oncePerCustomer && at.usedByCustomer)
    return { reason: 'already_used', message: VOUCHER_MESSAGES.alreadyUsed };
  if (at.usedUp) return { reason: 'used_up', message: VOUCHER_USED_UP };
  return null;
}

/**
 * What the voucher takes off an order whose voucher-eligible lines come to eligibleSubtotalCents: the
 * minimum is checked on that subtotal (at least, so exactly 150.00 qualifies); a percentage rounds half up
 * to the cent; never more than the eligible subtotal.
 */
export function calculateVoucherDiscount(
  rule: VoucherRule,
  order: { eligibleSubtotalCents: number; bottles: number; site: Pick<Site, 'intlLocale' | 'currency'> },
): { ok: true; discountCents: number } | ({ ok: false } & VoucherRefusal) {
  if (order.eligibleSubtotalCents < rule.minimumSubtotalCents)
    return {
      ok: false,
      reason: 'minimum',
      message: VOUCHER_MESSAGES.minimum(formatMoney(rule.minimumSubtotalCents, order.site)),
    };
  if (order.bottles < rule.minimumBottles)
    return { ok: false, reason: 'minimum', message: VOUCHER_MESSAGES.minimumBottles(rule.minimumBottles) };
  const off = rule.kind === 'percent' ? Math.round((order.eligibleSubtotalCents * rule.value) / 100) : rule.value;
  return { ok: true, discountCents: Math.max(0, Math.min(off, order.eligibleSubtotalCents)) };
}
