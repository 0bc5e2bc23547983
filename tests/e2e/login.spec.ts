import type { Locator, Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  dataLayer,
  expect,
  expectAccessible,
  gotoHydrated,
  logIn,
  pageData,
  pauseClock,
  reloadHydrated,
  siteUrl,
  waitForHydration,
  test,
} from './support/fixtures';

// SPEC §4 (visitor, login modal), §5 (login form), §8 (login failure), §2 (redirectingURL, Logout).

const AUTH = '/api/authentication/';

/** Records the authentication calls the page makes, in order ('login', 'logout', 'register'). */
function recordAuthCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith(AUTH)) calls.push(path.slice(AUTH.length));
  });
  return calls;
}

function loginDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Log in' });
}

async function openLoginModal(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Log in' }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills and submits a login form, then lets the 2 s submit delay pass on the fake clock. */
async function submitLogin(page: Page, scope: Locator, email: string, password = DEMO_PASSWORD) {
  await scope.getByLabel('Email address').fill(email);
  await scope.getByLabel('Password').fill(password);
  await scope.getByRole('button', { name: 'Log in' }).click();
  await expect(scope.getByRole('status')).toHaveText('Logging you in…');
  await page.clock.runFor(2_000);
}

test.describe('login form validation', () => {
  test('each message shows in a warning alert and no request is sent', async ({ page }) => {
    const calls = recordAuthCalls(page);
    await gotoHydrated(page, '/login');
    const form = page.getByRole('main');
    const submit = form.getByRole('button', { name: 'Log in' });
    const warning = form.getByRole('alert');

    await submit.click();
    await expect(warning).toHaveClass('alert alert--warning');
    await expect(warning).toContainText('Please enter a valid email address');
    await expect(warning).toContainText('Password is required');
    await expect(form.getByLabel('Email address')).toBeFocused();

    await form.getByLabel('Email address').fill('someone@example');
    await form.getByLabel('Password').fill('anything');
    await submit.click();
    await expect(warning).toHaveText('Please enter a valid email address');
    await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Email address').fill('someone@example.com');
    await form.getByLabel('Password').fill('');
    await submit.click();
    await expect(warning).toHaveText('Password is required');
    await expect(warning).toHaveClass('alert alert--warning');
    await expect(form.getByRole('status')).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('spaces cannot be typed or pasted into the email field', async ({ page }) => {
    await gotoHydrated(page, '/login');
    const email = page.getByRole('main').getByLabel('Email address');
    await email.pressSequentially('ol ivia@exa mple.com ');
    await expect(email).toHaveValue('olivia@example.com');
    await email.fill(' a b@example.com ');
    await expect(email).toHaveValue('ab@example.com');
  });

  test('/login and its default title are accessible', async ({ page }) => {
    await gotoHydrated(page, '/login');
    await expect(page).toHaveTitle('Login Laithwaites');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login Laithwaites');
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('logging in', () => {
  test.beforeEach(async ({ page }) => pauseClock(page));

  test('the modal shows progress, sends after 2 s and reloads the page as a Hard Logged-In customer', {
    tag: '@db',
  }, async ({ page }) => {
    const calls = recordAuthCalls(page);
    await gotoHydrated(page, '/wines');
    expect(await pageData(page)).toMatchObject({ visitorType: 'Prospect', visitorTypeDetailed: 'Prospect', email: '' });
    // Without script the link still leads to the login page, back to here afterwards.
    await expect(
      page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Log in' }),
    ).toHaveAttribute('href', '/login?redirectingURL=%2Fwines&pageTitle=Login+Laithwaites');
    const dialog = await openLoginModal(page);

    await dialog.getByLabel('Email address').fill('shopper@example.com');
    await dialog.getByLabel('Password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Logging you in…');
    await expect(dialog.getByRole('button', { name: 'Log in' })).toHaveCount(0);

    await page.clock.runFor(1_999);
    expect(calls).toEqual([]);
    const loaded = page.waitForEvent('load');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/authentication/login'));
    await page.clock.runFor(1);
    await sent;
    await loaded;
    await expect(page).toHaveURL(siteUrl('law-au', '/wines'));
    expect(await pageData(page)).toMatchObject({
      visitorType: 'Current',
      visitorTypeDetailed: 'Hard Logged-In',
      email: 'shopper@example.com',
    });
    expect(calls).toEqual(['login']);
    const account = page.getByRole('navigation', { name: 'Your account' });
    await expect(account.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    await expect(account.getByRole('link', { name: 'Favorites' })).toHaveAttribute('href', '/account/favourites');
    await expect(account.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  });

  test('/login follows a same-origin redirectingURL and takes pageTitle', { tag: '@db' }, async ({ page }) => {
    await gotoHydrated(
      page,
      `/login?${new URLSearchParams({ redirectingURL: '/wines?name=red-wine', pageTitle: 'Log in to see your cellar' })}`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to see your cellar');
    await expect(page).toHaveTitle('Log in to see your cellar');
    await submitLogin(page, page.getByRole('main'), 'shopper@example.com');
    await page.waitForURL(siteUrl('law-au', '/wines?name=red-wine'));
    expect((await pageData(page)).visitorTypeDetailed).toBe('Hard Logged-In');

    // Already logged in: /login sends straight on.
    await page.goto('/login?redirectingURL=%2Fcart');
    await expect(page).toHaveURL(siteUrl('law-au', '/cart'));
  });

  test('/login ignores an off-site redirectingURL', { tag: '@db' }, async ({ page }) => {
    await gotoHydrated(page, `/login?${new URLSearchParams({ redirectingURL: 'https://evil.example/steal' })}`);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) requests.push(r.url());
    });
    await submitLogin(page, page.getByRole('main'), 'shopper@example.com');
    // The page reloads; a Hard Logged-In visitor on /login goes to the account.
    await page.waitForURL((url) => url.pathname === '/account');
    expect(new URL(page.url()).origin).toBe(siteUrl('law-au', ''));
    expect(requests.some((url) => new URL(url).hostname === 'evil.example')).toBe(false);
  });

  test('login from Favorites shows the popover and lands on the favourites list', { tag: '@db' }, async ({ page }) => {
    await gotoHydrated(page, '/');
    const account = page.getByRole('navigation', { name: 'Your account' });
    await account.getByRole('link', { name: 'Favorites' }).click();
    await expect(account.getByRole('status')).toHaveText('Log in to see your favourites');
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    const landed = page.waitForRequest(
      (r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/jsp/account/common/account_lists.jsp',
    );
    await submitLogin(page, dialog, 'shopper@example.com');
    await landed;
    await page.waitForURL((url) =>
      /\/jsp\/account\/common\/account_lists\.jsp#\/favorites$|\/account\/favourites$/.test(url.href),
    );
  });

  for (const site of ['law-au', 'law-nz']) {
    test(`a login on the ${site} registration page goes home`, { tag: '@db' }, async ({ page }) => {
      await gotoHydrated(page, siteUrl(site, '/registration'));
      expect((await pageData(page)).pageType).toBe('registration');
      const existing = page.getByRole('region', { name: 'Already have an account?' });
      await submitLogin(page, existing, 'shopper@example.com');
      await page.waitForURL(siteUrl(site, '/'));
      expect((await pageData(page)).visitorTypeDetailed).toBe('Hard Logged-In');
    });
  }

  test('a login on a US registration page reloads it instead', { tag: '@db' }, async ({ page }) => {
    await gotoHydrated(page, siteUrl('wsj-us', '/registration'));
    const loaded = page.waitForEvent('load');
    await submitLogin(page, page.getByRole('region', { name: 'Already have an account?' }), 'shopper@example.com');
    await loaded;
    await expect(page).toHaveURL(siteUrl('wsj-us', '/registration'));
    expect((await pageData(page)).visitorTypeDetailed).toBe('Hard Logged-In');
  });

  test('a wrong password shows the statusMessage in the danger alert and is tracked', { tag: '@db' }, async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource: .* 401 .*\/api\/authentication\/login\)$/);
    await gotoHydrated(page, '/');
    const dialog = await openLoginModal(page);
    await submitLogin(page, dialog, 'shopper@example.com', 'Wrong-password1');
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText('The email address or password you entered is incorrect.');
    await expect(alert).toHaveClass('alert alert--danger');
    await expect(dialog.getByRole('status')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await dataLayer(page)).toContainEqual({
      event: 'gaEvent',
      eventCategory: 'Login',
      eventAction: 'Login Error',
      eventLabel: 'The email address or password you entered is incorrect.',
    });
    expect((await pageData(page)).visitorType).toBe('Prospect');
  });

  test('HTTP 500 shows the generic message', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource: .* 500 .*\/api\/authentication\/login\)$/);
    await page.route('**/api/authentication/login', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 1, statusMessage: 'boom' }),
      }),
    );
    await gotoHydrated(page, '/');
    const dialog = await openLoginModal(page);
    await submitLogin(page, dialog, 'shopper@example.com');
    await expect(dialog.getByRole('alert')).toHaveText('Something went wrong. Please try again later.');
    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({
        eventAction: 'Login Error',
        eventLabel: 'Something went wrong. Please try again later.',
      }),
    );
  });
});

