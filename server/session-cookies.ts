import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REMEMBER_COOKIE, REMEMBER_MS, SESSION_COOKIE, type SessionTokens } from '../services/identity/identity';
import type { AppEnv } from './types';

// The login cookies of CONTRACT.md: a session cookie (no expiry; the server enforces the idle limit) for
// a full login and a persistent cookie for the remembered identity. Both HttpOnly, SameSite=Lax, and
// Secure when the visitor came over TLS.

export const CART_COOKIE = 'cart_id';
const CART_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

function secure(c: Context<AppEnv>): boolean {
  return c.var.ctx.origin.startsWith('https:');
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
  if (cartId === null) {
    deleteCookie(c, CART_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', secure: secure(c) });
    return;
  }
  setCookie(c, CART_COOKIE, cartId, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    maxAge: CART_COOKIE_MAX_AGE,
  });
}

/** The guest's key to their confirmation page: the checkout key that placed the order (one day). */
export const ORDER_ACCESS_COOKIE = 'order_access';

export function setOrderAccessCookie(c: Context<AppEnv>, idempotencyKey: string): void {
  setCookie(c, ORDER_ACCESS_COOKIE, idempotencyKey, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(c),
    maxAge: 24 * 60 * 60,
  });
}
