import { nextAnniversary } from '../../domain/memberships';
import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  gotoHydrated,
  logIn,
  PORT,
  pageApi,
  pageData,
  reloadHydrated,
  siteUrl,
  test,
} from './support/fixtures';

// SPEC §2 account routes and legacy mapping, §6 (Hard Logged-In only): real content per route, the login
// redirect for Prospect and Soft Logged-In, legacy paths on live and test hosts, settings changes, axe.

const BRAND = 'Laithwaites';

function loginUrl(target: string, site = 'law-au', brand = BRAND) {
  return siteUrl(site, `/login?${new URLSearchParams({ redirectingURL: target, pageTitle: `Login ${brand}` })}`);
}

/** The nav link of the open section carries aria-current="page". */
async function expectCurrentSection(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'My account' });
  await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
}

/** A GET without following redirects. NOTE: Node cannot resolve `{site}.localhost`, so the Host header names the site. */
function rawGet(path: string, host: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: PORT, path, headers: { host: `${host}:${PORT}` } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens `target` as a new document: a same-document hash change would not reload the legacy page. */
async function gotoFresh(page: Page, target: string) {
  await page.goto('about:blank');
  await page.goto(target);
}

async function expectSectionPage(page: Page, path: string, section: string, h1: string) {
  const res = await page.goto(siteUrl('law-au', path));
  await expect(page).toHaveURL(siteUrl('law-au', path));
  // Personal pages are never stored by the browser or a shared cache.
  expect(res?.headers()['cache-control'], path).toContain('no-store');
  await expect(page).toHaveTitle(`${section} | My account | ${BRAND}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
}

test.describe('a Hard Logged-In customer', () => {
  // One test per section: each loads a page and runs axe, too much for one test's time on a busy machine.
  // Every section is checked for its page (title, one h1, no-store), the nav marking it and axe; `check` adds
  // what that section shows.
  const sections: { section: string; path: string; h1?: string; check: (page: Page) => Promise<void> }[] = [
    {
      section: 'Overview',
      path: '/account',
      h1: 'My account',
      check: async (page) => {
        expect((await pageData(page)).pageType).toBe('account_new');
        await expect(page.getByText('Hello, Olivia.')).toBeVisible();
        await expect(page.locator('address').first()).toContainText('14 Darling Street');
        // The latest order is the newest of the seed's.
        await expect(page.getByRole('heading', { name: 'Order VIR-200114' })).toBeVisible();
      },
    },
    {
      section: 'Personal details',
      path: '/account/personal-details',
      check: async (page) => {
        await expect(page.getByText('Olivia Bennett')).toBeVisible();
        await expect(page.getByText('shopper@example.com', { exact: true })).toBeVisible();
        await expect(page.locator('#shipping-address address')).toContainText('Balmain NSW 2041');
      },
    },
    {
      section: 'Payment methods',
      path: '/account/payment-methods',
      check: async (page) => {
        const cards = page.locator('.payment-methods > li');
        await expect(cards).toHaveCount(2);
        await expect(cards.nth(0)).toContainText('Visa');
        await expect(cards.nth(0)).toContainText('•••• 4242');
        await expect(cards.nth(0)).toContainText('Expires 08/28');
        await expect(cards.nth(0)).toContainText('Default');
        await expect(cards.nth(1)).toContainText('Mastercard');
        await expect(cards.nth(1)).toContainText('•••• 5100');
        await expect(cards.nth(1)).not.toContainText('Default');
      },
    },
    {
      section: 'Purchased',
      path: '/account/purchased',
      check: async (page) => {
        const orders = page.locator('section.order');
        await expect(orders).toHaveCount(3);
        expect(await orders.evaluateAll((els) => els.map((el) => el.getAttribute('data-order-number')))).toEqual([
          'VIR-200114',
          'LAW-100877',
          'LAW-100231',
        ]);
        const oldest = orders.nth(2);
        await expect(oldest).toContainText('Delivered');
        await expect(oldest.getByRole('row')).toHaveCount(1 + 2 + 3);
        await expect(oldest.getByRole('row', { name: /Order total/ })).toContainText('$');
        await expect(orders.nth(0)).toContainText('Shipped');
      },
    },
    {
      section: 'Wine cellar',
      path: '/account/wine-cellar',
      check: async (page) => {
        const cellar = page.locator('.account-table tbody tr');
        expect(await cellar.count()).toBeGreaterThan(2);
        // D0001 came in a case of 12 (LAW-100231).
        const d0001 = page.locator('tbody tr').filter({ has: page.locator('a[href="/product/D0001"]') });
        await expect(d0001.locator('td').first()).toHaveText('12');
        await expect(d0001.locator('td').nth(2)).toHaveText(/Ready now|Cellar for/);
      },
    },
    {
      section: 'Taste preferences',
      path: '/account/preferences',
      check: async (page) => {
        for (const name of ['Colours', 'Grapes', 'Regions']) {
          await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
          await expect(page.getByRole('region', { name }).getByRole('listitem').first()).toBeVisible();
        }
        await expect(page.getByText(/from \d+ bottles bought and 3 ratings/)).toBeVisible();
      },
    },
    {
      section: 'Memberships',
      path: '/account/memberships',
      check: async (page) => {
        await expect(page.getByText('You have no memberships')).toBeVisible();
        await expect(page.getByRole('link', { name: /Unlimited/ })).toHaveAttribute('href', '/unlimited');
      },
    },
    {
      section: 'Gift cards and vouchers',
      path: '/account/gift-cards-and-vouchers',
      check: async (page) => {
        const gift = page.getByRole('row', { name: /GC-4821-7730/ });
        await expect(gift).toContainText('Gift card');
        await expect(gift).toContainText('$50.00');
        await expect(gift).toContainText('31 December 2027');
        await expect(page.getByRole('row', { name: /BIRTHDAY15/ })).toContainText('$15.00');
      },
    },
    {
      section: 'Settings',
      path: '/account/settings',
      check: async (page) => {
        await expect(page.getByLabel('Email me offers, new releases and tasting notes')).not.toBeChecked();
        await expect(page.getByLabel('Current password')).toBeVisible();
      },
    },
  ];
  for (const { section, path, h1, check } of sections) {
    test(`sees the ${section} section with its real content, the nav marking it, and no axe violations`, {
      tag: '@db',
    }, async ({ page }) => {
      await logIn(page, 'shopper@example.com');
      await expectSectionPage(page, path, section, h1 ?? section);
      await expectCurrentSection(page, section);
      await check(page);
      await expectAccessible(page);
    });
  }

  test('sees the favourites, top-rated, not-for-me and recommendations lists as product tiles', { tag: '@db' }, async ({
    page,
  }) => {
    await logIn(page, 'shopper@example.com');
    const codes = () =>
      page.locator('.account-grid .tile').evaluateAll((els) => els.map((el) => el.getAttribute('data-item-code')));

    await expectSectionPage(page, '/account/favourites', 'Favourites', 'Favourites');
    await expectCurrentSection(page, 'Favourites');
    // The seed's favourites of shopper@, latest first.
    expect(await codes()).toEqual(['B0001', 'W00020', 'W00005', 'D0001']);
    await expectAccessible(page);

    await expectSectionPage(page, '/account/top-rated', 'Top rated', 'Top rated');
    await expectCurrentSection(page, 'Top rated');
    expect(await codes()).toEqual(['D0002', 'W00012', 'M0001']);
    await expect(page.locator('.account-grid > li').first()).toContainText('Your rating: 5 out of 5');
    await expect(page.locator('.account-grid > li').last()).toContainText('Your rating: 2 out of 5');
    await expectAccessible(page);

    await expectSectionPage(page, '/account/not-for-me', 'Not for me', 'Not for me');
    await expectCurrentSection(page, 'Not for me');
    expect(await codes()).toEqual(['W00003']);
    await expectAccessible(page);

    await expectSectionPage(page, '/account/recommendations', 'Recommendations', 'Recommendations');
    await expectCurrentSection(page, 'Recommendations');
    const recommended = await codes();
    expect(recommended.length).toBeGreaterThan(0);
    // Never a not-for-me wine.
    expect(recommended).not.toContain('W00003');
    await expect(page.locator('.account-grid__note').first()).toHaveText(/Because of|Like your favourites|Popular/);
    await expectAccessible(page);
  });

  test('sees the Unlimited and wine-plan status wording on the memberships page', { tag: '@db' }, async ({ page }) => {
    const cases: [string, string, RegExp][] = [
      ['unlimited@example.com', 'Active', /Unlimited membership is active/],
      ['requested@example.com', 'Requested', /We have your Unlimited request/],
      ['suspended@example.com', 'Suspended', /Unlimited membership is suspended/],
      ['planner@example.com', 'Active', /wine plan is active/],
    ];
    for (const [email, status, wording] of cases) {
      await logIn(page, email);
      await page.goto(siteUrl('law-au', '/account/memberships'));
      const card = page.locator('.account-card').first();
      await expect(card, email).toContainText(`Status: ${status}`);
      await expect(card, email).toContainText(wording);
      await expect(page.getByText('You have no memberships')).toHaveCount(0);
      // Unlimited is not a wine plan; planner@'s ACTIVE plan makes a wine plan member (SPEC §4).
      if (email === 'planner@example.com')
        await expect(page.getByTestId('wine-plan-membership')).toHaveText("You're a wine plan member.");
      else await expect(page.getByTestId('wine-plan-membership'), email).toHaveCount(0);
    }
    await expect(page.getByRole('heading', { name: 'Discovery Wine Plan' })).toBeVisible();
    await expectAccessible(page);
  });

  test('sees when the wine plan ships next, when Unlimited renews, and what a change means', { tag: '@db' }, async ({
    page,
  }) => {
    const now = new Date();
    const long = (d: Date) =>
      new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
    // The demo plan started on 1 March 2025 and ships every three months; Unlimited renews yearly.
    const plan = nextAnniversary(new Date('2025-03-01T00:00:00Z'), 3, now);
    await logIn(page, 'planner@example.com');
    await page.goto(siteUrl('law-au', '/account/memberships'));
    const card = page.locator('.account-card', { hasText: 'Discovery Wine Plan' });
    await expect(card).toContainText(`Next delivery: ${long(plan)}`);
    await expect(card).toContainText(`at least 5 days before ${long(plan)}`);

    await logIn(page, 'requested@example.com');
    await page.goto(siteUrl('law-au', '/account/memberships'));
    await expect(page.locator('.account-card').first()).toContainText('before your membership starts');
    await expect(page.getByText(/Renews on|Next delivery/)).toHaveCount(0);

    await logIn(page, 'unlimited@example.com');
    await page.goto(siteUrl('law-au', '/account/memberships'));
    await expect(page.locator('.account-card').first()).toContainText(/Renews on: \d{1,2} \w+ 20\d\d/);
    await expect(page.locator('.account-card').first()).toContainText('To cancel, call us');
  });

  test('shows a vir customer their points balance on the overview', { tag: '@db' }, async ({ page }) => {
    await logIn(page, 'shopper@example.com', { site: 'vir-au' });
    await page.goto(siteUrl('vir-au', '/account'));
    const points = page.getByRole('region', { name: 'Your points' });
    await expect(points).toContainText('1,540 points (1,240 for what you spent and 300 bonus points)');
    // Points belong to vir: the same customer on law-au has no points card.
    await logIn(page, 'shopper@example.com');
    await page.goto(siteUrl('law-au', '/account'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');
    await expect(page.getByRole('region', { name: 'Your points' })).toHaveCount(0);
  });

  test('moves between sections with the section nav (client-side), keyboard included', async ({ page }) => {
    await logIn(page, 'unlimited@example.com');
    await gotoHydrated(page, siteUrl('law-au', '/account'));
    const nav = page.getByRole('navigation', { name: 'My account' });
    await nav.getByRole('link', { name: 'Payment methods' }).click();
    await expect(page).toHaveURL(siteUrl('law-au', '/account/payment-methods'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment methods');
    await expect(page.locator('.payment-methods')).toContainText('•••• 4444');
    await expect(page).toHaveTitle(`Payment methods | My account | ${BRAND}`);
    await nav.getByRole('link', { name: 'Memberships' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Memberships');
    await expectCurrentSection(page, 'Memberships');
  });

  test('sees the default delivery address of outback@ with postcode 0870', { tag: '@db' }, async ({ page }) => {
    await logIn(page, 'outback@example.com');
    await page.goto(siteUrl('law-au', '/account/personal-details'));
    await expect(page.locator('#shipping-address address')).toContainText('Alice Springs NT 0870');
  });

  test('turns the email opt-in on and off from the settings page', { tag: '@db' }, async ({ page }) => {
    await logIn(page, 'planner@example.com');
    await gotoHydrated(page, siteUrl('law-au', '/account/settings'));
    const optIn = page.getByLabel('Email me offers, new releases and tasting notes');
    await expect(optIn).not.toBeChecked();
    await optIn.check();
    await expect(page.getByRole('status').filter({ hasText: 'You will receive our emails.' })).toBeVisible();
    await reloadHydrated(page);
    await expect(optIn).toBeChecked();
    await optIn.uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'You will no longer receive our emails.' })).toBeVisible();
    await page.reload();
    await expect(optIn).not.toBeChecked();
  });

  test('changes the password from the settings page, with clear errors', { tag: '@db' }, async ({
    page,
    allowConsoleErrors,
  }) => {
    // The wrong current password (400), then the old password after the change (401).
    allowConsoleErrors(
      /Failed to load resource: .* 400 .*\/api\/user\/password\)$/,
      /Failed to load resource: .* 401 .*\/api\/authentication\/login\)$/,
    );
    await logIn(page, 'requested@example.com');
    await gotoHydrated(page, siteUrl('law-au', '/account/settings'));
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password');
    const submit = page.getByRole('button', { name: 'Change password' });

    // The SPEC §5 password rule, checked before anything is sent.
    await current.fill('Vintage2026');
    await next.fill('short');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Password must be 8-16 characters and contain at least one number and one letter.',
    );
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    await expect(next).toBeFocused();

    // A wrong current password comes back from the server.
    await current.fill('NotMine2026');
    await next.fill('Cellar2027x');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('Your current password is not correct.');
    await expect(current).toBeFocused();

    await current.fill('Vintage2026');
    await next.fill('Cellar2027x');
    await submit.click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(current).toHaveValue('');
    await expectAccessible(page);

    // This session stays logged in; the new password logs in, the old one no longer does.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    const status = async (password: string) =>
      (await pageApi(page, 'POST', '/api/authentication/login', { email: 'requested@example.com', password })).status;
    expect(await status('Vintage2026')).toBe(401);
    expect(await status('Cellar2027x')).toBe(200);

    // Put the demo password back for the rest of the run.
    await gotoHydrated(page, siteUrl('law-au', '/account/settings'));
    await current.fill('Cellar2027x');
    await next.fill('Vintage2026');
    await submit.click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
  });

  test('puts a refused password change on its field by its X-Error-Code, whatever its text says', {
    tag: '@db',
  }, async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource: .* 400 .*\/api\/user\/password\)$/);
    // The first answer is the server's, its text reworded: only its code still names the current password. The
    // second, made up here, refuses the new password (code `invalid`) in words that name the current one.
    await page.addInitScript(() => {
      const real = window.fetch;
      const win = window as unknown as { passwordCalls: number };
      win.passwordCalls = 0;
      window.fetch = async (input, init) => {
        if (!String(input).endsWith('/api/user/password')) return real(input, init);
        win.passwordCalls += 1;
        const answer = win.passwordCalls === 1 ? await real(input, init) : null;
        const statusMessage = answer
          ? 'That did not match our records.'
          : 'The new password may not contain your current password.';
        const headers = answer ? answer.headers : { 'X-Error-Code': 'invalid' };
        return new Response(JSON.stringify({ statusCode: 400, statusMessage }), { status: 400, headers });
      };
    });
    await logIn(page, 'planner@example.com');
    await gotoHydrated(page, siteUrl('law-au', '/account/settings'));
    const current = page.getByLabel('Current password');
    const next = page.getByLabel('New password');
    const submit = page.getByRole('button', { name: 'Change password' });

    await current.fill('NotMine2026');
    await next.fill('Cellar2027x');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('That did not match our records.');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(next).not.toHaveAttribute('aria-invalid', 'true');
    await expect(current).toBeFocused();

    await current.fill('Vintage2026');
    await next.fill('Cellar2027x');
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText('The new password may not contain your current password.');
    await expect(next).toHaveAttribute('aria-invalid', 'true');
    await expect(current).not.toHaveAttribute('aria-invalid', 'true');
    await expect(next).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { passwordCalls: number }).passwordCalls)).toBe(2);
  });
});

const ACCOUNT_PATHS = [
  '/account',
  '/account/personal-details',
  '/account/payment-methods',
  '/account/settings',
  '/account/purchased',
  '/account/wine-cellar',
  '/account/preferences',
  '/account/memberships',
  '/account/gift-cards-and-vouchers',
  '/account/favourites',
  '/account/top-rated',
  '/account/not-for-me',
  '/account/recommendations',
];

test.describe('a visitor who is not Hard Logged-In', () => {
  test('is sent from every account route to the login page (Prospect)', async ({ page }) => {
    for (const path of ACCOUNT_PATHS) {
      const res = await rawGet(`${path}?from=email`, 'law-au.localhost');
      expect(res.status, path).toBe(302);
      expect(res.location, path).toBe(
        `/login?${new URLSearchParams({ redirectingURL: `${path}?from=email`, pageTitle: 'Login Laithwaites' })}`,
      );
    }
    await page.goto(siteUrl('vir-au', '/account/purchased'));
    await expect(page).toHaveURL(loginUrl('/account/purchased', 'vir-au', 'Virgin Wines'));
  });

  test('is sent to the login page when only remembered (Soft Logged-In)', { tag: '@db' }, async ({ page, context }) => {
    await logIn(page, 'shopper@example.com');
    await page.goto(siteUrl('law-au', '/account/settings'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await context.clearCookies({ name: 'sid' });
    expect((await context.cookies()).some((c) => c.name === 'remember_me')).toBe(true);
    await page.goto(siteUrl('law-au', '/account/settings'));
    await expect(page).toHaveURL(loginUrl('/account/settings'));
    expect((await pageData(page)).visitorTypeDetailed).toBe('Soft Logged-In');
  });

  test('meets the guard after a legacy link: login names the new route', async ({ page }) => {
    await page.goto(siteUrl('law-au', '/jsp/account/common/account_details.jsp#payment'));
    await expect(page).toHaveURL(loginUrl('/account/payment-methods'));
    await page.goto(siteUrl('law-au', '/jsp/account/common/voucher_details.jsp'));
    await expect(page).toHaveURL(loginUrl('/account/gift-cards-and-vouchers'));
  });
});

// NOTE: in groups of a few paths, each group its own test: one test of all nineteen loads (each a page that
// hydrates and then follows its hash) outgrew a test's time on a busy machine.
const legacyAccountCases: [string, string][] = [
  ['/jsp/account/common/account_details.jsp', '/account'],
  ['/jsp/account/common/account_details.jsp#shipping-address', '/account/personal-details'],
  ['/jsp/account/common/account_details.jsp#billing-address', '/account/personal-details'],
  ['/jsp/account/common/account_details.jsp#payment', '/account/payment-methods'],
  ['/jsp/account/common/account_details.jsp#email-settings', '/account/settings'],
  ['/jsp/account/common/account_details.jsp#password', '/account/settings'],
  ['/jsp/account/common/account_details.jsp#tpr-settings', '/account/settings'],
  ['/jsp/account/common/account_details.jsp#unknown', '/account'],
  ['/jsp/account/common/account_lists.jsp#/purchased', '/account/purchased'],
  ['/jsp/account/common/account_lists.jsp#/favorites', '/account/favourites'],
  ['/jsp/account/common/account_lists.jsp#/top-rated', '/account/top-rated'],
  ['/jsp/account/common/account_lists.jsp#/dont-send', '/account/not-for-me'],
  ['/jsp/account/common/account_lists.jsp#/recommendations', '/account/recommendations'],
  ['/jsp/account/common/account_lists.jsp', '/account/purchased'],
  ['/jsp/account/common/account_summary.jsp', '/account/wine-cellar'],
  ['/jsp/account/common/wine_preference.jsp', '/account/preferences'],
  ['/jsp/account/common/wineplan_summary.jsp', '/account/memberships'],
  ['/jsp/account/au/subscription.jsp', '/account/memberships'],
  ['/jsp/account/common/voucher_details.jsp', '/account/gift-cards-and-vouchers'],
];
for (let from = 0; from < legacyAccountCases.length; from += 5) {
  const group = legacyAccountCases.slice(from, from + 5);
  test(`every legacy account path and hash lands on its new route on a live host (${group[0]?.[0]} …)`, async ({
    page,
  }) => {
    await logIn(page, 'shopper@example.com');
    for (const [legacy, target] of group) {
      await gotoFresh(page, siteUrl('law-au', legacy));
      await expect(page, legacy).toHaveURL(siteUrl('law-au', target));
      await expect(
        page.getByRole('navigation', { name: 'My account' }).locator('[aria-current="page"]'),
        legacy,
      ).toHaveAttribute('href', target);
    }
  });
}

test.describe('on a test host', () => {
  const host = 'law-au.test.localhost';
  const url = (path: string) => `http://${host}:${PORT}${path}`;

  test('the account routes land on the legacy details page, which shows the account content', { tag: '@db' }, async ({
    page,
  }) => {
    await logIn(page, 'shopper@example.com', { host });
    await page.goto(url('/account/payment-methods'));
    await expect(page).toHaveURL(url('/jsp/account/common/account_details.jsp#payment'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');
    await expect(page).toHaveTitle(`Account details | My account | ${BRAND}`);
    await expect(page.locator('#payment')).toContainText('•••• 4242');
    await expect(page.locator('#shipping-address')).toContainText('14 Darling Street');
    await expect(page.getByLabel('Email me offers, new releases and tasting notes')).toBeVisible();
    expect((await pageData(page)).pageType).toBe('account_new');
    await expectAccessible(page);

    const cases: [string, string][] = [
      ['/account', ''],
      ['/account/personal-details', '#shipping-address'],
      ['/account/settings', '#email-settings'],
      ['/account/wine-cellar', ''],
      ['/account/purchased', ''],
    ];
    for (const [path, hash] of cases) {
      await gotoFresh(page, url(path));
      await expect(page, path).toHaveURL(url(`/jsp/account/common/account_details.jsp${hash}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');
    }
  });

  test('the legacy details page keeps the guard', async ({ page }) => {
    const legacy = await rawGet('/jsp/account/common/account_details.jsp', host);
    expect(legacy.status).toBe(302);
    expect(legacy.location).toBe(
      `/login?${new URLSearchParams({ redirectingURL: '/jsp/account/common/account_details.jsp', pageTitle: `Login ${BRAND}` })}`,
    );
    await page.goto(url('/account/settings'));
    // The browser keeps the #email-settings of the first redirect; the login page is what matters.
    await expect
      .poll(() => {
        const u = new URL(page.url());
        return u.origin + u.pathname + u.search;
      })
      .toBe(
        url(
          `/login?${new URLSearchParams({ redirectingURL: '/jsp/account/common/account_details.jsp', pageTitle: `Login ${BRAND}` })}`,
        ),
      );
  });
});

test('the account pages fit a phone: the section nav scrolls in one row, nothing widens the page @mobile', async ({
  page,
}) => {
  await logIn(page, 'shopper@example.com');
  for (const path of ['/account', '/account/purchased', '/account/favourites', '/account/settings']) {
    await page.goto(siteUrl('law-au', path));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(scroll, path).toBeLessThanOrEqual(inner);
  }
  // The heading of the page is on the first screen, not below a long list of sections.
  const top = await page.getByRole('heading', { level: 1 }).evaluate((h) => h.getBoundingClientRect().top);
  expect(top).toBeLessThan(page.viewportSize()!.height / 2);
});
