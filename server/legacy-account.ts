import { escapeHtml } from '../domain/html';
import { scriptJson } from '../http/script-json';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  LEGACY_DETAILS_PATH,
  LEGACY_HASH_PAGES,
  LEGACY_LISTS_PATH,
  LEGACY_PLAIN_REDIRECTS,
} from '../domain/legacy-account';
import type { AppEnv } from './types';

// Legacy account paths (CONTRACT.md "Legacy paths", SPEC §2 "Account routes (new) and legacy mapping").
// - Paths without a hash redirect on the server (302) to their new route.
// - account_details.jsp and account_lists.jsp depend on the hash, which never reaches the server: they
//   answer a tiny page whose inline script reads location.hash and location.replace()s to the new
//   route (with a <noscript> link to the page's default route).
// - On test hosts the new routes map back to the legacy details page, so there it falls through to React
//   Router (app/routes/account/legacy-details.tsx), which renders the account area instead of redirecting.
// Either way the account guard then sends a visitor who is not Hard Logged-In to /login.

function hashRedirectPage(c: Context<AppEnv>, legacyPath: string) {
  const page = LEGACY_HASH_PAGES[legacyPath];
  if (!page) return c.notFound();
  const brand = escapeHtml(c.var.ctx.site.brand.name);
  const fallback = escapeHtml(page.fallback);
  // NOTE: the hash decides the target, so only the browser can redirect; the table is ours, never input.
  const script = `(function(){var m=${scriptJson(page.byHash)};var t=Object.prototype.hasOwnProperty.call(m,location.hash)?m[location.hash]:${scriptJson(page.fallback)};location.replace(t);})();`;
  const html = `<!doctype html><html lang="${escapeHtml(c.var.ctx.site.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>My account | ${brand}</title><script nonce="${c.var.cspNonce}">${script}</script></head><body><main><h1>Your account has moved</h1><p>Taking you to your account…</p><noscript><p><a href="${fallback}">Go to your account</a></p></noscript></main></body></html>`;
  return c.html(html, 200, { 'Cache-Control': 'no-cache' });
}

export const legacyAccountRoutes = new Hono<AppEnv>();

for (const [legacyPath, target] of Object.entries(LEGACY_PLAIN_REDIRECTS)) {
  legacyAccountRoutes.get(legacyPath, (c) => c.redirect(target, 302));
}

legacyAccountRoutes.get(LEGACY_LISTS_PATH, (c) => hashRedirectPage(c, LEGACY_LISTS_PATH));

legacyAccountRoutes.get(LEGACY_DETAILS_PATH, async (c, next) => {
  if (c.var.ctx.isTestHost) {
    await next();
    return;
  }
  return hashRedirectPage(c, LEGACY_DETAILS_PATH);
});
