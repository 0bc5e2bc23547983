import { readFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import { SITE_IDS } from '../../../domain/sites';
import { E2E_OPERATOR_TOKEN } from '../../support/operator-token';
import type { ApiEnvelope, ApiProduct } from './api-types';
import { CartPage } from './cart';
import { gotoHydrated, installHydrationProbe } from './hydration';

export { CartPage } from './cart';
export { pageApi } from './page-api';
export { gotoHydrated, reloadHydrated, waitForHydration } from './hydration';
export type * from './api-types';

export const PORT = Number(process.env.E2E_PORT ?? 3210);

export function siteUrl(site: string, path = '/'): string {
  return `http://${site}.localhost:${PORT}${path}`;
}

/** A console error or uncaught page error seen during a test. */
interface PageProblem {
  kind: 'console.error' | 'pageerror';
  text: string;
  /** The script or resource it is about (for "Failed to load resource", the resource's URL). */
  url: string;
}

/**
 * Errors no test needs to name. NOTE: the helpers set cookies and call the API from a light page of the
 * site, robots.txt; for a document with no <link rel="icon"> Chromium asks for /favicon.ico, which the
 * server does not have (the HTML pages link /favicon.svg).
 */
const ALWAYS_ALLOWED = [
  /^console\.error: Failed to load resource: .* 404 .*\/favicon\.ico\)$/,
  // The demo catalogue points a few products at images that do not exist (db/demo/catalogue.ts), so the
  // pages show SPEC §8's placeholder; the browser still reports the failed image.
  /^console\.error: Failed to load resource: .* 404 .*\/images\/products\/missing\/[^/]+\.svg\)$/,
];

const describe = (p: PageProblem) => `${p.kind}: ${p.text}${p.url ? ` (${p.url})` : ''}`;

interface Fixtures {
  /** Every test starts past the age gate unless it asks otherwise (test.use({ ageVerified: false })). */
  ageVerified: boolean;
  /**
   * Every test starts with the email-capture modal closed for good (its cookie), so a 30 s timer never
   * covers a page mid-test; email-capture tests ask otherwise (test.use({ emailCaptureClosed: false })).
   */
  emailCaptureClosed: boolean;
  /**
   * A test fails when the page logs a console error or throws, unless the test said it expects that error:
   * allowConsoleErrors(/pattern/) — matched against "console.error: <text> (<url>)" or "pageerror: <message>".
   * NOTE: Chromium logs "Failed to load resource: ... status of 500" for every 4xx/5xx answer, so a test
   * that provokes one names it.
   */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
  /** The cart page object (API set-up, cart page, mini cart). */
  cart: CartPage;
}

