import { expect } from 'vitest';
import { DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET } from '../../db/demo/staff';
import type { FixedClock } from '../../domain/clock';
import type { App } from '../../server/app';
import { totpCodeAt } from '../../services/staff/totp';
import { createVisitor } from './test-app';

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
