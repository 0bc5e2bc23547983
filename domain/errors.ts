import type { Text } from './message';

// The error contract (decision 033), as Medusa's MedusaError(type, message, code) and Saleor's error_codes.py: a
// failure has a kind (what the adapters turn into an HTTP status, http/error-status.ts), a stable code (what a page
// or a client tells failures apart by, whatever the language of their text) and, when it belongs to one, the form
// field it is about. Each area declares its errors beside the texts they go with (CHECKOUT_ERRORS beside
// CHECKOUT_MESSAGES, …): a use case throws one of those objects, so a code cannot be misspelt.

export const ERROR_KINDS = [
  /** The input breaks a rule (bad quantity, wrong current password). */
  'invalid',
  /** The thing asked for does not exist, or is not the caller's to see. */
  'not_found',
  /** The request clashes with what is already there (an email already registered). */
  'conflict',
  /** The caller must log in (again) first. */
  'unauthorised',
  /** The caller is known but may not do this. */
  'forbidden',
  /** Too many attempts; try again later. */
  'throttled',
  /** The request is bigger than we accept. */
  'too_large',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** A failure as an area declares it. `field` is the name of the storefront form's field it is shown beside. */
export interface ErrorType {
  readonly kind: ErrorKind;
  /** `area.reason`, e.g. `checkout.email_invalid`; never reworded once clients or pages tell failures apart by it. */
  readonly code: string;
  readonly field?: string;
  /** The shopper's text, when it has no runtime part; a template's text is given where the error is thrown. */
  readonly text?: Text;
}

/** A declared error whose text is part of its declaration. */
export type ErrorWithText = ErrorType & { readonly text: Text };

/**
 * An area's errors, each checked against ErrorType and typed as written (whether it has a text). Nothing but the
 * argument back, so a bundle that uses none of an area's errors leaves them out.
 */
export function declareErrors<const T extends Record<string, ErrorType>>(errors: T): T {
  return errors;
}

/** The code of a failure no page or client tells apart from the others of its kind: the kind's own. */
export const GENERIC_ERRORS = /* @__PURE__ */ declareErrors({
  invalid: { kind: 'invalid', code: 'invalid' },
  not_found: { kind: 'not_found', code: 'not_found' },
  conflict: { kind: 'conflict', code: 'conflict' },
  unauthorised: { kind: 'unauthorised', code: 'unauthorised' },
  forbidden: { kind: 'forbidden', code: 'forbidden' },
  throttled: { kind: 'throttled', code: 'throttled' },
  too_large: { kind: 'too_large', code: 'too_large' },
}) satisfies Record<ErrorKind, ErrorType>;

export function isErrorType(value: unknown): value is ErrorType {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, code } = value as Partial<ErrorType>;
  return typeof code === 'string' && (ERROR_KINDS as readonly unknown[]).includes(kind);
}
