import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { isCartId } from '../../domain/cart-rules';
import type { LoginFormError, RegistrationFormError } from '../../domain/identity-form-errors';
import { ACCOUNT_EMAIL_MESSAGES, LOGIN_ERRORS } from '../../domain/identity-rules';
import { safeRedirectTarget } from '../../domain/safe-redirect';
import {
  ForgotPasswordSchema,
  LoginSchema,
  type RegistrationInput,
  RegistrationSchema,
  ResetPasswordSchema,
  VerifyEmailSchema,
} from '../../domain/identity-schemas';
import {
  requestPasswordReset,
  resetPassword,
  sendVerificationEmail,
  verifyEmail,
} from '../../services/identity/account-emails';
import {
  type LoginResult,
  logIn,
  REMEMBER_COOKIE,
  register,
  revokeTokens,
  SESSION_COOKIE,
  mergeCartOnLogin,
} from '../../services/identity/identity';
import { ServiceError } from '../../services/platform/service-error';
import { ok } from '../envelope';
import { CART_COOKIE, clearLoginCookie, presentedTokens, setCartCookie, setLoginCookies } from '../session-cookies';
import type { AppEnv } from '../types';
import { createApiRouter, jsonBody, readJsonBody, responses } from './router';

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

async function startLogin(c: Context<AppEnv>, result: LoginResult) {
  await beginSession(c, result);
  return ok(c, {
    email: result.email,
    visitorType: 'Current' as const,
    visitorTypeDetailed: 'Hard Logged-In' as const,
  });
}

/** A form field as a string; anything else (missing, a file, repeated) counts as empty. */
async function formField(c: Context<AppEnv>, key: string): Promise<string> {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const value = (form as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : '';
}

/** The fields of a posted form, checked by `schema`; a failure answers what `back` makes of its first issue. */
function formInput<T extends z.ZodType>(
  schema: T,
  back: (c: Context<AppEnv>, field: PropertyKey | undefined) => Response | Promise<Response>,
) {
  return validator('form', (value, c: Context<AppEnv>) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as z.output<T>) : back(c, parsed.error.issues[0]?.path[0]);
  });
}

async function loginBack(c: Context<AppEnv>, error: LoginFormError) {
  const target = safeRedirectTarget(await formField(c, 'redirectingURL'), c.var.ctx.origin);
  return c.redirect(`/login?${new URLSearchParams({ ...(target ? { redirectingURL: target } : {}), error })}`, 303);
}

function registrationBack(c: Context<AppEnv>, error: RegistrationFormError) {
  return c.redirect(`${c.req.path}?${new URLSearchParams({ error })}`, 303);
}

/** The reason a refused form post comes back with (decision 008), by the refusal's code (domain/errors.ts). */
const LOGIN_REASON_OF_CODE: Readonly<Record<string, LoginFormError>> = {
  [LOGIN_ERRORS.failed.code]: 'failed',
  [LOGIN_ERRORS.throttled.code]: 'throttled',
};
const REGISTRATION_REASON_OF_CODE: Readonly<Record<string, RegistrationFormError>> = {
  [LOGIN_ERRORS.emailTaken.code]: 'taken',
  [LOGIN_ERRORS.registrationThrottled.code]: 'throttled',
};

/** The account pages the registration form is on (SPEC §2 registration page, CONTRACT.md password page). */
const REGISTRATION_PAGES = ['/registration', '/jsp/registration/common/account_password.jsp'] as const;

/**
 * The login, logout and registration forms without script: form posts with the same checks, throttle and
 * cart merge as the API, answered with a 303 — to the safe redirectingURL (or /) after a login, to /?Logout
 * after a logout, to /account after a registration — or back to the form's page with a reason code.
 */
