import { LOGIN_MESSAGES, nameRequiredMessage } from './identity-rules';

// The messages of the login and registration forms posted without script: the server sends the visitor back with
// ?error={code}, and the page's loader shows that code's message. A module of its own, read by loaders and the
// server only, so that no page's scripts carry these tables.

/** The login form without script comes back to /login?error={code}; the page shows the code's message. */
export const LOGIN_FORM_ERRORS = {
  email: LOGIN_MESSAGES.email,
  password: LOGIN_MESSAGES.password,
  failed: LOGIN_MESSAGES.failed,
  throttled: LOGIN_MESSAGES.throttled,
  generic: LOGIN_MESSAGES.generic,
} as const;
export type LoginFormError = keyof typeof LOGIN_FORM_ERRORS;

/** The message of a form's ?error={code} (a code not in the form's table shows nothing). */
export function formErrorMessage(
  table: Readonly<Record<string, string>>,
  code: string | null | undefined,
): string | null {
  return code && Object.hasOwn(table, code) ? (table[code] ?? null) : null;
}

/** The registration form without script comes back with ?error={code}; the page shows the code's message. */
export const REGISTRATION_FORM_ERRORS = {
  firstName: nameRequiredMessage('first name'),
  lastName: nameRequiredMessage('last name'),
  email: LOGIN_MESSAGES.email,
  password: LOGIN_MESSAGES.passwordRule,
  taken: LOGIN_MESSAGES.emailTaken,
  throttled: LOGIN_MESSAGES.registrationThrottled,
  generic: LOGIN_MESSAGES.generic,
} as const;
export type RegistrationFormError = keyof typeof REGISTRATION_FORM_ERRORS;
