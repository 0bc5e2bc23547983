import { OFFER_CODE_COOKIE_MAX_AGE_SECONDS, REFERRAL_COOKIE, VOUCHER_COOKIE } from '../domain/offer-codes';

// The shop's cookies, declared once and written one way by both adapters (the JSON API in server/, the page
// actions and loaders in app/): always Path=/ and SameSite=Lax, Secure when the visitor came over TLS, HttpOnly
// unless the page's own script reads it.

export interface ShopCookie {
  name: string;
  httpOnly: boolean;
  /** Seconds it is kept; none: it ends with the browser (a session cookie). */
  maxAgeSeconds?: number;
}

const DAY_SECONDS = 24 * 60 * 60;

export const CART_COOKIE = 'cart_id';
export const ORDER_ACCESS_COOKIE = 'order_access';

export const SHOP_COOKIES = {
  /** The visitor's cart (30 days). */
  cart: { name: CART_COOKIE, httpOnly: true, maxAgeSeconds: 30 * DAY_SECONDS },
  /** The guest's key to their confirmation page: the checkout key that placed the order (one day). */
  orderAccess: { name: ORDER_ACCESS_COOKIE, httpOnly: true, maxAgeSeconds: DAY_SECONDS },
  /** A voucher link's code (SPEC §9: 30 days); the page reads it to show and apply it. */
  voucher: { name: VOUCHER_COOKIE, httpOnly: false, maxAgeSeconds: OFFER_CODE_COOKIE_MAX_AGE_SECONDS },
  /** A refer-a-friend link's code (/offer?code=), kept as long as a voucher link's. */
  referral: { name: REFERRAL_COOKIE, httpOnly: false, maxAgeSeconds: OFFER_CODE_COOKIE_MAX_AGE_SECONDS },
} as const satisfies Record<string, ShopCookie>;

/** True when the visitor's origin is https: the shop's cookies are then Secure. */
export function secureOrigin(origin: string): boolean {
  return origin.startsWith('https:');
}

/** The Set-Cookie value that sets `cookie` to `value`, or clears it when `value` is null. */
export function cookieHeader(cookie: ShopCookie, value: string | null, secure: boolean): string {
  const parts = [`${cookie.name}=${value === null ? '' : encodeURIComponent(value)}`, 'Path=/'];
  if (value === null) parts.push('Max-Age=0');
  else if (cookie.maxAgeSeconds !== undefined) parts.push(`Max-Age=${cookie.maxAgeSeconds}`);
  if (cookie.httpOnly) parts.push('HttpOnly');
  parts.push('SameSite=Lax');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The cookies of an order just placed, the same from the JSON API and the page's form post: the guest's key to the
 * confirmation page, and the voucher link's code cleared (SPEC §4: at order confirmation).
 */
export function placedOrderCookies(idempotencyKey: string, secure: boolean): string[] {
  return [
    cookieHeader(SHOP_COOKIES.orderAccess, idempotencyKey, secure),
    cookieHeader(SHOP_COOKIES.voucher, null, secure),
  ];
}

/**
 * The console's staff session cookie (CONTRACT.md "Operator console"): `__Host-` prefixed over TLS (Secure, Path=/,
 * no Domain: no other host or path can set or read it), HttpOnly, SameSite=Strict, and kept only while the browser
 * runs (the server ends it after 30 minutes idle or 12 hours).
 */
export function staffCookieName(secure: boolean): string {
  return secure ? '__Host-staff_session' : 'staff_session';
}

export function staffCookieHeader(value: string | null, secure: boolean): string {
  const parts = [`${staffCookieName(secure)}=${value ?? ''}`, 'Path=/'];
  if (value === null) parts.push('Max-Age=0');
  parts.push('HttpOnly', 'SameSite=Strict');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
