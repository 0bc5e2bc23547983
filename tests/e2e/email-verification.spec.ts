import {
  expect,
  expectAccessible,
  gotoHydrated,
  registerThroughForm,
  siteUrl,
  test,
  waitForHydration,
} from './support/fixtures';

// A new account is asked to confirm its email address, and can have the link sent again; the link's page confirms
// with a button (a post), and says plainly when a link is no longer valid.

test.describe('confirming the email address', () => {
  test('a new account sees the notice and sends the link again; a demo account sees none', { tag: '@db' }, async ({
    page,
  }) => {
    const email = `vera.${Date.now()}@example.com`;
    await registerThroughForm(page, { firstName: 'Vera', lastName: 'Fy', email, password: 'Vintage2027' });
    // The account page is a new document: its button acts once hydrated.
    await waitForHydration(page);

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

test.describe('choosing a new password', () => {
  test('the reset page checks the SPEC rules, then says when a link is no longer valid', async ({ page }) => {
    await gotoHydrated(page, '/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expectAccessible(page);
    const password = page.getByLabel('New password');
    await password.fill('weak');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.locator('#reset-password-error')).toHaveText(
      'Password must be 8-16 characters and contain at least one number and one letter.',
    );
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('New password').fill('Renewed2026');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This link is no longer valid. Please ask for a new one on the forgotten password page.',
    );
  });

  test('the reset page speaks traditional Chinese on law-tw, and fits a 390 px phone @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, siteUrl('law-tw', '/reset-password?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('設定新密碼');
    await expect(page.getByRole('button', { name: '儲存新密碼' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
