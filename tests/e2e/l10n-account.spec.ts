import { expect, expectAccessible, gotoHydrated, logIn, siteUrl, test } from './support/fixtures';

// CONTRACT.md Languages: the login form, its validation messages, the account area and the favourite control read
// in traditional Chinese on the Chinese sites (zh-HK for law-hk and hlw-hk, zh-TW for law-tw).

// law-hk and hlw-hk read the same Hong Kong catalogue.
const HONG_KONG = {
  lang: 'zh-HK',
  email: '請輸入有效的電郵地址',
  password: '請輸入密碼',
  emailLabel: '電郵地址',
  prompt: '登入以收藏這款葡萄酒',
  addTitle: '加入我的最愛',
};

const SITES = [
  { site: 'law-hk', ...HONG_KONG },
  { site: 'hlw-hk', ...HONG_KONG },
  {
    site: 'law-tw',
    lang: 'zh-TW',
    email: '請輸入有效的電子郵件地址',
    password: '請輸入密碼',
    emailLabel: '電子郵件地址',
    prompt: '登入即可將這款葡萄酒加入我的最愛',
    addTitle: '加入我的最愛',
  },
] as const;

for (const s of SITES) {
  test.describe(`${s.site} (${s.lang})`, () => {
    test('the login page and its validation messages are in Chinese', async ({ page }) => {
      await gotoHydrated(page, siteUrl(s.site, '/login'));
      await expect(page.locator('html')).toHaveAttribute('lang', s.lang);
      const form = page.getByRole('main');
      await expect(form.getByRole('heading', { level: 1 })).toHaveText(/^登入 /);
      await form.getByRole('button', { name: '登入' }).click();
      const warning = form.getByRole('alert');
      await expect(warning).toContainText(s.email);
      await expect(warning).toContainText(s.password);
      await expect(form.getByLabel(s.emailLabel)).toBeFocused();
      await expect(form.getByRole('link', { name: '建立帳戶' })).toHaveAttribute('href', '/registration');
      await expectAccessible(page, 'main');
    });

    test('a visitor who favourites a wine is asked to log in, in Chinese', async ({ page }) => {
      await gotoHydrated(page, siteUrl(s.site, '/product/D0001'));
      const button = page.locator('.product__title-row .favourite__button');
      await expect(button).toHaveAttribute('title', s.addTitle);
      await button.click();
      const dialog = page.getByRole('dialog', { name: '登入' });
      await expect(dialog).toContainText(s.prompt);
      await expectAccessible(page, '.login-modal');
    });

    test('the account area is in Chinese', async ({ page }) => {
      await logIn(page, 'shopper@example.com', { site: s.site });
      await gotoHydrated(page, siteUrl(s.site, '/account'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('我的帳戶');
      const nav = page.getByRole('navigation', { name: '我的帳戶' });
      await expect(nav.getByRole('link', { name: '個人資料' })).toHaveAttribute('href', '/account/personal-details');
      await expect(page.getByRole('button', { name: '登出' })).toBeVisible();
      await gotoHydrated(page, siteUrl(s.site, '/account/settings'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('設定');
      await expect(page.getByRole('button', { name: /密碼$/ })).toBeVisible();
      await expectAccessible(page, 'main');
    });
  });
}

test('English sites keep their English texts', async ({ page }) => {
  await gotoHydrated(page, siteUrl('law-au', '/login'));
  const form = page.getByRole('main');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('alert')).toContainText('Please enter a valid email address');
  await expect(form.getByRole('alert')).toContainText('Password is required');
});