export const formRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    formInput(LoginSchema, (c, field) => loginBack(c, field === 'password' ? 'password' : 'email')),
    async (c) => {
      const { db, clock, clientAddress, passwordCost } = c.var.ctx;
      try {
        await beginSession(
          c,
          await logIn(db, clock, c.req.valid('form'), {
            address: clientAddress,
            current: presentedTokens(c),
            passwordCost,
          }),
        );
      } catch (error) {
        if (error instanceof ServiceError) return loginBack(c, LOGIN_REASON_OF_CODE[error.code] ?? 'generic');
        throw error;
      }
      const target = safeRedirectTarget(await formField(c, 'redirectingURL'), c.var.ctx.origin);
      return c.redirect(target ?? '/', 303);
    },
  )
  .post('/logout', async (c) => {
    await endSession(c);
    return c.redirect('/?Logout', 303);
  })
  .on(
    'POST',
    [...REGISTRATION_PAGES],
    formInput(RegistrationSchema, (c, field) =>
      registrationBack(c, field === 'firstName' || field === 'lastName' || field === 'email' ? field : 'password'),
    ),
    async (c) => {
      try {
        await beginSession(c, await registerAndSendLink(c, c.req.valid('form')));
      } catch (error) {
        if (error instanceof ServiceError)
          return registrationBack(c, REGISTRATION_REASON_OF_CODE[error.code] ?? 'generic');
        throw error;
      }
      return c.redirect('/account', 303);
    },
  );

export const LoginAnswerSchema = z.object({
  email: z.string(),
  visitorType: z.literal('Current'),
  visitorTypeDetailed: z.literal('Hard Logged-In'),
});

export const authenticationApi = createApiRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/login',
      summary: 'Log in (failures are counted and throttled)',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(LoginSchema) },
      responses: responses(LoginAnswerSchema, 'Logged in; the login cookies are set.', [400, 401, 429]),
    }),
    async (c) => {
      const { db, clock, clientAddress, passwordCost } = c.var.ctx;
      const result = await logIn(db, clock, c.req.valid('json'), {
        address: clientAddress,
        current: presentedTokens(c),
        passwordCost,
      });
      return startLogin(c, result);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      summary: 'Log out this browser',
      responses: responses(z.null(), 'Logged out; the login cookies are cleared.', []),
    }),
    async (c) => {
      await endSession(c);
      return ok(c, null);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/register',
      summary: 'Register and log in',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(RegistrationSchema) },
      responses: responses(LoginAnswerSchema, 'Registered and logged in.', [400, 409]),
    }),
    async (c) => startLogin(c, await registerAndSendLink(c, c.req.valid('json'))),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/verify-email',
      summary: 'Confirm the email address with the token of the link sent to it (single use, 24 hours)',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(VerifyEmailSchema) },
      responses: responses(z.object({ message: z.string() }), 'The address is confirmed.', [400]),
    }),
    async (c) => {
      await verifyEmail(c.var.ctx.db, c.var.ctx.clock, c.req.valid('json').token);
      return ok(c, { message: ACCOUNT_EMAIL_MESSAGES.verified });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      summary: 'Email a link to choose a new password (the same answer whether or not the account exists)',
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(ForgotPasswordSchema) },
      responses: responses(z.object({ message: z.string() }), 'Sent, if the account exists.', [400, 429]),
    }),
    async (c) => {
      await requestPasswordReset(c.var.ctx, c.req.valid('json').email);
      return ok(c, { message: ACCOUNT_EMAIL_MESSAGES.resetSent });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      summary:
        "Choose a new password with a reset link's token (single use, one hour); every login of the account ends",
      middleware: [readJsonBody] as const,
      request: { body: jsonBody(ResetPasswordSchema) },
      responses: responses(z.object({ message: z.string() }), 'The password is changed.', [400, 429]),
    }),
    async (c) => {
      await resetPassword(c.var.ctx, c.req.valid('json'));
      return ok(c, { message: ACCOUNT_EMAIL_MESSAGES.passwordReset });
    },
  );

/** Registers, then sends the link that proves the address (through the outbox, in the site's language). */
async function registerAndSendLink(c: Context<AppEnv>, input: RegistrationInput) {
  const { db, clock, clientAddress, passwordCost } = c.var.ctx;
  const result = await register(db, clock, input, presentedTokens(c), clientAddress, passwordCost);
  await sendVerificationEmail(c.var.ctx, result.customerId);
  return result;
}
