import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REMEMBER_COOKIE, REMEMBER_MS, SESSION_COOKIE, type SessionTokens } from '../services/identity/identity';
import { cookieHeader, placedOrderCookies, SHOP_COOKIES, secureOrigin } from '../http/cookies';
import type { AppEnv } from './types';

// The login cookies of CONTRACT.md: a session cookie (no expiry; the server enforces the idle limit) for
// a full login and a persistent cookie for the remembered identity. Both HttpOnly, SameSite=Lax, and
// Secure when the visitor came over TLS.

export { CART_COOKIE, ORDER_ACCESS_COOKIE } from '../http/cookies';

function secure(c: Context<AppEnv>): boolean {
  return secureOrigin(c.var.ctx.origin);
}

export function presentedTokens(c: Context<AppEnv>): SessionTokens {
  return { session: getCookie(c, SESSION_COOKIE), remember: getCookie(c, REMEMBER_COOKIE) };
}

export function setLoginCookies(c: Context<AppEnv>, tokens: { session: string; remember: string }): void {
  const base = { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c) } as const;
  setCookie(c, SESSION_COOKIE, tokens.session, base);
  setCookie(c, REMEMBER_COOKIE, tokens.remember, { ...base, maxAge: Math.floor(REMEMBER_MS / 1000) });
}

export function clearLoginCookie(c: Context<AppEnv>, name: string): void {
  deleteCookie(c, name, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c) });
}

export function setCartCookie(c: Context<AppEnv>, cartId: string | null): void {
  c.header('Set-Cookie', cookieHeader(SHOP_COOKIES.cart, cartId, secure(c)), { append: true });
}

/** SPEC §4: the voucher cookie is cleared at order confirmation (and once its code was tried on the cart). */
export function clearVoucherCookie(c: Context<AppEnv>): void {
  c.header('Set-Cookie', cookieHeader(SHOP_COOKIES.voucher, null, secure(c)), { append: true });
}

/** The cookies of an order just placed (http/cookies.ts placedOrderCookies: the page's form post writes the same). */
export function setPlacedOrderCookies(c: Context<AppEnv>, idempotencyKey: string): void {
  for (const cookie of placedOrderCookies(idempotencyKey, secure(c))) c.header('Set-Cookie', cookie, { append: true });
}
