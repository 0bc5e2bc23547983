import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BrowserContext } from '@playwright/test';

/**
 * The JavaScript budget of each page type, in KB of gzip (level 9) over every script the page loads until the
 * network is idle: the one place they are written. `tests/e2e/js-budget.spec.ts` fails when a page grows past
 * its budget; `npm run bench:js` prints each figure beside it. Lower a budget when a page shrinks.
 */
export const PAGE_JS_BUDGETS = [
  { label: 'home', site: 'law-au', path: '/', budgetKb: 144 },
  { label: 'listing', site: 'law-au', path: '/wines?name=red-wine', budgetKb: 136 },
  { label: 'search', site: 'law-au', path: '/wines?Ntt=shiraz&Nty=1', budgetKb: 136 },
  { label: 'product', site: 'law-au', path: '/product/D0001', budgetKb: 140 },
  { label: 'cart', site: 'law-au', path: '/cart', budgetKb: 142 },
  { label: 'content', site: 'law-au', path: '/about-us', budgetKb: 130 },
  { label: 'product (zh-HK)', site: 'law-hk', path: '/product/D0001', budgetKb: 154 },
] as const;

export interface PageScripts {
  /** Scripts loaded, each with its gzip size in bytes, and its brotli size (what the server sends: vite.config.ts). */
  scripts: { url: string; gzip: number; br: number }[];
  totalKb: number;
  brotliKb: number;
}

/**
 * Loads `url` in a new page of `context` (age gate passed) and measures the scripts it loaded once its message
 * catalogue (which hydration waits for) has come and the network is idle: every script address the page's
 * resource timing lists, fetched again and gzipped.
 * NOTE: the bodies of the page's own responses are not reliable for this (Chromium reports some module
 * scripts with an empty body), so each address is fetched once more.
 */
export async function measurePageScripts(context: BrowserContext, url: string): Promise<PageScripts> {
  await context.addCookies([{ name: 'age_verified', value: '1', url }]);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/messages-[^/]+\.js$/.test(e.name)),
  );
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => new URL(name).pathname.endsWith('.js')),
    ),
  ]);
  await page.close();
  const scripts = await Promise.all(
    urls.map(async (scriptUrl) => {
      // Assets are the same on every site: ask the loopback address (Node does not resolve *.localhost).
      const { port, pathname } = new URL(scriptUrl);
      const res = await fetch(`http://127.0.0.1:${port}${pathname}`);
      const content = Buffer.from(await res.arrayBuffer());
      return {
        url: scriptUrl,
        gzip: gzipSync(content, { level: 9 }).length,
        br: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    }),
  );
  return {
    scripts,
    totalKb: scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024,
    brotliKb: scripts.reduce((sum, s) => sum + s.br, 0) / 1024,
  };
}
