import { execFileSync } from 'node:child_process';
import { serverDatabaseUrl } from '../support/server-database';
import { expect, expectAccessible, gotoHydrated, logIn, PORT, test } from './support/fixtures';

// SPEC §7 review service in the browser: a customer who bought the wine writes a review on its product page; it
// waits for a moderator; authors have their own page. The moderator's approval runs against the test server's
// database only on PostgreSQL (PGlite admits the server's process alone); tests/api/reviews.test.ts proves the
// publication on both databases.
const databaseUrl = serverDatabaseUrl(PORT);

test('a customer who bought the wine reviews it; the form checks first and the review waits', { tag: '@db' }, async ({
  page,
}) => {
  await logIn(page, 'shopper@example.com');
  await gotoHydrated(page, '/product/D0001');
  const form = page.getByRole('form', { name: 'Write a review' });
  await expect(form).toHaveAttribute('data-ready', 'true');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByRole('alert')).toContainText('Please choose a rating from 1 to 5 stars.');
  await expect(form.getByRole('alert')).toContainText('Please give your review a title.');
  await form.getByLabel('4 stars').check();
  await form.getByLabel('Title').fill('Great with lamb');
  await form.getByLabel('Your review').fill('Dark fruit, soft tannins, lovely with a roast.');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you: your review will appear once our team has checked it.');
  await expect(page.locator('.reviews')).not.toContainText('Great with lamb');
  await expectAccessible(page, '#customer__reviews');

  // Back later: the form holds the review and says where it stands.
  await gotoHydrated(page, '/product/D0001');
  const edit = page.getByRole('form', { name: 'Edit your review' });
  await expect(edit).toHaveAttribute('data-ready', 'true');
  await expect(edit.getByLabel('Title')).toHaveValue('Great with lamb');
  await expect(edit.getByRole('status')).toHaveText('Your review is waiting for our team to check it.');
});

test('once the moderator approves it, the review is published: the form says so and the author page lists it', {
  tag: '@db',
}, async ({ page }) => {
  test.skip(!databaseUrl, 'the moderator’s command needs the server’s database: PostgreSQL only (TEST_DATABASE_URL)');
  await logIn(page, 'shopper@example.com');
  await gotoHydrated(page, '/product/D0002');
  const form = page.getByRole('form', { name: 'Write a review' });
  await expect(form).toHaveAttribute('data-ready', 'true');
  await form.getByLabel('5 stars').check();
  await form.getByLabel('Title').fill('Bright and juicy');
  await form.getByLabel('Your review').fill('Red cherries and a little spice; gone in one evening.');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/user/reviews/D0002'),
  );
  await form.getByRole('button', { name: 'Submit review' }).click();
  const { response } = (await (await saved).json()) as { response: { id: number; status: string } };
  expect(response.status).toBe('pending');

  // The moderator's desk, as an operator runs it (server/reviews-cli.ts).
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/reviews-cli.ts', 'approve', `${response.id}`],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl ?? '', LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  expect(out).toContain(`Review #${response.id} published.`);

  await gotoHydrated(page, '/product/D0002');
  const edit = page.getByRole('form', { name: 'Edit your review' });
  await expect(edit).toHaveAttribute('data-ready', 'true');
  await expect(edit.getByRole('status')).toHaveText(
    'Your review is published. Editing it sends it back to our team to check.',
  );
  // The author page reads published reviews (the product page's list follows within its read-cache minute).
  await gotoHydrated(page, '/reviews/author/olivia-b');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews by Olivia B.');
  await expect(page.locator('.reviews li').filter({ hasText: 'Bright and juicy' })).toBeVisible();
});

test('no review form for a wine the customer has not bought, nor for a prospect', { tag: '@db' }, async ({ page }) => {
  await gotoHydrated(page, '/product/D0001');
  await expect(page.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
  await logIn(page, 'shopper@example.com');
  await gotoHydrated(page, '/product/X0001');
  await expect(page.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
});

test("a review's author links to the author's page of published reviews", { tag: '@db' }, async ({ page }) => {
  await gotoHydrated(page, '/product/D0001');
  const authorLink = page.locator('.reviews .reviews__meta a').first();
  const author = (await authorLink.textContent()) ?? '';
  await authorLink.click();
  await expect(page).toHaveURL(/\/reviews\/author\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reviews by ${author}`);
  await expect(page.locator('.reviews li').first()).toBeVisible();
  await expectAccessible(page);
});
