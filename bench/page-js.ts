import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROME_PATH, CHROMIUM_ARGS } from '../tests/support/chromium';
import { startServer } from './server';

// JavaScript a shopper's browser loads per page, as gzip bytes (what crosses the wire with compression):
// `npm run bench:js` (after `npm run build`). Sites: an English and a Chinese one, to show a page loads only
// its own message catalogue.

const port = Number(process.env.BENCH_PORT ?? 3290);
const PAGES = [
  ['law-au', '/', 'home'],
  ['law-au', '/wines?name=red-wine', 'listing'],
  ['law-au', '/product/D0001', 'product'],
  ['law-au', '/cart', 'cart'],
  ['law-hk', '/product/D0001', 'product (zh-HK)'],
] as const;

const server = await startServer(port);
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
try {
  console.log('page                 scripts   gzip KB   catalogue chunks');
  for (const [site, path, label] of PAGES) {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'age_verified', value: '1', url: `http://${site}.localhost:${port}` }]);
    const page = await context.newPage();
    const bodies: Promise<{ url: string; gzip: number; text: string }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      bodies.push(
        res.body().then((b) => ({ url: res.url(), gzip: gzipSync(b, { level: 9 }).length, text: b.toString() })),
      );
    });
    await page.goto(`http://${site}.localhost:${port}${path}`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const catalogues = scripts.filter((s) => /\/messages-[^/]+\.js$/.test(s.url));
    console.log(
      `${label.padEnd(20)} ${String(scripts.length).padStart(7)} ${(total / 1024).toFixed(1).padStart(9)}   ${catalogues.length} (${(catalogues.reduce((s, c) => s + c.gzip, 0) / 1024).toFixed(1)} KB)`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
