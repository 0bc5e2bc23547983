import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { isCartId } from '../../domain/cart-rules';
import { LOGIN_MESSAGES, type LoginFormError } from '../../domain/identity-rules';
import { safeRedirectTarget } from '../../domain/safe-redirect';
import { LoginSchema, RegistrationSchema } from '../../domain/identity-schemas';
import {
  IdentityError,
  type LoginResult,
  logIn,
  mergeCartOnLogin,
  REMEMBER_COOKIE,
  register,
  revokeTokens,
  SESSION_COOKIE,
} from '../../services/identity';
import { fail, HttpError, ok } from '../envelope';
import { readJson } from './json-body';
import { CART_COOKIE, clearLoginCookie, presentedTokens, setCartCookie, setLoginCookies } from '../session-cookies';
import type { AppEnv } from '../types';


// SPEC §7 authentication calls. Login success has statusCode 0; failures carry a statusMessage.

function handle(fn: (c: Context<AppEnv>) => Promise<Response>) {
  return async (c: Context<AppEnv>) => {
    try {
      return await fn(c);
    } catch (error) {
      if (error instanceof IdentityError || error instanceof HttpError) return fail(c, error.status, error.message);
      throw error;
    }
  };
}

/** Starts the login: cookies, and the anonymous cart joined to the customer's. */
async function beginSession(c: Context<AppEnv>, result: LoginResult): Promise<void> {
  const { db, site } = c.var.ctx;
  setLoginCookies(c, result.tokens);
  const anonymous = getCookie(c, CART_COOKIE);
  const cartId = await mergeCartOnLogin(db, site, isCartId(anonymous) ? anonymous : null, result.customerId);
  if (cartId) setCartCookie(c, cartId);
}

async function startLogin(c: Context<AppEnv>, result: LoginResult): Promise<Response> {
  await beginSession(c, result);
  return ok(c, { email: result.email, visitorType: 'Current', visitorTypeDetailed: 'Hard Logged-In' });
}

/**
 * The login form without script: a form POST to /login (the same checks, throttle and cart merge as the API),
 * answered with a 303 to the safe redirectingURL (or /), or back to /login with an error code.
 */
export const loginFormRoute = new Hono<AppEnv>().post('/login', async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
  const target = safeRedirectTarget(text('redirectingURL'), c.var.ctx.origin);
  const back = (error: LoginFormError) =>
    c.redirect(`/login?${new URLSearchParams({ ...(target ? { redirectingURL: target } : {}), error })}`, 303);
  const parsed = LoginSchema.safeParse({ email: text('email'), password: text('password') });
  if (!parsed.success) return back(parsed.error.issues[0]?.path[0] === 'password' ? 'password' : 'email');
  const { db, clock, clientAddress } = c.var.ctx;
  try {
    const result = await logIn(db, clock, parsed.data, { address: clientAddress, current: presentedTokens(c) });
    await beginSession(c, result);
  } catch (error) {
    if (error instanceof IdentityError) return back(error.status === 429 ? 'throttled' : error.status === 401 ? 'failed' : 'generic');
    throw error;
  }
  return c.redirect(target ?? '/', 303);
});

export const authenticationApi = new Hono<AppEnv>()
  .post(
    '/login',
    handle(async (c) => {
      const parsed = LoginSchema.safeParse(await readJson(c));
      if (!parsed.success) return fail(c, 400, parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.email);
      const { db, clock, clientAddress } = c.var.ctx;
      const result = await logIn(db, clock, parsed.data, { address: clientAddress, current: presentedTokens(c) });
      return startLogin(c, result);
    }),
  )
  .post(
    '/logout',
    handle(async (c) => {
      await revokeTokens(c.var.ctx.db, presentedTokens(c));
      clearLoginCookie(c, SESSION_COOKIE);
      clearLoginCookie(c, REMEMBER_COOKIE);
      // The cart stays with the customer's account; this browser starts a new one.
      setCartCookie(c, null);
      return ok(c, null);
    }),
  )
  .post(
    '/register',
    handle(async (c) => {
      const parsed = RegistrationSchema.safeParse(await readJson(c));
      if (!parsed.success) return fail(c, 400, parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.email);
      const { db, clock } = c.var.ctx;
      const result = await register(db, clock, parsed.data, presentedTokens(c));
      return startLogin(c, result);
    }),
  );
