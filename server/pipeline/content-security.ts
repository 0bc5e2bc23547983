import type { Context, Next } from 'hono';
import { randomToken } from '../../services/platform/random-token';
import { setAnswerHeader } from './answer-header';
import type { AppEnv } from '../types';

/** Pages that another of our sites may frame (SPEC §2: the registration password page hides chat when framed). */
const FRAMEABLE_PATHS = new Set(['/jsp/registration/common/account_password.jsp']);

/**
 * Content-Security-Policy and Permissions-Policy for every answer. Scripts run only from our own origin or
 * with this response's nonce (the page data script, React Router's hydration scripts), never inline
 * otherwise; a page from the page cache lists its own inline scripts' hashes instead of a nonce. NOTE: the development server (Vite, hot reload) injects scripts of its own: no policy there.
 */
export function contentSecurity(options: { development: boolean; siteHosts: readonly string[] }) {
  const framers = ["'self'", ...options.siteHosts.map((host) => `https://${host}`)].join(' ');
  return async (c: Context<AppEnv>, next: Next) => {
    const nonce = randomToken(16, 'base64');
    c.set('cspNonce', nonce);
    await next();
    setAnswerHeader(c, 'Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self)');
    if (options.development) return;
    const frameable = FRAMEABLE_PATHS.has(c.req.path);
    if (frameable) setAnswerHeader(c, 'X-Frame-Options');
    setAnswerHeader(
      c,
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' ${c.var.cspScriptHashes?.join(' ') ?? `'nonce-${nonce}'`}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        `frame-ancestors ${frameable ? framers : "'self'"}`,
      ].join('; '),
    );
  };
}
