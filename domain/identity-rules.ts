import { declareErrors } from './errors';
import { isActiveMember, type UnlimitedStatus } from './unlimited';
import type { VisitorType, VisitorTypeDetailed } from './page-types';
import { isProductKind, PRODUCT_KIND_LOOKS } from './product-kinds';

// SPEC §5 login form and §4 visitor tiers. Shared by the login form in the browser and the API.
// NOTE: no zod here: this module reaches every page's bundle (header, favourite controls); the input
// schemas live in identity-schemas.ts and load with the forms that use them.

export const LOGIN_MESSAGES = {
  email: /*i18n*/ 'Please enter a valid email address',
  password: /*i18n*/ 'Password is required',
  passwordRule: /*i18n*/ 'Password must be 8-16 characters and contain at least one number and one letter.',
  failed: /*i18n*/ 'The email address or password you entered is incorrect.',
  throttled: /*i18n*/ 'Too many failed login attempts. Please wait 15 minutes and try again.',
  generic: /*i18n*/ 'Something went wrong. Please try again later.',
  emailTaken: /*i18n*/ 'An account with this email address already exists. Please log in instead.',
  registrationThrottled: /*i18n*/ 'Too many accounts have been created from this address. Please try again in an hour.',
  passwordChangeThrottled: /*i18n*/ 'Too many attempts to change the password. Please wait 15 minutes and try again.',
  currentPasswordWrong: /*i18n*/ 'Your current password is not correct.',
} as const;

/**
 * The code of a wrong current password, which the change-password form picks its field by. A string of its own
 * because this module reaches every page's bundle and LOGIN_ERRORS then stays out of the pages that use none of it.
 */
export const CURRENT_PASSWORD_WRONG = 'password_change.current_wrong';

/**
 * Login's and registration's failures (domain/errors.ts): the forms posted without script come back with the reason
 * their code stands for (server/api/authentication.ts, domain/identity-form-errors.ts).
 */
export const LOGIN_ERRORS = /* @__PURE__ */ declareErrors({
  failed: { kind: 'unauthorised', code: 'login.failed', field: 'password', text: LOGIN_MESSAGES.failed },
  throttled: { kind: 'throttled', code: 'login.throttled', text: LOGIN_MESSAGES.throttled },
  emailTaken: { kind: 'conflict', code: 'registration.email_taken', field: 'email', text: LOGIN_MESSAGES.emailTaken },
  registrationThrottled: {
    kind: 'throttled',
    code: 'registration.throttled',
    text: LOGIN_MESSAGES.registrationThrottled,
  },
  passwordChangeThrottled: {
    kind: 'throttled',
    code: 'password_change.throttled',
    text: LOGIN_MESSAGES.passwordChangeThrottled,
  },
  currentPasswordWrong: {
    kind: 'invalid',
    code: CURRENT_PASSWORD_WRONG,
    field: 'currentPassword',
    text: LOGIN_MESSAGES.currentPasswordWrong,
  },
});

/** The texts of the account's own emails: verifying the address. */
export const ACCOUNT_EMAIL_MESSAGES = {
  invalidLink: /*i18n*/ 'This link is no longer valid. Please ask for a new one from your account.',
  verified: /*i18n*/ 'Thank you: your email address is confirmed.',
  alreadyVerified: /*i18n*/ 'Your email address is already confirmed.',
  sent: /*i18n*/ 'We have sent a new link to your email address.',
  tooManyEmails: /*i18n*/ 'Too many emails asked for. Please wait an hour and try again.',
  /** The same answer whether or not an account exists for the address. */
  resetSent:
    /*i18n*/ 'If an account exists for this address, we have sent it a link to choose a new password. The link works for one hour.',
  resetInvalidLink: /*i18n*/ 'This link is no longer valid. Please ask for a new one on the forgotten password page.',
  resetTooManyTries: /*i18n*/ 'Too many password reset links tried. Please wait an hour and try again.',
  passwordReset: /*i18n*/ 'Your password has been changed. Please log in with your new password.',
} as const;