test.describe('the login modal', () => {
  test('blocks the other pop-ups while open and restores the flags on hide', async ({ page }) => {
    await gotoHydrated(page, '/');
    const flags = () =>
      page.evaluate(() => ({
        preference: sessionStorage.getItem('preferenceModalBlocked'),
        emailCapture: sessionStorage.getItem('emailCaptureBlocked'),
      }));

    // No earlier email-capture flag: it is removed again on hide.
    let dialog = await openLoginModal(page);
    expect(await flags()).toEqual({ preference: 'true', emailCapture: 'true' });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await flags()).toEqual({ preference: 'false', emailCapture: null });
    await expect(
      page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Log in' }),
    ).toBeFocused();

    // An earlier value comes back.
    await page.evaluate(() => sessionStorage.setItem('emailCaptureBlocked', 'false'));
    dialog = await openLoginModal(page);
    expect(await flags()).toEqual({ preference: 'true', emailCapture: 'true' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await flags()).toEqual({ preference: 'false', emailCapture: 'false' });
  });

  test('hiding clears the fields and the alerts; a request shows its prompt', async ({ page }) => {
    await gotoHydrated(page, '/');
    let dialog = await openLoginModal(page);
    await expect(dialog.getByLabel('Email address')).toBeFocused();
    await dialog.getByLabel('Email address').fill('shopper@example.com');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Password is required');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('storefront:login-request', { detail: { prompt: 'Log in to Favourite this wine' } }),
      ),
    );
    dialog = loginDialog(page);
    await expect(dialog.getByText('Log in to Favourite this wine')).toBeVisible();
    await expect(dialog.getByLabel('Email address')).toHaveValue('');
    await expect(dialog.getByLabel('Password')).toHaveValue('');
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });

  test('the forgot-password link keeps the typed email for the reset form', async ({ page }) => {
    await gotoHydrated(page, '/');
    const dialog = await openLoginModal(page);
    await dialog.getByLabel('Email address').fill('olivia@example.com');
    await dialog.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(siteUrl('law-au', '/forgot-password'));
    expect(await page.evaluate(() => localStorage.getItem('forgottenPasswordEmail'))).toBe('olivia@example.com');
    const email = page.getByRole('main').getByLabel('Email address');
    await expect(email).toHaveValue('olivia@example.com');
    await page.getByRole('button', { name: 'Reset my password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'If an account exists for this address, we have sent it a link to choose a new password. The link works for one hour.',
    );
    await expectAccessible(page);
  });
});

