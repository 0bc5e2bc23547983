import { expect, expectAccessible, gotoHydrated, logIn, test } from './support/fixtures';

// SPEC §7 review service in the browser: a customer who bought the wine writes a review on its product page; it
// waits for a moderator (the publication half is tests/api/reviews.test.ts); authors have their own page.

test('a customer who bought the wine reviews it; the form checks first and the review waits', async ({ page }) => {
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

test('no review form for a wine the customer has not bought, nor for a prospect', async ({ page }) => {
  await gotoHydrated(page, '/product/D0001');
  await expect(page.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
  await logIn(page, 'shopper@example.com');
  await gotoHydrated(page, '/product/X0001');
  await expect(page.getByRole('heading', { name: 'Customer reviews' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);
});

test("a review's author links to the author's page of published reviews", async ({ page }) => {
  await gotoHydrated(page, '/product/D0001');
  const authorLink = page.locator('.reviews .reviews__meta a').first();
  const author = (await authorLink.textContent()) ?? '';
  await authorLink.click();
  await expect(page).toHaveURL(/\/reviews\/author\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reviews by ${author}`);
  await expect(page.locator('.reviews li').first()).toBeVisible();
  await expectAccessible(page);
});
