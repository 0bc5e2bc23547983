import { expect } from 'vitest';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../../db/demo/staff';
import { type FixedClock, fixedClock } from '../../domain/clock';
import type { App, CreateAppOptions } from '../../server/app';
import { totpCodeAt } from '../../services/staff/totp';
import { createVisitor, useTestApp } from './test-app';

// A console browser in the API tests: a cookie jar signed in as a demo staff member (CONTRACT.md "Demo staff").

/** The code an authenticator shows `steps` 30-second steps from the clock's now. */
export function staffCodeAt(clock: FixedClock, steps = 0, secret = DEMO_STAFF_TOTP_SECRET): string {
  return totpCodeAt(secret, new Date(clock.now().getTime() + steps * 30_000));
}

/** Signs a demo staff member in, moving the clock to a step of its own so that no earlier code is reused. */
export async function staffSignIn(getApp: () => App, clock: FixedClock, email: string, password = DEMO_STAFF_PASSWORD) {
  clock.advance(31_000);
  const v = createVisitor(getApp, 'law-au');
  const first = await v.call('POST', '/api/admin/session', { email, password });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const second = await v.call('POST', '/api/admin/session/code', { code: staffCodeAt(clock) });
  expect(second.status, JSON.stringify(second.body)).toBe(200);
  return v;
}

/**
 * One fresh database and app for a console test file (useTestApp), on a fixed clock of the file's own that sign-ins
 * move, with `renderPage` for the pages a test reads through the page cache.
 */
export function useConsoleApp(options: { renderPage?: CreateAppOptions['renderPage'] } = {}) {
  const clock = fixedClock(new Date());
  const t = useTestApp({}, { clock, ...options });
  return {
    clock,
    get app(): App {
      return t.app;
    },
    get testDb() {
      return t.testDb;
    },
    db: () => t.testDb.database.db,
    /** A console browser signed in as the demo staff member `email`. */
    signIn: (email: string) => staffSignIn(() => t.app, clock, email),
    /** A new app over another Database (a restart, another process), on the same clock and pages. */
    appOn: t.appOn,
    /** An app on a second connection to the test database, as another process (PostgreSQL only). */
    anotherProcess: t.anotherProcess,
  };
}
