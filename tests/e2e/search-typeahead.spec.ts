import { SITES } from '../../domain/sites';
import { type ApiEnvelope, apiGet, expect, expectAccessible, gotoHydrated, test } from './support/fixtures';

const BRAND = SITES['law-au'].brand.code;

async function suggestions(): Promise<{ i: string; n: string }[]> {
  const { status, body } = await apiGet<{ i: string; n: string }[]>(`/search/suggestions/${BRAND}.json`);
  expect(status).toBe(200);
  return body;
}

test.describe('search typeahead (SPEC §2, §7)', () => {
  test('one letter shows at most 10 options and announces them; Escape closes, then clears', async ({ page }) => {
    await gotoHydrated(page, '/');
    const box = page.getByRole('combobox', { name: 'Search wines' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.click();
    await box.pressSequentially('a');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');
    const options = list.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    for (const text of await options.allTextContents()) expect(text.toLowerCase()).toContain('a');
    await expect(page.getByRole('status').filter({ hasText: 'suggestions available' })).toHaveText(
      `${count} suggestion${count === 1 ? '' : 's'} available`,
    );

    await expectAccessible(page, 'header');

    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('a');
    await box.press('Escape');
    await expect(box).toHaveValue('');
  });

  test("typing part of D0001's name offers it, linking /product/D0001, and clicking it opens the product", async ({
    page,
  }) => {
    const entry = (await suggestions()).find((s) => s.i === 'D0001');
    expect(entry).toBeTruthy();
    await gotoHydrated(page, '/');
    const box = page.getByRole('combobox', { name: 'Search wines' });
    await box.click();
    // The middle of the name, in another case: matches are case-insensitive substrings.
    const part = entry!.n.slice(1).toUpperCase();
    await box.pressSequentially(part);
    const option = page.getByRole('option', { name: entry!.n, exact: true });
    await expect(option).toBeVisible();
    await expect(option).toHaveAttribute('href', '/product/D0001');
    await option.click();
    await expect(page).toHaveURL(/\/product\/[a-z0-9-]+-\d{4}\/D0001$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(entry!.n.split(' ')[0]!);
  });

  test('arrow keys move the active option and Enter opens it; Enter without one searches', async ({ page }) => {
    await gotoHydrated(page, '/');
    const box = page.getByRole('combobox', { name: 'Search wines' });
    await box.click();
    await box.pressSequentially('b');
    const options = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeGreaterThan(1);

    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
    const href = await options.nth(1).getAttribute('href');
    const code = href?.split('/').pop() ?? '';
    expect(code).toMatch(/^[A-Z0-9]+$/);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/[a-z0-9-]+/${code}$`));

    // Enter with no active option submits the search form as before.
    const word = (await suggestions())[0]!.n.split(' ')[0]!.toLowerCase();
    const box2 = page.getByRole('combobox', { name: 'Search wines' });
    await expect(box2).toHaveValue('');
    await box2.click();
    await box2.pressSequentially(word);
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
    await box2.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/wines\\?Ntt=${encodeURIComponent(word)}&Nty=1$`));
  });

  test('a failed suggestion fetch leaves a plain search box', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource: .* 500 .*\/search\/suggestions\//);
    await page.route('**/search/suggestions/**', (route) => route.fulfill({ status: 500, body: 'nope' }));
    const failed = page.waitForResponse((r) => r.url().includes('/search/suggestions/'));
    await gotoHydrated(page, '/');
    const box = page.getByRole('combobox', { name: 'Search wines' });
    await box.click();
    await box.pressSequentially('merlot');
    await failed;
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/wines\?Ntt=merlot&Nty=1$/);
  });
});

test.describe('similar wines carousel (SPEC §2, §8)', () => {
  test('the product page shows a Similar wines carousel led by the API’s first item', async ({ page }) => {
    const { body } = await apiGet<ApiEnvelope<{ items: { product: string }[] }>>(
      '/jsp/api/us/similar_wines_json.jsp?currentItemCode=D0001',
    );
    expect(body.statusCode).toBe(0);
    expect(body.response.items.length).toBeGreaterThan(0);
    const first = JSON.parse(body.response.items[0]!.product) as {
      name: string;
      vintage?: number | string | null;
      url: string;
    };
    await page.goto('/product/D0001');
    const carousel = page.getByRole('region', { name: 'Similar wines' });
    await expect(carousel).toBeVisible();
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    await expect(carousel).toHaveAttribute('data-autoplay-ms', '6000');
    const firstTitle = carousel.locator('.tile__title').first();
    await expect(firstTitle).toHaveText(first.vintage ? `${first.name} ${first.vintage}` : first.name);
    await expect(firstTitle.getByRole('link')).toHaveAttribute('href', first.url);
    await expect(page.getByRole('heading', { name: 'You may also like' })).toHaveCount(0);
    await expectAccessible(page, '[data-testid="similar-wines"]');
  });

  test('a failed similar-wines fetch hides the carousel', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource: .* 500 .*similar_wines_json\.jsp/);
    await page.route('**/jsp/api/us/similar_wines_json.jsp**', (route) => route.fulfill({ status: 500, body: '{}' }));
    const failed = page.waitForResponse((r) => r.url().includes('similar_wines_json.jsp'));
    await gotoHydrated(page, '/product/D0001');
    await failed;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Similar wines' })).toHaveCount(0);
  });
});
