import { describe, expect, it } from 'vitest';
import { isSecretName, scrubText } from './secrets';

describe('scrubText', () => {
  it('cuts the values of secret URL parameters, and only those', () => {
    expect(scrubText('http://law-au.localhost/reset-password?token=abc_DEF-123')).toBe(
      'http://law-au.localhost/reset-password?token=[redacted]',
    );
    expect(scrubText('/checkout/confirmation/LAW1?token=x&page=2#top')).toBe(
      '/checkout/confirmation/LAW1?token=[redacted]&page=2#top',
    );
    expect(scrubText('/gift-vouchers/balance?code=ZZQ4-7KPA&Email=a%40b.com')).toBe(
      '/gift-vouchers/balance?code=[redacted]&Email=[redacted]',
    );
    expect(scrubText('/wines?name=red-wine&page=2')).toBe('/wines?name=red-wine&page=2');
  });

  it('cuts emails and a failed query’s parameters anywhere', () => {
    expect(scrubText('sent to Ana.Lee+x@example.com.au')).toBe('sent to [email]');
    expect(scrubText('Failed query: select 1\nparams: a@b.co,secret')).toBe(
      'Failed query: select 1\nparams: [redacted]',
    );
  });
});

describe('isSecretName', () => {
  it('knows a secret field by its name or the last part of a dotted attribute name', () => {
    expect(isSecretName('giftCardCodes')).toBe(true);
    expect(isSecretName('http.request.header.cookie')).toBe(true);
    expect(isSecretName('http.request.header.Authorization')).toBe(true);
    expect(isSecretName('url.full')).toBe(false);
    expect(isSecretName('db.query.text')).toBe(false);
  });
});
