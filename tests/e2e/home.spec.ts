import { expect, expectAccessible, gotoHydrated, test } from './support/fixtures';

test('home carousels show 4 per view and autoplay at 5, 6 and 10 seconds', async ({ page }) => {
  const t0 = new Date('2026-11-22T09:00:00Z');
  await page.clock.install({ time: t0 });
  await page.setViewportSize({ width: 1280, height: 900 });
  // A carousel's engine loads, and its autoplay starts, when it comes near the viewport: bring each into view,
  // then freeze time (the page's clock has run for as long as that took).
  await gotoHydrated(page, '/');
  const carousels = page.locator('section.carousel');
  await expect(carousels).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await carousels.nth(i).scrollIntoViewIfNeeded();
    await expect(carousels.nth(i).getByRole('button', { name: /^Pause / })).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);

  const viewport = carousels.first().locator('.carousel__viewport');
  const slide = carousels.first().locator('.carousel__slide').first();
  const vw = (await viewport.boundingBox())!.width;
  const sw = (await slide.boundingBox())!.width;
  expect(Math.round(vw / sw)).toBe(4);
  expect(await carousels.evaluateAll((els) => els.map((el) => el.getAttribute('data-autoplay-ms')))).toEqual([
    '5000',
    '6000',
    '10000',
  ]);

  const offsets = () =>
    carousels.evaluateAll((els) =>
      els.map((el) => new DOMMatrix(getComputedStyle(el.querySelector('.carousel__track')!).transform).m41),
    );
  const start = await offsets();
  expect(start).toEqual([0, 0, 0]);
  // Nothing moves before 5 s have passed since autoplay started (well under 3 s ago).
  await page.clock.runFor(1_900);
  expect(await offsets()).toEqual([0, 0, 0]);
  // By 10 s after the start, every carousel has moved on.
  await page.clock.runFor(8_200);
  await expect.poll(async () => (await offsets()).every((x) => x < 0)).toBe(true);
});

test('a carousel can be paused and moved by keyboard', async ({ page }) => {
  await gotoHydrated(page, '/');
  const carousel = page.locator('section.carousel').first();
  const pause = carousel.getByRole('button', { name: /^Pause / });
  await pause.focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('button', { name: /^Play / })).toBeVisible();
  await expect(carousel.getByRole('button', { name: /^Previous / })).toBeDisabled();
  await carousel.getByRole('button', { name: /^Next / }).press('Enter');
  await expect(carousel.getByRole('button', { name: /^Previous / })).toBeEnabled();
  await expectAccessible(page, 'section.carousel');
});

test('the server sends each carousel’s first view; the rest follow as it comes near, numbered of the whole', async ({
  page,
}) => {
  // Each home carousel holds 12 wines; the server renders the first view (4) of each, so the page is a third of the
  // markup. Without script nothing past the first view could be seen: the viewport clips and nothing scrolls.
  await page.setViewportSize({ width: 1280, height: 600 });
  await gotoHydrated(page, '/');
  const html = await page.evaluate(() => fetch('/').then((res) => res.text()));
  const sections = html.split('aria-roledescription="carousel"').slice(1);
  expect(sections).toHaveLength(3);
  for (const section of sections) {
    const labels = [...section.matchAll(/aria-roledescription="slide" aria-label="(\d+) of (\d+)"/g)];
    expect(labels.map((m) => m[1])).toEqual(['1', '2', '3', '4']);
    expect(labels.map((m) => m[2])).toEqual(['12', '12', '12', '12']);
  }

  const carousels = page.locator('section.carousel');
  // The first is in view: its other eight follow at once.
  await expect(carousels.first().locator('.carousel__slide')).toHaveCount(12);
  const last = carousels.last();
  expect((await last.boundingBox())!.y).toBeGreaterThan(600 + 200);
  await expect(last.locator('.carousel__slide')).toHaveCount(4);
  await last.scrollIntoViewIfNeeded();
  await expect(last.locator('.carousel__slide')).toHaveCount(12);
  await expect(last.locator('.carousel__slide').last()).toHaveAttribute('aria-label', '12 of 12');
  // The engine measured all twelve: Next goes on past the first view.
  await expect(last.getByRole('button', { name: /^Next / })).toBeEnabled();
  await last.getByRole('button', { name: /^Next / }).click();
  await expect(last.getByRole('button', { name: /^Previous / })).toBeEnabled();
});

test('mobile home page shows two tiles per view @mobile', async ({ page }) => {
  await page.goto('/');
  const carousel = page.locator('section.carousel').first();
  const vw = (await carousel.locator('.carousel__viewport').boundingBox())!.width;
  const sw = (await carousel.locator('.carousel__slide').first().boundingBox())!.width;
  expect(Math.round(vw / sw)).toBe(2);
  await expectAccessible(page);
});

test('leaving the page while a carousel engine is still loading raises no error', async ({ page }) => {
  // Hold the engine's script back, so that it arrives after its carousel has left the page.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route('**/assets/carousel-engine-*.js', async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await gotoHydrated(page, '/');
  await expect.poll(() => asked).toBe(true);
  const tile = page.locator('section.carousel article.tile').first();
  const name = (await tile.getByRole('heading').textContent()) ?? '';
  await tile.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  release();
  // The fixture fails the test on any page error once the engine has arrived and found no carousel.
  await page.waitForTimeout(1_000);
});
