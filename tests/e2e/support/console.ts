import { closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../../../db/demo/staff';
import { totpCodeAt } from '../../../services/staff/totp';
import { PORT } from './fixtures';

// The operator console in the browser tests: its address and a demo staff member's sign-in (CONTRACT.md "Demo staff").

export const CONSOLE = `http://127.0.0.1:${PORT}/admin`;

/** The code the demo authenticator shows now (or `steps` 30-second steps later). */
export const demoCode = (steps = 0, secret = DEMO_STAFF_TOTP_SECRET) =>
  totpCodeAt(secret, new Date(Date.now() + steps * 30_000));

/**
 * Takes this 30-second step's code of `email` for this test alone: a code is accepted once, and a second test (in
 * another worker) signing the same account in within the step would fail, each failure counted by the sign-in
 * throttle, which a whole run's sign-ins then reach. A file per account and step, made exclusively, is the claim;
 * a step claimed already is waited out.
 */
async function claimCodeStep(email: string): Promise<void> {
  for (;;) {
    const step = Math.floor(Date.now() / 30_000);
    try {
      closeSync(openSync(path.join(tmpdir(), `sf-e2e-totp-${PORT}-${email}-${step}`), 'wx'));
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 200));
    }
  }
}

/**
 * Enters the demo authenticator's code at the sign-in's second step and waits for the work queue. A code is accepted
 * once: when this step's was used already (another test signed the same account in within 30 s), the next step's is.
 */
export async function enterCode(page: Page, email?: string) {
  const queue = page.getByRole('heading', { level: 1, name: 'Work queue' });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (email) await claimCodeStep(email);
    await page.getByLabel('Authentication code').fill(demoCode());
    // The answer to this code (an alert of an earlier wrong code may still be on the page).
    await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/login'),
      ),
      page.getByRole('button', { name: 'Sign in' }).click(),
    ]);
    const signedIn = await queue.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (signedIn) return;
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  }
}

/** Signs a demo staff member in and waits for the work queue. */
export async function signIn(page: Page, email: string) {
  await page.goto(`${CONSOLE}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await enterCode(page, email);
}

/**
 * The same staff session in a browser without JavaScript, at the page's window size (its cookies copied: no second
 * sign-in); the page's own browser is closed.
 */
export async function withoutJavaScript(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
  });
  await page.context().close();
  return context.newPage();
}
