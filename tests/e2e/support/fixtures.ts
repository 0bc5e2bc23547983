import AxeBuilder from '@axe-core/playwright';
import { request as httpRequest } from 'node:http';
import { test as base, expect, type Page } from '@playwright/test';
import { SITE_IDS } from '../../../domain/sites';

export const PORT = Number(process.env.E2E_PORT ?? 3210);

export function siteUrl(site: string, path = '/'): string {
  return `http://${site}.localhost:${PORT}${path}`;
}

/** Every test starts past the age gate unless it asks otherwise (test.use({ ageVerified: false })). */
export const test = base.extend<{ ageVerified: boolean }>({
  ageVerified: [true, { option: true }],
  context: async ({ context, ageVerified }, use) => {
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
});

export { expect };

/** axe check: no serious or critical WCAG 2.x A/AA violations on what the page shows now. */
export async function expectAccessible(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
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
export function apiGet(path: string, site = 'law-au'): Promise<{ status: number; body: any }> {
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

/** The API's product (SPEC §3 shape) for an item code. */
export async function apiProduct(itemCode: string, site = 'law-au') {
  const { body } = await apiGet(`/api/product/item/${itemCode}`, site);
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
