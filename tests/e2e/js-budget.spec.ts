import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { measurePageScripts, PAGE_JS_BUDGETS } from '../support/page-js';
import { expect, PORT, siteUrl, test } from './support/fixtures';

// Each page type stays within its JavaScript budget (tests/support/page-js.ts), and a page loads only its own
// locale's message catalogue.
for (const { label, site, path, budgetKb } of PAGE_JS_BUDGETS) {
  test(`the ${label} page loads at most ${budgetKb} KB of JavaScript`, async ({ context }) => {
    const { scripts, totalKb } = await measurePageScripts(context, siteUrl(site, path));
    const biggest = [...scripts]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 8)
      .map((s) => `${(s.gzip / 1024).toFixed(1)} KB ${new URL(s.url).pathname}`);
    expect(totalKb, `scripts loaded, biggest first:\n${biggest.join('\n')}`).toBeLessThanOrEqual(budgetKb);
    expect(scripts.filter((s) => /\/messages-[^/]+\.js$/.test(s.url))).toHaveLength(1);
  });
}

/** The raw bytes and encoding the server sends for `path` when the client accepts `acceptEncoding`. */
function rawGet(path: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: PORT,
        path,
        headers: { host: `law-au.localhost:${PORT}`, 'accept-encoding': acceptEncoding },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test('built scripts leave compressed as built: brotli, else gzip, else whole', async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined }[] = [];
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname.startsWith('/assets/'))
      scripts.push({ url: res.url(), encoding: (await res.allHeaders())['content-encoding'] });
  });
  await page.goto('/product/D0001');
  await page.waitForLoadState('networkidle');
  // The browser (which offers brotli on localhost, as on https) got every built file as brotli.
  expect(scripts.length).toBeGreaterThan(5);
  expect(scripts.filter((s) => s.encoding !== 'br')).toEqual([]);

  const framework = scripts.map((s) => new URL(s.url).pathname).find((p) => p.includes('/framework-'));
  expect(framework).toBeDefined();
  const whole = await rawGet(framework!, '');
  expect(whole.encoding).toBeUndefined();
  const br = await rawGet(framework!, 'gzip, deflate, br');
  expect(br.encoding).toBe('br');
  expect(brotliDecompressSync(br.body).equals(whole.body)).toBe(true);
  const gz = await rawGet(framework!, 'gzip');
  expect(gz.encoding).toBe('gzip');
  expect(gunzipSync(gz.body).equals(whole.body)).toBe(true);
  // Brotli at its highest level: smaller than gzip at its highest, which on-the-fly compression does not use.
  expect(br.body.length).toBeLessThan(gzipSync(whole.body, { level: 9 }).length * 0.9);
});
