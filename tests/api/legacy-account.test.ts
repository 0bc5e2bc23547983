import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

// CONTRACT.md "Legacy paths": the account pages (server half; the browser half is in tests/e2e/account.spec.ts).

const t = useTestApp();
const get = (path: string, host = 'law-au.localhost') => t.app.request(path, { headers: { host }, redirect: 'manual' });

describe('legacy account paths on a live host', () => {
  it('redirects the paths without a hash with a 302 to their new routes', async () => {
    const cases: [string, string][] = [
      ['/jsp/account/common/account_summary.jsp', '/account/wine-cellar'],
      ['/jsp/account/common/wine_preference.jsp', '/account/preferences'],
      ['/jsp/account/common/wineplan_summary.jsp', '/account/memberships'],
      ['/jsp/account/au/subscription.jsp', '/account/memberships'],
      ['/jsp/account/common/voucher_details.jsp', '/account/gift-cards-and-vouchers'],
    ];
    for (const [legacy, target] of cases) {
      const res = await get(legacy);
      expect(res.status, legacy).toBe(302);
      expect(res.headers.get('location'), legacy).toBe(target);
    }
  });

  it('answers the hash pages with a page whose script maps the hash, and a noscript link', async () => {
    const details = await get('/jsp/account/common/account_details.jsp');
    expect(details.status).toBe(200);
    const html = await details.text();
    expect(html).toContain('location.replace');
    expect(html).toContain('"#payment":"/account/payment-methods"');
    expect(html).toContain('<noscript><p><a href="/account">');

    const lists = await (await get('/jsp/account/common/account_lists.jsp')).text();
    expect(lists).toContain('"#/favorites":"/account/favourites"');
    expect(lists).toContain('"#/dont-send":"/account/not-for-me"');
    expect(lists).toContain('<a href="/account/purchased">');
  });

  it('leaves the legacy details page to the account area on a test host', async () => {
    // No React build in API tests: the request falls through past the legacy handler.
    const res = await get('/jsp/account/common/account_details.jsp', 'law-au.test.localhost');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('location.replace');
  });
});
