import { apiProduct, expect, expectAccessible, gotoHydrated, siteUrl, test } from './support/fixtures';

// CONTRACT.md "Languages": the cart, its forms and the checkout of the Chinese sites read in traditional Chinese
// (Hong Kong usage on law-hk and hlw-hk, Taiwan usage on law-tw), the server's messages included; product names stay
// as they are. The English sites' texts are asserted by cart.spec.ts, vouchers.spec.ts and checkout.spec.ts.

const HK = {
  lang: 'zh-HK',
  cart: '你的購物車',
  cartButton: '購物車，1 件貨品',
  summary: '訂單摘要',
  itemCode: '目錄貨品編號',
  addItem: '加入貨品',
  required: '此欄必須填寫。',
  egift: '無法加入電子禮品卡！',
  apply: '使用',
  removeHelp: '如要移除此貨品，請按「移除」。',
  placeOrder: '確認落單',
  checkFollowing: '請檢查以下各項：',
  firstName: '請輸入名字。',
  deliveryAddress: '送貨地址',
  emailLabel: '電郵地址（用於發送訂單確認）',
  town: '地區或城鎮',
  postcode: '郵政編號',
  district: '所在地區',
  noDistrict: '請選擇地區。',
  cardNumber: '信用卡號碼',
  expiry: '有效期（月/年）',
  declined: '你的信用卡被拒絕。',
  addOns: '再添一點小驚喜',
};
const TW = {
  lang: 'zh-TW',
  cart: '您的購物車',
  cartButton: '購物車，1 件商品',
  summary: '訂單摘要',
  itemCode: '型錄商品編號',
  addItem: '加入商品',
  required: '此欄位為必填。',
  egift: '無法加入電子禮物卡！',
  apply: '套用',
  removeHelp: '若要移除此商品，請點選「移除」。',
  placeOrder: '確認下單',
  checkFollowing: '請檢查下列項目：',
  firstName: '請輸入名字。',
  deliveryAddress: '收件地址',
  emailLabel: '電子郵件地址（用於寄送訂單確認）',
  town: '鄉鎮市區',
  postcode: '郵遞區號',
  cardNumber: '信用卡卡號',
  expiry: '有效期限（月/年）',
  declined: '您的信用卡遭拒絕。',
  addOns: '再加一點小驚喜',
};

