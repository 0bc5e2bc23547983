import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as zhHK } from '../../app/locales/zh-HK/messages.po';
import { messages as zhTW } from '../../app/locales/zh-TW/messages.po';
import { SITES } from '../../domain/sites';
import { type OrderEmailInput, renderOrderEmail } from '../../services/orders/confirmation-email';

// The order confirmation email is written in the site's language, from the same catalogues as the pages.

function input(siteId: keyof typeof SITES): OrderEmailInput {
  return {
    site: SITES[siteId],
    orderNumber: 'W1000042',
    email: 'buyer@example.com',
    delivery: {
      firstName: 'Mei',
      lastName: 'Chan',
      line1: '1 Queen’s Road',
      line2: '',
      city: 'Central',
      state: '',
      postcode: '',
      phone: '',
    },
    lines: [{ name: 'Reserve Shiraz 2021', quantity: 2, totalCents: 5000, preSell: false }],
    totals: {
      subtotalCents: 5000,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 5000,
      payableTodayCents: 5000,
    } as OrderEmailInput['totals'],
    giftCards: [],
    giftCardPayments: [],
    card: { brand: 'Visa', last4: '4242', amountCents: 5000 },
    orderLink: 'https://law-hk.example/orders/W1000042?token=abc&x=<b>',
  };
}

const i18nOf = (locale: string, messages: Messages) => setupI18n({ locale, messages: { [locale]: messages } });

describe('the order email in the site language', () => {
  it('is traditional Chinese for Hong Kong and for Taiwan, each in its own words', () => {
    const hk = renderOrderEmail(input('law-hk'), i18nOf('zh-HK', zhHK));
    expect(hk.subject).toBe('Laithwaites：你的訂單 W1000042');
    expect(hk.text).toContain('多謝你的訂單 W1000042');
    expect(hk.text).toContain('運費：免費');
    expect(hk.html).toContain('送貨至');
    const tw = renderOrderEmail(input('law-tw'), i18nOf('zh-TW', zhTW));
    expect(tw.subject).toBe('Laithwaites：您的訂單 W1000042');
    expect(tw.text).toContain('感謝您的訂購 W1000042');
    expect(tw.text).toContain('今日由末四碼 4242 的 Visa 扣款');
  });

  it('is English on the English sites (the source texts)', () => {
    const au = renderOrderEmail(input('law-au'), setupI18n({ locale: 'en-AU', messages: { 'en-AU': {} } }));
    expect(au.subject).toBe('Laithwaites: your order W1000042');
    expect(au.text).toContain('Thank you for your order W1000042.');
    expect(au.text).toContain('Delivery: Free');
  });

  it("links to the order's page, escaped in the HTML part", () => {
    const au = renderOrderEmail(input('law-au'), setupI18n({ locale: 'en-AU', messages: { 'en-AU': {} } }));
    expect(au.text).toContain(
      'See your order and where it is at any time: https://law-hk.example/orders/W1000042?token=abc&x=<b>',
    );
    expect(au.html).toContain('href="https://law-hk.example/orders/W1000042?token=abc&amp;x=&lt;b&gt;"');
    expect(au.html).not.toContain('<b>');
  });
});
