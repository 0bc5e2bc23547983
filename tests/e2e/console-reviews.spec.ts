import type { Browser, Page } from '@playwright/test';
import { orderBody } from '../support/checkout-input';
import { CONSOLE, signIn, withoutJavaScript } from './support/console';
import { expect, expectAccessible, gotoHydrated, pageApi, siteUrl, test, uniqueEmail } from './support/fixtures';

// The console's reviews and campaigns (CONTRACT.md `/admin/reviews`, `/admin/content`): a manager clears the reviews a
// customer wrote (approves one, rejects the others at once, without JavaScript) and the approved one is on its
// product's page; previews the draft campaign through the storefront's own page, publishes it, and a shopper opens it.
// The owner's account does the manager's work here: each account's sign-ins wait for a code step of their own
// (support/console.ts), and the manager's account is the other console tests'.

const WINES = ['D0003', 'W00012', 'W00027'];

async function staffPage(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 1366 } });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Fits a 390 px phone: nothing wider than the window. */
async function expectPhoneFit(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1024, height: 1366 });
}

test('a manager clears the customer’s reviews: one approved is on its product page, the others rejected at once', {
  tag: '@db',
}, async ({ page, browser }) => {
  test.setTimeout(300_000);
  // A customer buys three wines and reviews each.
  const email = uniqueEmail('reviewer');
  await page.goto(siteUrl('law-au', '/robots.txt'));
  const registered = await pageApi(page, 'POST', '/api/authentication/register', {
    firstName: 'Rhea',
    lastName: 'Vance',
    email,
    password: 'Cellar2026x',
  });
  expect(registered.status).toBe(200);
  for (const code of WINES) expect((await pageApi(page, 'PUT', `/api/cart/itemcode/${code}/1`)).status).toBe(200);
  expect((await pageApi(page, 'POST', '/api/checkout/order', orderBody({ email }))).status).toBe(200);
  const titles = WINES.map((code) => `Console check ${code} ${email}`);
  const ids: number[] = [];
  for (const [i, code] of WINES.entries()) {
    const res = await pageApi<{ id: number }>(page, 'PUT', `/api/user/reviews/${code}`, {
      rating: 5 - i,
      title: titles[i],
      body: 'Tasted with the family over a long lunch.',
    });
    expect(res.status).toBe(200);
    ids.push(res.body.response.id);
  }

  const manager = await staffPage(browser, 'owner@staff.example');
  await expect(manager.getByRole('link', { name: 'Reviews waiting' })).toBeVisible();
  await manager.getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  for (const title of titles) await expect(manager.getByRole('heading', { name: title })).toBeVisible();
  const first = manager.getByRole('article', { name: titles[0] });
  await expect(first).toContainText('Rhea V.');
  await expect(first).toContainText('Rated 5 out of 5');
  await expect(first).toContainText('Tasted with the family over a long lunch.');
  await expectAccessible(manager);
  await expectPhoneFit(manager);

  // One approved with its own button.
  await manager.getByRole('button', { name: `Approve review #${ids[0]}` }).click();
  await expect(manager.getByRole('status')).toHaveText('One review approved: it shows on its product page now.');
  await expect(manager.getByRole('heading', { name: titles[0] })).toHaveCount(0);

  // Nothing ticked: the page says what to do, beside the buttons.
  await manager.getByRole('button', { name: 'Reject ticked' }).click();
  await expect(manager.getByRole('alert').filter({ hasText: 'Choose at least one review' })).toBeVisible();
  await expectAccessible(manager);

  // The others ticked and rejected at once, without JavaScript.
  const plain = await withoutJavaScript(browser, manager);
  await plain.goto(`${CONSOLE}/reviews`);
  for (const id of ids.slice(1)) await plain.getByLabel(`Select review #${id}`).check();
  await plain.getByRole('button', { name: 'Reject ticked' }).click();
  await expect(plain.getByRole('status')).toHaveText('2 reviews rejected.');
  for (const title of titles) await expect(plain.getByRole('heading', { name: title })).toHaveCount(0);
  await plain.context().close();

  // The approved review is on its product's page (a shopper's, through the page cache), the rejected are not.
  await gotoHydrated(page, '/product/D0003');
  await expect(page.locator('.reviews')).toContainText(titles[0] ?? '');
  await gotoHydrated(page, '/product/W00012');
  await expect(page.locator('.reviews')).not.toContainText(titles[1] ?? '');
});

test('a manager previews the draft campaign, publishes it, and a shopper opens it', { tag: '@db' }, async ({
  page,
  browser,
  allowConsoleErrors,
}) => {
  test.setTimeout(240_000);
  allowConsoleErrors(/status of 404 .*\/campaign\?name=vintage-release/);
  // A draft: the shop's 404 page to a shopper, with or without preview=true.
  expect((await page.goto('/campaign?name=vintage-release'))?.status()).toBe(404);
  expect((await page.goto('/campaign?name=vintage-release&preview=true'))?.status()).toBe(404);

  const manager = await staffPage(browser, 'owner@staff.example');
  await manager.getByRole('link', { name: 'Campaigns' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  const row = manager.getByRole('row', { name: /The new vintage/ });
  await expect(row).toContainText('Draft');
  await expectAccessible(manager);
  await expectPhoneFit(manager);
  await row.getByRole('link', { name: 'The new vintage' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: 'The new vintage' })).toBeVisible();
  await expectAccessible(manager);
  await expectPhoneFit(manager);

  // The preview is the storefront's own campaign page, shown to the signed-in manager only.
  await manager.getByRole('link', { name: 'Preview as a shopper sees it' }).click();
  await expect(manager.locator('.campaign__preview')).toHaveText(
    'Preview: this campaign is a draft and shoppers cannot see it yet.',
  );
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText("This year's vintage has landed");
  await expectAccessible(manager);
  await manager.goBack();

  await manager.getByRole('button', { name: 'Publish' }).click();
  await expect(manager.getByRole('status')).toHaveText('Published: shoppers see the campaign now.');
  await expect(manager.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  const opened = await page.goto('/campaign?name=vintage-release');
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("This year's vintage has landed");
  await expect(page.locator('.campaign__preview')).toHaveCount(0);

  // Without JavaScript: unpublished (shoppers get the 404 page again), then published again.
  const plain = await withoutJavaScript(browser, manager);
  await plain.goto(`${CONSOLE}/content/vintage-release`);
  await plain.getByRole('button', { name: 'Unpublish' }).click();
  await expect(plain.getByRole('status')).toHaveText(
    'Unpublished: the campaign is a draft again and shoppers no longer see it.',
  );
  expect((await page.goto('/campaign?name=vintage-release'))?.status()).toBe(404);
  await plain.getByRole('button', { name: 'Publish' }).click();
  await expect(plain.getByRole('status')).toHaveText('Published: shoppers see the campaign now.');
  expect((await page.goto('/campaign?name=vintage-release'))?.status()).toBe(200);
  await plain.context().close();
});