test.describe('stacked modals', () => {
  test.use({ ageVerified: false });

  test('the login modal opened over the age gate stacks at 1050 above it at 1040', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByRole('dialog', { name: 'Welcome to Laithwaites' })).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('storefront:login-request', { detail: {} })));
    await expect(loginDialog(page)).toBeVisible();
    const zIndexes = await page
      .locator('[data-modal-open]')
      .evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).zIndex));
    expect(zIndexes.sort()).toEqual(['1040', '1050']);
    const loginZ = await loginDialog(page).evaluate((node) => getComputedStyle(node.parentElement!).zIndex);
    expect(loginZ).toBe('1050');
  });
});

test.describe('Soft Logged-In and switching customers', { tag: '@db' }, () => {
  test.beforeEach(async ({ page, context }) => {
    await logIn(page, 'shopper@example.com');
    await context.clearCookies({ name: 'sid' });
    await pauseClock(page);
  });

  test('a remembered customer is welcomed back and logs out before logging in again', async ({ page }) => {
    await gotoHydrated(page, '/');
    expect(await pageData(page)).toMatchObject({ visitorType: 'Prospect', visitorTypeDetailed: 'Soft Logged-In' });
    const account = page.getByRole('navigation', { name: 'Your account' });
    await expect(account).toContainText('Welcome back, Olivia');
    await expect(account.getByRole('link', { name: 'Log in' })).toBeVisible();

    const calls = recordAuthCalls(page);
    const loaded = page.waitForEvent('load');
    await submitLogin(page, await openLoginModal(page), 'shopper@example.com');
    await loaded;
    expect(calls).toEqual(['logout', 'login']);
    expect(await pageData(page)).toMatchObject({ visitorTypeDetailed: 'Hard Logged-In', email: 'shopper@example.com' });
  });

  test('logging in as another customer from a Soft state works', async ({ page }) => {
    await gotoHydrated(page, '/');
    const calls = recordAuthCalls(page);
    const loaded = page.waitForEvent('load');
    await submitLogin(page, await openLoginModal(page), 'unlimited@example.com');
    await loaded;
    expect(calls).toEqual(['logout', 'login']);
    expect(await pageData(page)).toMatchObject({
      visitorTypeDetailed: 'Hard Logged-In',
      email: 'unlimited@example.com',
    });
  });
});

