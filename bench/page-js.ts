import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROME_PATH } from '../tests/support/chromium';
import { measurePageScripts, PAGE_JS_BUDGETS } from '../tests/support/page-js';
import { startServer } from './server';

// JavaScript a shopper's browser loads per page, as gzip bytes (what crosses the wire with compression), beside
// each page type's budget (tests/support/page-js.ts): `npm run bench:js` (after `npm run build`). An English and
// a Chinese product page show that a page loads only its own message catalogue. `--scripts` lists each script.

const port = Number(process.env.BENCH_PORT ?? 3290);
const listScripts = process.argv.includes('--scripts');

const server = await startServer(port);
const browser = await chromium.launch({ executablePath: TEST_CHROME_PATH, args: CHROMIUM_ARGS });
try {
  console.log('page                 scripts   gzip KB   budget KB   brotli KB (sent)   catalogue chunks');
  for (const { label, site, path, budgetKb } of PAGE_JS_BUDGETS) {
    const context = await browser.newContext();
    const { scripts, totalKb, brotliKb } = await measurePageScripts(context, `http://${site}.localhost:${port}${path}`);
    const catalogues = scripts.filter((s) => /\/messages-[^/]+\.js$/.test(s.url));
    const catalogueKb = catalogues.reduce((s, c) => s + c.gzip, 0) / 1024;
    console.log(
      `${label.padEnd(20)} ${String(scripts.length).padStart(7)} ${totalKb.toFixed(1).padStart(9)} ${String(budgetKb).padStart(11)} ${brotliKb.toFixed(1).padStart(18)}   ${catalogues.length} (${catalogueKb.toFixed(1)} KB)${totalKb > budgetKb ? '   OVER BUDGET' : ''}`,
    );
    if (listScripts) {
      for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`    ${(s.gzip / 1024).toFixed(1).padStart(6)}  ${new URL(s.url).pathname}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
