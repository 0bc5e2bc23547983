import { expect, test } from './support/fixtures';

test('home carousels show 4 per view and autoplay at 5, 6 and 10 seconds', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const carousels = page.locator('section.carousel');
  await expect(carousels).toHaveCount(3);
  const viewport = carousels.first().locator('.carousel__viewport');
  const slide = carousels.first().locator('.carousel__slide').first();
  const vw = (await viewport.boundingBox())!.width;
  const sw = (await slide.boundingBox())!.width;
  expect(Math.round(vw / sw)).toBe(4);

  const offset = (i: number) =>
    carousels
      .nth(i)
      .locator('.carousel__track')
      .evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
  await expect(carousels.first().getByRole('button', { name: /^Pause / })).toBeVisible();
  const start = [await offset(0), await offset(1), await offset(2)];
  await page.clock.runFor(5_100);
  await expect.poll(() => offset(0)).not.toBe(start[0]);
  expect(await offset(1)).toBe(start[1]);
  await page.clock.runFor(1_000);
  await expect.poll(() => offset(1)).not.toBe(start[1]);
  expect(await offset(2)).toBe(start[2]);
  await page.clock.runFor(4_000);
  await expect.poll(() => offset(2)).not.toBe(start[2]);
});

test('a carousel can be paused and moved by keyboard', async ({ page }) => {
  await page.goto('/');
  const carousel = page.locator('section.carousel').first();
  const pause = carousel.getByRole('button', { name: /^Pause / });
  await pause.focus();
  await page.keyboard.press('Enter');
  await expect(carousel.getByRole('button', { name: /^Play / })).toBeVisible();
  await carousel.getByRole('button', { name: /^Next / }).press('Enter');
  await expect(carousel.getByRole('button', { name: /^Previous / })).toBeEnabled();
});
