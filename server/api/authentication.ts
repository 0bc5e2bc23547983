import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { isCartId } from '../../domain/cart-rules';
import { LOGIN_MESSAGES, type LoginFormError, type RegistrationFormError } from '../../domain/identity-rules';
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
import { fail, ok } from '../envelope';
import { readJson } from './json-body';
import { CART_COOKIE, clearLoginCookie, presentedTokens, setCartCookie, setLoginCookies } from '../session-cookies';
import type { AppEnv } from '../types';

// SPEC §7 authentication calls. Login success has statusCode 0; failures carry a statusMessage.

/** Starts the login: cookies, and the anonymous cart joined to the customer's. */
async function beginSession(c: Context<AppEnv>, result: LoginResult): Promise<void> {
  const { db, site } = c.var.ctx;
  setLoginCookies(c, result.tokens);
  const anonymous = getCookie(c, CART_COOKIE);
  const cartId = await mergeCartOnLogin(db, site, isCartId(anonymous) ? anonymous : null, result.customerId);
  if (cartId) setCartCookie(c, cartId);
}

/** Ends the login behind this browser's cookies, on every server process. */
async function endSession(c: Context<AppEnv>): Promise<void> {
  await revokeTokens(c.var.ctx.db, presentedTokens(c));
  clearLoginCookie(c, SESSION_COOKIE);
  clearLoginCookie(c, REMEMBER_COOKIE);
  // The cart stays with the customer's account; this browser starts a new one.
  setCartCookie(c, null);
}

async function startLogin(c: Context<AppEnv>, result: LoginResult): Promise<Response> {
  await beginSession(c, result);
  return ok(c, { email: result.email, visitorType: 'Current', visitorTypeDetailed: 'Hard Logged-In' });
}

/** The form fields of a urlencoded or multipart post, as strings. */
async function formFields(c: Context<AppEnv>): Promise<(key: string) => string> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return (key) => (typeof form[key] === 'string' ? (form[key] as string) : '');
}

/** The account pages the registration form is on (SPEC §2 registration page, CONTRACT.md password page). */
const REGISTRATION_PAGES = ['/registration', '/jsp/registration/common/account_password.jsp'] as const;

/**
 * The login, logout and registration forms without script: form posts with the same checks, throttle and
 * cart merge as the API, answered with a 303 — to the safe redirectingURL (or /) after a login, to /?Logout
 * after a logout, to /account after a registration — or back to the form's page with a reason code.
 */
export const formRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const field = await formFields(c);
    const target = safeRedirectTarget(field('redirectingURL'), c.var.ctx.origin);
    const back = (error: LoginFormError) =>
      c.redirect(`/login?${new URLSearchParams({ ...(target ? { redirectingURL: target } : {}), error })}`, 303);
    const parsed = LoginSchema.safeParse({ email: field('email'), password: field('password') });
    if (!parsed.success) return back(parsed.error.issues[0]?.path[0] === 'password' ? 'password' : 'email');
    const { db, clock, clientAddress } = c.var.ctx;
    try {
      await beginSession(
        c,
        await logIn(db, clock, parsed.data, { address: clientAddress, current: presentedTokens(c) }),
      );
    } catch (error) {
      if (error instanceof IdentityError)
        return back(error.status === 429 ? 'throttled' : error.status === 401 ? 'failed' : 'generic');
      throw error;
    }
    return c.redirect(target ?? '/', 303);
  })
  .post('/logout', async (c) => {
    await endSession(c);
    return c.redirect('/?Logout', 303);
  })
  .on('POST', [...REGISTRATION_PAGES], async (c) => {
    const field = await formFields(c);
    const back = (error: RegistrationFormError) => c.redirect(`${c.req.path}?${new URLSearchParams({ error })}`, 303);
    const parsed = RegistrationSchema.safeParse({
      firstName: field('firstName'),
      lastName: field('lastName'),
      email: field('email'),
      password: field('password'),
    });
    if (!parsed.success) {
      const first = parsed.error.issues[0]?.path[0];
      return back(first === 'firstName' || first === 'lastName' || first === 'email' ? first : 'password');
    }
    const { db, clock } = c.var.ctx;
    try {
      await beginSession(c, await register(db, clock, parsed.data, presentedTokens(c), c.var.ctx.clientAddress));
    } catch (error) {
      if (error instanceof IdentityError)
        return back(error.status === 409 ? 'taken' : error.status === 429 ? 'throttled' : 'generic');
      throw error;
    }
    return c.redirect('/account', 303);
  });
export const authenticationApi = new Hono<AppEnv>()
  .post('/login', async (c) => {
    const parsed = LoginSchema.safeParse(await readJson(c));
    if (!parsed.success) return fail(c, 400, parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.email);
    const { db, clock, clientAddress } = c.var.ctx;
    const result = await logIn(db, clock, parsed.data, { address: clientAddress, current: presentedTokens(c) });
    return startLogin(c, result);
  })
  .post('/logout', async (c) => {
    await endSession(c);
    return ok(c, null);
  })
  .post('/register', async (c) => {
    const parsed = RegistrationSchema.safeParse(await readJson(c));
    if (!parsed.success) return fail(c, 400, parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.email);
    const { db, clock } = c.var.ctx;
    const result = await register(db, clock, parsed.data, presentedTokens(c), c.var.ctx.clientAddress);
    return startLogin(c, result);
  });
