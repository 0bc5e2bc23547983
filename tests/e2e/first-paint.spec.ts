import { expect, gotoHydrated, siteUrl, test } from './support/fixtures';

// A page paints before any of its scripts is requested (app/entry.server.tsx, scriptsAfterFirstPaint): a phone
// shows the page and fetches the images in view first. Then the scripts come, the page hydrates and works.

for (const [label, path] of [
  ['home', '/'],
  ['listing', '/wines?name=red-wine'],
  ['product', '/product/D0001'],
] as const) {
  test(`the ${label} page paints before it requests a script, then hydrates`, async ({ page, context, cart }) => {
    const url = siteUrl('law-au', path);
    await context.addCookies([{ name: 'age_verified', value: '1', url }]);
    await gotoHydrated(page, url);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => /\.js(\?|$)/.test(e.name))
        .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime })),
    }));
    expect(timing.firstPaint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(5);
    const early = timing.scripts.filter((s) => s.start < (timing.firstPaint ?? 0));
    expect(early, `first paint at ${timing.firstPaint} ms`).toEqual([]);
    // The page's modules were preloaded (together, not one import after another) and the page works.
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(5);
    await page
      .getByRole('button', { name: /^Add (a case of 12|to cart)/ })
      .first()
      .click();
    await expect.poll(async () => (await cart.get()).numBottles).toBeGreaterThan(0);
  });
}