test.describe('logging out', () => {
  test('the Log out button lands on /?Logout as a Prospect, and back navigation goes home', { tag: '@db' }, async ({
    page,
  }) => {
    await logIn(page, 'shopper@example.com');
    await gotoHydrated(page, '/wines');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(siteUrl('law-au', '/?Logout'));
    expect(await pageData(page)).toMatchObject({ visitorType: 'Prospect', visitorTypeDetailed: 'Prospect', email: '' });
    await expect(
      page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Log in' }),
    ).toBeVisible();

    await page.goto('/cart');
    await page.goBack();
    await page.waitForURL(siteUrl('law-au', '/'));
  });

  test('back from a page opened with ?Logout goes home, not to the page seen logged in', async ({ page }) => {
    await logIn(page, 'shopper@example.com');
    await gotoHydrated(page, '/wines?name=red-wine');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(siteUrl('law-au', '/?Logout'));
    await waitForHydration(page);
    await page.goBack();
    await page.waitForURL(siteUrl('law-au', '/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(page.url()).not.toContain('red-wine');
  });

  test('stepping back inside the app onto a ?Logout page also goes home', async ({ page }) => {
    await gotoHydrated(page, '/?Logout');
    // A reload of /?Logout keeps the URL; only back/forward navigation goes home.
    await reloadHydrated(page);
    await expect(page).toHaveURL(siteUrl('law-au', '/?Logout'));
    await page.getByRole('navigation', { name: 'Wine categories' }).getByRole('link', { name: 'All wines' }).click();
    await expect(page).toHaveURL(siteUrl('law-au', '/wines'));
    await page.goBack();
    await page.waitForURL(siteUrl('law-au', '/'));
  });

  test('a login ended elsewhere: the next page shows a Prospect and takes the ended login’s cookies away', {
    tag: '@db',
  }, async ({ page, playwright }) => {
    await logIn(page, 'shopper@example.com');
    const origin = siteUrl('law-au', '').replace(/\/$/, '');
    const login = (await page.context().cookies(origin)).filter((c) => c.name === 'sid' || c.name === 'remember_me');
    expect(login.map((c) => c.name).sort()).toEqual(['remember_me', 'sid']);
    // Another device logs this session out: the browser still holds its cookie.
    const elsewhere = await playwright.request.newContext();
    // NOTE: Node does not resolve *.localhost as the browser does: the site is named by the Host header.
    const site = new URL(origin);
    const out = await elsewhere.post(`http://127.0.0.1:${site.port}/api/authentication/logout`, {
      headers: { host: site.host, cookie: login.map((c) => `${c.name}=${c.value}`).join('; ') },
    });
    expect(out.status()).toBe(200);
    await elsewhere.dispose();
    await gotoHydrated(page, '/wines?name=red-wine');
    expect(await pageData(page)).toMatchObject({ visitorType: 'Prospect', visitorTypeDetailed: 'Prospect', email: '' });
    const names = (await page.context().cookies(origin)).map((c) => c.name);
    expect(names).not.toContain('sid');
    expect(names).not.toContain('remember_me');
  });

  test('a failed logout shows the message in a danger alert', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Failed to load resource: .* 500 .*\/api\/authentication\/logout\)$/);
    await logIn(page, 'shopper@example.com');
    await page.route('**/api/authentication/logout', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Log out' }).click();
    const alert = page.getByRole('navigation', { name: 'Your account' }).getByRole('alert');
    await expect(alert).toHaveText('Something went wrong. Please try again later.');
    await expect(alert).toHaveClass('alert alert--danger');
    expect((await pageData(page)).visitorTypeDetailed).toBe('Hard Logged-In');
  });
});

