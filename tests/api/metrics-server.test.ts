import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, freePort, startBuiltServer } from '../support/built-server';

// The metrics of a whole process (server/serve.ts): on METRICS_PORT alone, never on the shop's port; a page is
// labelled by its React Router route id, rendered or from the page cache, and the label's header never reaches the
// browser.

const HOST = 'law-au.localhost';
let built: BuiltServer;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  built = await startBuiltServer({ METRICS_PORT: String(metricsPort) });
}, 150_000);

afterAll(() => {
  if (built.process.exitCode === null) built.process.kill('SIGKILL');
});

const page = (path: string) =>
  fetch(`http://127.0.0.1:${built.port}${path}`, { headers: { host: HOST, cookie: 'age_verified=1' } });

describe('the metrics port', () => {
  it('labels pages by route, counts the page cache, and is not on the shop’s port', async () => {
    // The product's own address (/product/D0001 redirects to it).
    const path = new URL((await page('/product/D0001')).url).pathname;
    const first = await page(path);
    const second = await page(path);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get('x-cache')).toBe('hit');
    // The route's name is for the metrics alone.
    for (const answer of [first, second]) expect(answer.headers.get('x-route')).toBeNull();
    expect((await page('/wines?name=red-wine')).status).toBe(200);

    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const m = await scraped.text();
    expect(m).toMatch(
      /^storefront_http_request_duration_seconds_count\{route="routes\/product",method="GET",status="2xx"\} 3$/m,
    );
    expect(m).toMatch(/^storefront_http_request_duration_seconds_count\{route="routes\/[\w/.-]+",method="GET"/m);
    expect(m).toMatch(/^storefront_page_cache_answers_total\{state="hit"\} [1-9]/m);
    expect(m).toMatch(/^storefront_page_cache_answers_total\{state="miss"\} [1-9]/m);
    expect(m).not.toContain('D0001');
    expect(m).not.toContain('red-wine');

    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    // The shop's own port has no metrics.
    expect((await page('/metrics')).status).toBe(404);
  }, 60_000);
});
