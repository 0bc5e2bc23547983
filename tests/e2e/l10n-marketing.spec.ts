import { expect, expectAccessible, gotoHydrated, siteUrl, test } from './support/fixtures';

// CONTRACT.md "Languages": the Hong Kong sites speak Hong Kong traditional Chinese, law-tw Taiwan traditional
// Chinese, on the gift voucher form, the wedding calculator and the customer service page with its signup.

// law-hk and hlw-hk read the same Hong Kong catalogue.
const HONG_KONG = {
  gift: {
    heading: '禮券',
    amounts: '金額',
    custom: '自訂金額',
    amount: '輸入金額',
    message: '祝福語',
    defaultMessage: '祝你品酒愉快！',
    remaining: '尚餘 193 個字元',
    submit: '加入購物車',
    customMissing: '請輸入自訂金額',
    tooLow: '金額最少為 100。',
    nameMissing: '請輸入收禮人姓名。',
  },
  wedding: { heading: '婚宴用酒計算器', guests: '賓客人數', red: '紅酒', total: '合共 25 瓶（每瓶 5 杯）' },
  contact: { heading: '聯絡我們', label: '電郵地址', button: '登記', empty: '你忘記輸入電郵地址。' },
};

const SITES = [
  { site: 'law-hk', ...HONG_KONG },
  { site: 'hlw-hk', ...HONG_KONG },
  {
    site: 'law-tw',
    gift: {
      heading: '禮物卡',
      amounts: '金額',
      custom: '自訂金額',
      amount: '輸入金額',
      message: '祝福訊息',
      defaultMessage: '祝您品酒愉快！',
      remaining: '還可輸入 193 個字元',
      submit: '加入購物車',
      customMissing: '請輸入自訂金額',
      tooLow: '金額至少須為 500。',
      nameMissing: '請輸入收件人姓名。',
    },
    wedding: { heading: '婚禮用酒計算機', guests: '賓客人數', red: '紅葡萄酒', total: '總共 25 瓶（每瓶 5 杯）' },
    contact: { heading: '聯絡我們', label: '電子郵件地址', button: '訂閱', empty: '您忘了輸入電子郵件地址。' },
  },
] as const;

for (const { site, gift, wedding, contact } of SITES) {
  test.describe(`${site} in Chinese`, () => {
    test('the gift voucher form: labels, default message and checks', async ({ page }) => {
      await gotoHydrated(page, siteUrl(site, '/gift-vouchers'));
      await expect(page.getByRole('heading', { level: 1, name: gift.heading })).toBeVisible();
      const message = page.getByLabel(gift.message);
      await expect(message).toHaveValue(gift.defaultMessage);
      await expect(page.getByText(gift.remaining)).toBeVisible();
      await page.getByRole('group', { name: gift.amounts }).getByRole('radio', { name: gift.custom }).check();
      await page.getByRole('button', { name: gift.submit }).click();
      const amount = page.getByRole('textbox', { name: gift.amount });
      await expect(amount).toBeFocused();
      await expect(page.getByText(gift.customMissing, { exact: true })).toBeVisible();
      await expect(page.getByText(gift.nameMissing, { exact: true })).toBeVisible();
      await amount.fill('3');
      await expect(page.getByText(gift.tooLow, { exact: true })).toBeVisible();
      await expect(page.getByRole('figure')).toContainText(gift.defaultMessage);
      await expectAccessible(page, '.gift-voucher-page');
    });

    test('the wedding calculator', async ({ page }) => {
      await gotoHydrated(page, siteUrl(site, '/wedding-wine-calculator'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(wedding.heading);
      await expect(page.getByLabel(wedding.guests, { exact: true })).toHaveValue('25');
      await expect(page.getByLabel(wedding.red, { exact: true })).toHaveValue('2');
      await expect(page.locator('.wedding__total')).toHaveText(wedding.total);
      await expectAccessible(page, '.wedding');
    });

    test('the customer service page and its signup', async ({ page }) => {
      await gotoHydrated(page, siteUrl(site, '/contact-us'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(contact.heading);
      const form = page.getByTestId('email-signup-customer-service');
      await expect(form.getByLabel(contact.label)).toHaveAttribute('placeholder', /.+/);
      await form.getByRole('button', { name: contact.button }).click();
      await expect(form.getByRole('status')).toHaveText(contact.empty);
      await expectAccessible(page, '.contact');
    });
  });
}
