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

// A browser's first Intl.NumberFormat costs 10–20 ms of the main thread (ICU's number data), which a page paid while
// it hydrated: prices and the counts in plural texts are written without one (domain/money.ts, app/lib/i18n.ts).
for (const [label, path] of [
  ['home', '/'],
  ['listing', '/wines?name=red-wine'],
  ['product', '/product/D0001'],
  ['cart', '/cart'],
] as const) {
  test(`the ${label} page hydrates without making an Intl.NumberFormat`, async ({ page, context, cart }) => {
    const url = siteUrl('law-au', path);
    await context.addCookies([{ name: 'age_verified', value: '1', url }]);
    await cart.addItem('D0001', 2);
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { numberFormatsMade: string[] }).numberFormatsMade = made;
      const Original = Intl.NumberFormat;
      Intl.NumberFormat = new Proxy(Original, {
        construct(target, args: [string?, Intl.NumberFormatOptions?]) {
          made.push(new Error().stack ?? '');
          return new target(...args);
        },
        apply(target, _this, args: [string?, Intl.NumberFormatOptions?]) {
          made.push(new Error().stack ?? '');
          return target(...args);
        },
      });
    });
    await gotoHydrated(page, url);
    await expect(page.locator('.cart-button__count')).toHaveText('2');
    await expect(page.getByText(/\$\d+\.\d\d/).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { numberFormatsMade: string[] }).numberFormatsMade)).toEqual(
      [],
    );
  });
}

// The page's message catalogue is fetched with the page's modules (app/entry.server.tsx), not a round trip after
// them when the i18n module asks for it; the import then finds it loaded.
for (const site of ['law-au', 'hlw-hk'] as const) {
  test(`a ${site} page fetches its own message catalogue beside its modules`, async ({ page, context }) => {
    const url = siteUrl(site, '/product/D0001');
    await context.addCookies([{ name: 'age_verified', value: '1', url }]);
    await gotoHydrated(page, url);
    const preloaded = await page
      .locator('link[rel="modulepreload"][href*="/assets/messages-"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => /\/assets\/(messages|framework)-[^/]+\.js$/.test(e.name))
        .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
    );
    const catalogues = fetched.filter((f) => f.path.includes('/messages-'));
    const framework = fetched.find((f) => f.path.includes('/framework-'));
    expect(catalogues.map((c) => c.path)).toEqual(preloaded);
    expect(preloaded).toHaveLength(1);
    expect(catalogues[0]!.start).toBeLessThanOrEqual(framework!.end);
    // The catalogue is the site's own: the page reads in its language.
    await expect(page.locator('html')).toHaveAttribute('lang', site === 'hlw-hk' ? /^zh/ : /^en/);
  });
}
