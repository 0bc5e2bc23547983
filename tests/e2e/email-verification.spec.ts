import { expect, expectAccessible, gotoHydrated, siteUrl, test } from './support/fixtures';

// A new account is asked to confirm its email address, and can have the link sent again; the link's page confirms
// with a button (a post), and says plainly when a link is no longer valid.

test.describe('confirming the email address', { tag: '@db' }, () => {
  test('a new account sees the notice and sends the link again; a demo account sees none', async ({ page }) => {
    await gotoHydrated(page, '/registration');
    const form = page.getByRole('region', { name: 'Create an account' });
    await form.getByLabel('First name').fill('Vera');
    await form.getByLabel('Last name').fill('Fy');
    const email = `vera.${Date.now()}@example.com`;
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Password').fill('Vintage2027');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');

    const notice = page.getByRole('region', { name: 'Please confirm your email address' });
    await expect(notice).toContainText(`We sent a link to ${email}.`);
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await expect(notice.getByRole('status')).toHaveText('We have sent a new link to your email address.');
  });

  test('a link that is no longer valid says so, in Chinese on hlw-hk', async ({ page }) => {
    await gotoHydrated(page, '/verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This link is no longer valid. Please ask for a new one from your account.',
    );

    await gotoHydrated(page, siteUrl('hlw-hk', '/verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    await page.getByRole('button', { name: '確認我的電郵地址' }).click();
    await expect(page.getByRole('alert')).toHaveText('此連結已失效。請在你的帳戶中索取新連結。');
  });
});