/**
 * The basic email pattern of the login form: something@something.something, no spaces.
 * NOTE: the domain's parts exclude '.', so each character has one way to match and the test runs in
 * linear time (the older /@[^\s@]+\.[^\s@]+$/ backtracked: seconds for a 64 KB address).
 */
export const LOGIN_EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** 8–16 characters with a number, a lowercase and an uppercase letter (applied at registration, not login). */
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,16}$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What `mailboxKey` takes out of an address, in this order, as patterns PostgreSQL reads as JavaScript does (its SQL
 * twin uses the same ones): the quotes and backslashes of a quoted local part (`"x"@…` is `x@…`), then a `+tag`.
 */
export const MAILBOX_QUOTING = /["\\](?=.*@)/g;
export const MAILBOX_TAG = /\+[^@]*@/;

/**
 * The mailbox an email address reaches, for rules that hold once per person (once-per-customer vouchers): case and
 * surrounding spaces aside, a quoted local part and a `+tag` in it reach the same mailbox. `mailboxKeySql` in
 * services/vouchers/voucher-store.ts is the same rule in SQL.
 */
export function mailboxKey(email: string): string {
  return normaliseEmail(email).replace(MAILBOX_QUOTING, '').replace(MAILBOX_TAG, '@');
}

/** Who is shopping: SPEC §4 visitor tiers. */
export interface Visitor {
  tier: VisitorTypeDetailed;
  customerId: number | null;
  email: string;
  firstName: string;
  /** Unlimited (FREESHIP) status, read for Hard Logged-In visitors only (SPEC §6). */
  unlimitedStatus: UnlimitedStatus | null;
}

export const PROSPECT: Visitor = {
  tier: 'Prospect',
  customerId: null,
  email: '',
  firstName: '',
  unlimitedStatus: null,
};

/** SPEC §4: only Hard Logged-In visitors are Current. */
export function visitorTypeOf(visitor: Visitor): VisitorType {
  return visitor.tier === 'Hard Logged-In' ? 'Current' : 'Prospect';
}

export function isCurrent(visitor: Visitor): boolean {
  return visitor.tier === 'Hard Logged-In';
}

/** Soft or Hard Logged-In: the visitor is known (recently viewed, add-on personalisation). */
export function isIdentified(visitor: Visitor): boolean {
  return visitor.customerId !== null;
}

/**
 * SPEC §4: ACTIVE or REQUESTED Unlimited members get member pricing and no Unlimited upsell; SPEC §6: looked up for
 * Current visitors only. The flag every page and tile reads, the one thing about a member they depend on.
 */
export function hasMemberPricing(visitor: Visitor): boolean {
  return isCurrent(visitor) && isActiveMember(visitor.unlimitedStatus);
}

export function loginPath(redirectingURL: string, brandName: string): string {
  return `/login?${new URLSearchParams({ redirectingURL, pageTitle: `Login ${brandName}` })}`;
}

/** SPEC §6: the login prompt of a favourite control, worded by product type (an unknown one is an item). */
export function favouriteLoginPrompt(productType: string): string {
  const noun = isProductKind(productType) ? PRODUCT_KIND_LOOKS[productType].favouriteNoun : 'item';
  return `Log in to Favourite this ${noun}`;
}

/** SPEC §4 favourite control titles. */
export const FAVOURITE_TITLES = {
  add: /*i18n*/ 'Add to favourites',
  adding: /*i18n*/ 'Adding...',
  remove: /*i18n*/ 'Remove from favourites',
  removing: /*i18n*/ 'Removing...',
} as const;

/** Registration's message for a missing name ('Please enter your first name.'). */
export function nameRequiredMessage(label: string): string {
  return `Please enter your ${label}.`;
}

/**
 * The address the throttles count: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * customer's line gets a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function throttleAddressOf(address: string): string {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1] ?? plain;
  if (!plain.includes(':')) return plain;
  const [head = '', tail = ''] = plain.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = plain.includes('::') && tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headParts.length - tailParts.length);
  const groups = plain.includes('::') ? [...headParts, ...Array(missing).fill('0'), ...tailParts] : headParts;
  return `${groups
    .slice(0, 4)
    .map((g) => (g || '0').replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