export const test = base.extend<Fixtures>({
  ageVerified: [true, { option: true }],
  emailCaptureClosed: [true, { option: true }],
  context: async ({ context, ageVerified, emailCaptureClosed }, use) => {
    await installHydrationProbe(context);
    if (emailCaptureClosed) {
      await context.addCookies(
        SITE_IDS.flatMap((site) => [
          { name: 'emailCaptureClosed', value: '1', url: siteUrl(site) },
          { name: 'emailCaptureClosed', value: '1', url: `http://${site}.test.localhost:${PORT}/` },
        ]),
      );
    }
    if (ageVerified) {
      await context.addCookies(
        SITE_IDS.flatMap((site) => [
          { name: 'age_verified', value: '1', url: siteUrl(site) },
          { name: 'age_verified', value: '1', url: `http://${site}.test.localhost:${PORT}/` },
        ]),
      );
    }
    await use(context);
  },
  allowConsoleErrors: [
    async ({ context }, use, testInfo) => {
      const problems: PageProblem[] = [];
      const allowed: RegExp[] = [...ALWAYS_ALLOWED];
      context.on('console', (message) => {
        if (message.type() === 'error')
          problems.push({ kind: 'console.error', text: message.text(), url: message.location().url });
      });
      context.on('weberror', (error) => {
        problems.push({ kind: 'pageerror', text: String(error.error().stack ?? error.error()), url: '' });
      });
      await use((...patterns) => allowed.push(...patterns));
      const unexpected = problems.map(describe).filter((line) => !allowed.some((pattern) => pattern.test(line)));
      if (unexpected.length === 0) return;
      // A test that already failed keeps its own error; the page's errors go along as a note.
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('console errors', { body: unexpected.join('\n'), contentType: 'text/plain' });
        return;
      }
      expect(unexpected, 'console errors and page errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  cart: async ({ page }, use) => {
    await use(new CartPage(page));
  },
});

export { expect };

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * axe-core's minified build, which sets `window.axe`. NOTE: the package's `axe.source` is its unminified build, 1.5 MB
 * against 0.65 MB: a page took 250–290 ms to take it in and 165–200 ms for this one.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** A violation as the check reports it: its rule, what it asks, and the first elements found. */
interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe check: no serious or critical WCAG 2.x A/AA violations on what the page shows now (within `include`, a
 * selector, when given).
 * NOTE: axe-core goes into the page once per document and `axe.run` checks the page itself (the pages have no frames),
 * with only violations coming back, cut down to what the message names. `@axe-core/playwright` evaluated all of axe's
 * source twice per check, in its legacy mode too (decision 029).
 */
export async function expectAccessible(page: Page, include?: string) {
  // NOTE: the @db pass on PostgreSQL (tests/run.ts) sets E2E_AXE=off: the full pass on PGlite has checked the same
  // pages, whose markup does not depend on the database, and axe takes about a quarter of a browser test's time.
  if (process.env.E2E_AXE === 'off') return;
  const injected = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!injected) await page.evaluate(AXE_SOURCE);
  const findings = await page.evaluate(
    async ({ include, tags }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const results = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map(
        (v): AxeFinding => ({
          id: v.id,
          impact: v.impact ?? null,
          help: v.help,
          targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
        }),
      );
    },
    { include, tags: AXE_TAGS },
  );
  const serious = findings.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`)).toEqual([]);
}

export async function pageData(page: Page) {
  return page.evaluate(() => (window as unknown as { pageData: Record<string, string> }).pageData);
}

export async function dataLayer(page: Page) {
  return page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer);
}

/**
 * GET a JSON API path as the given site. NOTE: Node cannot resolve `{site}.localhost` (Chromium can),
 * so this goes to 127.0.0.1 with the site's Host header.
 */
export function apiGet<T = unknown>(path: string, site = 'law-au'): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        headers: { host: `${site}.localhost:${PORT}`, accept: 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A server's answer to `siteRequest`. */
export interface Answer {
  status: number;
  location?: string;
  headers: IncomingHttpHeaders;
  body: string;
  cookies: string[];
}

/**
 * A request to the server as the given site, outside any browser (age gate passed), with the cookies given; redirects
 * are not followed. NOTE: Node cannot resolve `{site}.localhost`, so it goes to 127.0.0.1 with the site's Host.
 */
export function siteRequest(site: string, path: string, cookie = '', method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${site}.localhost:${PORT}`, cookie: `age_verified=1; ${cookie}` };
    if (body) {
      headers['content-type'] = 'application/json';
      headers.origin = `http://${site}.localhost:${PORT}`;
    }
    const req = httpRequest({ host: '127.0.0.1', port: PORT, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          headers: res.headers,
          body: text,
          cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? ''),
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The API's product (SPEC §3 shape) for an item code. */
export async function apiProduct(itemCode: string, site = 'law-au'): Promise<ApiProduct> {
  const { status, body } = await apiGet<ApiEnvelope<ApiProduct>>(`/api/product/item/${itemCode}`, site);
  expect(status, `product ${itemCode}`).toBe(200);
  return body.response;
}

/**
 * Fakes the page's clock and stops it, so timers (2 s, 1.5 s, 3 s, 10 s, 500 ms) only move when the
 * test calls page.clock.runFor().
 */
export async function pauseClock(page: Page) {
  const t0 = new Date('2026-11-22T10:00:00Z');
  await page.clock.install({ time: t0 });
  await page.clock.pauseAt(new Date(t0.getTime() + 1_000));
}

export const DEMO_PASSWORD = 'Vintage2026';

/** An email address no other test (nor an earlier run on the same database) uses. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Logs the browser context in as a demo customer through the real API (cookies land in the context).
 * NOTE: page.request cannot resolve `{site}.localhost` from Node, so the call runs inside the page, on a
 * light same-origin page (robots.txt) of the site.
 */
export async function logIn(
  page: Page,
  email: string,
  options: { site?: string; host?: string; password?: string } = {},
) {
  const origin = options.host
    ? `http://${options.host}:${PORT}`
    : siteUrl(options.site ?? 'law-au', '').replace(/\/$/, '');
  await page.goto(`${origin}/robots.txt`);
  const status = await page.evaluate(
    async ({ email, password }) => {
      const res = await fetch('/api/authentication/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return res.status;
    },
    { email, password: options.password ?? DEMO_PASSWORD },
  );
  expect(status).toBe(200);
}

/** Creates an account through the registration page's form, as a shopper does; the page then opens /account. */
export async function registerThroughForm(
  page: Page,
  account: { firstName: string; lastName: string; email: string; password: string },
) {
  await gotoHydrated(page, '/registration');
  const form = page.getByRole('region', { name: 'Create an account' });
  await form.getByLabel('First name').fill(account.firstName);
  await form.getByLabel('Last name').fill(account.lastName);
  await form.getByLabel('Email address').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/account');
}

/**
 * The operator API, as `npm run orders` calls it through a running server, as a demo manager (or `staff`): answers
 * the HTTP status.
 */
export function operatorMove(
  orderNumber: string,
  move: string,
  body: Record<string, unknown>,
  staff = 'manager@staff.example',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `/api/operator/orders/${orderNumber}/${move}`,
        method: 'POST',
        headers: {
          host: `law-au.localhost:${PORT}`,
          authorization: `Bearer ${E2E_OPERATOR_TOKEN}`,
          'x-staff-as': staff,
          'content-type': 'application/json',
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