test.describe('registration', { tag: '@db' }, () => {
  test('a weak password gets the rule message and no request; a good one creates the account', async ({ page }) => {
    const calls = recordAuthCalls(page);
    await gotoHydrated(page, '/registration');
    const form = page.getByRole('region', { name: 'Create an account' });
    await form.getByLabel('First name').fill('Hugo');
    await form.getByLabel('Last name').fill('Vance');
    const email = `hugo.${Date.now()}@example.com`;
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Password').fill('weakpass');
    await form.getByRole('button', { name: 'Create account' }).click();
    const warning = form.getByRole('alert');
    await expect(warning).toHaveText(
      'Password must be 8-16 characters and contain at least one number and one letter.',
    );
    await expect(warning).toHaveClass('alert alert--warning');
    expect(calls).toEqual([]);
    await expectAccessible(page);

    await form.getByLabel('Password').fill('Vintage2027');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    expect(calls).toEqual(['register']);
    expect(await pageData(page)).toMatchObject({ visitorTypeDetailed: 'Hard Logged-In', email });
  });
});

test.describe('chat widget on the registration password page', () => {
  const PASSWORD_PAGE = '/jsp/registration/common/account_password.jsp';

  test('shows unframed', async ({ page }) => {
    await page.goto(PASSWORD_PAGE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your password');
    expect((await pageData(page)).pageType).toBe('registration');
    await expect(page.locator('[data-chat-widget]')).toBeVisible();
  });

  test('is hidden when the page is framed (and other framed pages keep it)', async ({ page }) => {
    await page.goto('/robots.txt');
    await page.setContent(
      `<iframe title="password" src="${PASSWORD_PAGE}" width="800" height="600"></iframe>` +
        '<iframe title="registration" src="/registration" width="800" height="600"></iframe>',
    );
    const framed = page.frameLocator('iframe[title="password"]');
    await expect(framed.getByRole('heading', { level: 1 })).toHaveText('Create your password');
    await expect(framed.locator('[data-chat-widget]')).toBeHidden();
    await expect(framed.locator('[data-chat-widget]')).toHaveAttribute('hidden', '');
    const other = page.frameLocator('iframe[title="registration"]');
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Create an account');
    await expect(other.locator('[data-chat-widget]')).toBeVisible();
  });
});

test.describe('without script', { tag: '@db' }, () => {
  test.use({ javaScriptEnabled: false });

  test('the login page still logs in and follows redirectingURL; a wrong password comes back with the message', async ({
    page,
  }) => {
    await page.goto(siteUrl('law-au', '/login?redirectingURL=%2Faccount%2Fpurchased'));
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill('shopper@example.com');
    await main.getByLabel('Password').fill('wrong-password');
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?redirectingURL=%2Faccount%2Fpurchased&error=failed$/);
    await expect(main.getByRole('alert')).toHaveText('The email address or password you entered is incorrect.');

    await main.getByLabel('Email address').fill('shopper@example.com');
    await main.getByLabel('Password').fill(DEMO_PASSWORD);
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(siteUrl('law-au', '/account/purchased'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'My account' }),
    ).toBeVisible();
  });

  test('registration and logout work too, and a weak password comes back with the rule', async ({ page }) => {
    await page.goto(siteUrl('law-au', '/registration'));
    const form = page.getByRole('region', { name: 'Create an account' });
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email address').fill(`nojs-${Date.now()}@example.com`);
    await form.getByLabel('Password').fill('weak');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/registration\?error=password$/);
    await expect(form.getByRole('alert')).toHaveText(
      'Password must be 8-16 characters and contain at least one number and one letter.',
    );

    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Email address').fill(`nojs-${Date.now()}@example.com`);
    await form.getByLabel('Password').fill('Cobol1959x');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(siteUrl('law-au', '/account'));
    await expect(page.getByText('Hello, Grace.', { exact: false })).toBeVisible();

    await page.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(siteUrl('law-au', '/?Logout'));
    await expect(
      page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Log in' }),
    ).toBeVisible();
  });
});
