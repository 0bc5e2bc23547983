import { DEMO_STAFF_PASSWORD } from '../../db/demo/staff';
import { CONSOLE, demoCode, enterCode, signIn } from './support/console';
import { E2E_OPERATOR_TOKEN } from '../support/operator-token';
import { expect, expectAccessible, PORT, test } from './support/fixtures';

// The operator console's shell (CONTRACT.md "Operator console", decision 041): signing in with a password and an
// authenticator code, the work queue, signing out, a one-time set-up link, with and without JavaScript. Each test
// signs in a demo staff member of its own: a code is accepted once, and the other worker's tests run beside these.

test.describe('the operator console', () => {
  // A sign-in may wait out a 30-second step another test's sign-in of the same account took (support/console.ts).
  test.describe.configure({ timeout: 150_000 });
  test('signs staff in with password and code, shows the work queue, and signs out', { tag: '@db' }, async ({
    page,
    allowConsoleErrors,
  }) => {
    // The refused password and code answer 401, which Chromium reports.
    allowConsoleErrors(/status of 401 .*\/admin\/login\.data/);
    const answer = await page.goto(CONSOLE);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(answer?.headers()['cache-control']).toBe('no-store');
    expect(answer?.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Email').fill('support@staff.example');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email or password is not right.');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await code.fill('000000' === demoCode() ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('That authentication code is not right');
    await expectAccessible(page);
    await enterCode(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('support@staff.example · support')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Orders to ship' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Authorised, not captured' })).toBeVisible();
    const sales = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Sales' }) });
    await expect(sales.getByRole('rowheader', { name: 'law-tw' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Emails that could not be sent' })).toBeVisible();
    await expectAccessible(page);
    const cookies = await page.context().cookies(CONSOLE);
    expect(cookies.find((c) => c.name === 'staff_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    // Keyboard: the skip link leads to the page's content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
    await page.goto(CONSOLE);
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  test('works without JavaScript, and limits a site-limited account’s queue to its sites', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, 'hk@staff.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
    const rows = page.getByRole('table').first().getByRole('rowheader');
    await expect(rows).toHaveText(['law-hk', 'hlw-hk']);
    await expect(page.getByText(/HK\$[\d,.]+ HKD/).first()).toBeVisible();
    // Failed emails belong to no site: a site-limited account does not see them.
    await expect(page.getByRole('heading', { name: 'Emails that could not be sent' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
    await context.close();
  });

  test('a one-time set-up link sets a password and enrols an authenticator, on a tablet', async ({
    browser,
    request,
    allowConsoleErrors,
  }) => {
    // The short password answers 400; the used link's page 404.
    allowConsoleErrors(/status of 400 .*\/admin\/setup\.data/, /status of 404 .*\/admin\/setup/);
    const email = `setup-${Date.now()}@staff.example`;
    const added = await request.post(`http://127.0.0.1:${PORT}/api/operator/staff`, {
      headers: { authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
      data: { email, role: 'support', actor: 'e2e' },
    });
    expect(added.status()).toBe(200);
    const { setupLink } = (await added.json()).response as { setupLink: string };

    const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
    const page = await context.newPage();
    await page.goto(setupLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your console account' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expectAccessible(page);
    const secret = (await page.locator('.secret code').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole('link', { name: /^otpauth:\/\/totp\// })).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('New password again').fill('short');
    await page.getByLabel('Authentication code').fill(demoCode(0, secret));
    await page.getByRole('button', { name: 'Set up my account' }).click();
    await expect(page.getByRole('alert')).toHaveText('The password must be at least 12 characters.');

    await page.getByLabel('New password', { exact: true }).fill('a long enough password');
    await page.getByLabel('New password again').fill('a long enough password');
    await page.getByLabel('Authentication code').fill(demoCode(0, secret));
    await page.getByRole('button', { name: 'Set up my account' }).click();
    await expect(page.getByRole('status')).toHaveText('Your account is set up. Sign in with your new password.');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Authentication code').fill(demoCode(1, secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(`${email} · support`)).toBeVisible();

    // The link opened the account once.
    const again = await page.goto(setupLink);
    expect(again?.status()).toBe(404);
    await expect(page.getByText('This set-up link is not valid any more. Ask an owner for a new one.')).toBeVisible();
    await context.close();
  });

  test('an owner adds, resets and disables staff, and reads the audit log; support is offered neither', async ({
    page,
    browser,
    allowConsoleErrors,
  }) => {
    // The support account's direct visit to the staff page is refused (403), which Chromium reports.
    allowConsoleErrors(/status of 403/, /status of 401 .*\/admin\/login\.data/);
    await signIn(page, 'manager@staff.example');
    await expect(page.getByRole('heading', { level: 1, name: 'Work queue' })).toBeVisible();
    // A manager may not manage staff or read the audit log: the console does not offer them.
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link')).toHaveText([
      'Work queue',
      'Orders',
      'Customers',
      'Products',
      'Vouchers',
      'Gift cards',
      'Reviews',
      'Campaigns',
    ]);
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('table').getByRole('columnheader', { name: 'Customer' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Order number, email or name').fill('nobody-by-this-name');
    await page.getByLabel('Status').selectOption('SHIPPED');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]status=SHIPPED(&|$)/);
    await expect(page.getByRole('status')).toHaveText('No orders match.');

    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, 'owner@staff.example');
    await owner.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expectAccessible(owner);
    const email = `picker-${Date.now()}@staff.example`;
    const form = owner.getByRole('form', { name: 'Add a staff member' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Role').selectOption('fulfilment');
    await form.getByLabel('vir-au').check();
    await form.getByRole('button', { name: 'Add and make a set-up link' }).click();
    await expect(owner.getByRole('status')).toContainText(`${email} was added.`);
    await expect(owner.getByRole('status').locator('code')).toHaveText(/\/admin\/setup\?token=[\w-]{43}$/);
    const row = owner.getByRole('row').filter({ has: owner.getByRole('rowheader', { name: email }) });
    await expect(row.getByRole('cell')).toHaveText([
      'fulfilment',
      'vir-au',
      'Set-up pending',
      /\d{4}-\d{2}-\d{2}/,
      /Reset/,
    ]);
    await row.getByRole('button', { name: `Disable ${email}` }).click();
    await expect(owner.getByRole('status')).toHaveText(`${email} is disabled and signed out.`);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Disabled');

    await owner.getByRole('link', { name: 'Audit log' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await owner.getByLabel('Person (email)').fill('owner@staff.example');
    await owner.getByRole('button', { name: 'Filter' }).click();
    // The filter is a GET form: the search is in the page's address.
    await expect(owner).toHaveURL(/[?&]actor=owner%40staff\.example(&|$)/);
    const entries = owner.getByRole('table');
    await expect(entries.getByRole('rowheader', { name: 'staff.add' }).first()).toBeVisible();
    await expect(entries.getByRole('rowheader', { name: 'staff.disable' }).first()).toBeVisible();
    await expectAccessible(owner);
    await ownerContext.close();

    // Opened directly, the page answers the role's refusal.
    const refused = await page.goto(`${CONSOLE}/staff`);
    expect(refused?.status()).toBe(403);
    await expect(page.getByText('Your role may not do this. Ask an owner if you need it.')).toBeVisible();
  });
});