for (const [site, zh] of [
  ['law-hk', HK],
  ['hlw-hk', HK],
  ['law-tw', TW],
] as const) {
  test(`${site}: the cart page, its quick order, voucher box and quantity help read in ${zh.lang}`, async ({
    page,
    cart,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/(itemcode\/00041VC\/1|voucher\/EXPIRED10)\)$/);
    await page.goto(siteUrl(site, '/robots.txt'));
    await cart.addItem('D0001', 1);
    await gotoHydrated(page, siteUrl(site, '/cart'));
    await expect(page.locator('html')).toHaveAttribute('lang', zh.lang);
    await expect(page.getByRole('heading', { level: 1, name: zh.cart })).toBeVisible();
    await expect(page.getByRole('button', { name: zh.cartButton })).toBeVisible();
    await expect(page.getByRole('heading', { name: zh.summary })).toBeVisible();
    await expect(page.getByRole('button', { name: '結帳' })).toBeEnabled();
    // Taiwan's tax is its business tax (5 %), not a GST; Hong Kong has none to show.
    const summary = page.locator('aside.summary');
    if (site === 'law-tw') await expect(summary).toContainText('含營業稅');
    await expect(summary).not.toContainText('GST');
    await expect(summary).not.toContainText('商品及服務稅');

    // Quick order: the page's own message, then the server's.
    const quick = page.locator('form.quick-order');
    await quick.getByRole('button', { name: zh.addItem }).click();
    await expect(quick.getByRole('alert')).toHaveText(zh.required);
    await quick.getByLabel(zh.itemCode).fill('00041VC');
    await quick.getByRole('button', { name: zh.addItem }).click();
    await expect(quick.getByRole('alert')).toHaveText(zh.egift);

    // Voucher box: required, then the server's 'Voucher expired'.
    const voucher = page.locator('.voucher-box');
    await voucher.getByRole('button', { name: zh.apply }).click();
    await expect(voucher.getByRole('alert')).toHaveText(zh.required);
    await voucher.getByLabel('優惠券代碼').fill('EXPIRED10');
    await voucher.getByRole('button', { name: zh.apply }).click();
    await expect(voucher.getByRole('alert')).toHaveText('優惠券已過期');

    // SPEC §5: 0 restores the quantity and shows the remove help.
    const quantity = page.locator('.cart-line .qty-input').first();
    await quantity.fill('0');
    await quantity.blur();
    await expect(page.getByRole('status').filter({ hasText: zh.removeHelp })).toBeVisible();
    await expect(quantity).toHaveValue('1');

    await expectAccessible(page);
  });

  test(`${site}: the add-on carousel's heading reads in ${zh.lang}`, async ({ page, cart }) => {
    await page.goto(siteUrl(site, '/robots.txt'));
    await cart.addItem('D0002', 12);
    await gotoHydrated(page, siteUrl(site, '/cart'));
    const addOns = page.locator('.addons');
    await expect(addOns.getByRole('heading', { level: 2, name: zh.addOns })).toBeVisible();
    await expect(addOns).not.toContainText('Add a little extra');
  });

  test(`${site}: the checkout's labels and validation messages read in ${zh.lang}`, async ({
    page,
    cart,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/^console\.error: Failed to load resource: .* 400 .*\/checkout\.data\)$/);
    await page.goto(siteUrl(site, '/robots.txt'));
    await cart.addItem('D0001', 1);
    await gotoHydrated(page, siteUrl(site, '/checkout'));
    await expect(page.getByRole('heading', { level: 1, name: '結帳' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '3. 付款' })).toBeVisible();
    // Nothing filled in: the form's own (zod) messages, in the summary and on the fields.
    await page.getByRole('button', { name: zh.placeOrder }).click();
    const summary = page.locator('.checkout__errors');
    await expect(summary).toContainText(zh.checkFollowing);
    await expect(summary).toContainText(zh.firstName);
    const delivery = page.getByRole('group', { name: zh.deliveryAddress, exact: true });
    await expect(delivery.getByLabel('名字')).toHaveAttribute('aria-invalid', 'true');
    if (site === 'law-tw') await expect(delivery.getByLabel(TW.postcode)).toHaveAttribute('aria-invalid', 'true');
    else {
      // CONTRACT.md "Sites": a Hong Kong address has a district (a required choice of the 18), not a postcode.
      await expect(delivery.getByLabel(HK.postcode)).toHaveCount(0);
      const district = delivery.getByLabel(HK.district);
      await expect(district).toHaveAttribute('aria-invalid', 'true');
      await expect(district).toHaveAccessibleDescription(HK.noDistrict);
      await expect(district.locator('option')).toHaveCount(19);
      const regions = await district
        .locator('optgroup')
        .evaluateAll((groups) => groups.map((g) => g.getAttribute('label')));
      expect(regions).toEqual(['香港島', '九龍', '新界']);
    }
    await expectAccessible(page);
    // A declined card: the payment provider's message.
    await page.getByLabel(zh.emailLabel).fill('l10n.e2e@example.com');
    await delivery.getByLabel('名字').fill('Ana');
    await delivery.getByLabel('姓氏').fill('Lee');
    await delivery.getByLabel('街道地址').fill('1 Queen’s Road');
    await delivery.getByLabel(zh.town).fill('Central');
    if (site === 'law-tw') await delivery.getByLabel(TW.postcode).fill('110');
    else {
      await delivery.getByLabel(HK.district).selectOption({ label: '中西區' });
      await expect(delivery.getByLabel(HK.district)).not.toHaveAttribute('aria-invalid');
    }
    await page.getByLabel(zh.cardNumber).fill('4000 0000 0000 0002');
    await page.getByLabel(zh.expiry).fill('12/30');
    await page.getByLabel('安全碼（CVC）').fill('123');
    await page.getByRole('button', { name: zh.placeOrder }).click();
    await expect(summary).toContainText(zh.declined);
  });
}

// A server text with a runtime part (the voucher's minimum, an amount in the site's currency) reads in the site's
// language too: the server fills in the catalogue's template for the site.
for (const [site, minimum] of [
  ['law-hk', '此優惠券只適用於 HK$150.00 或以上的訂單。'],
  ['law-tw', '此優惠券僅適用於 NT$150 以上的訂單。'],
] as const) {
  test(`${site}: the voucher minimum reads in the site's language, with the amount`, async ({
    page,
    cart,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/cart\/voucher\/SPEND150\)$/);
    // A beer costs less than SPEND150's minimum of 150 in the site's currency.
    expect((await apiProduct('B0001', site)).skus[0]!.salePrice).toBeLessThan(150);
    await page.goto(siteUrl(site, '/robots.txt'));
    await cart.addItem('B0001', 1);
    await gotoHydrated(page, siteUrl(site, '/cart'));
    const voucher = page.locator('.voucher-box');
    await voucher.getByLabel('優惠券代碼').fill('SPEND150');
    await voucher.getByRole('button', { name: site === 'law-tw' ? '套用' : '使用' }).click();
    await expect(voucher.getByRole('alert')).toHaveText(minimum);
    await expectAccessible(page);
  });
}
