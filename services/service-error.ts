import { englishText, type Text } from '../domain/message';

// One error type for every use case. A service says what kind of failure it is and gives a message a
// shopper can read; only server/ turns the kind into an HTTP status (server/envelope.ts).

export type ErrorKind =
  /** The input breaks a rule (bad quantity, wrong current password). */
  | 'invalid'
  /** The thing asked for does not exist, or is not the caller's to see. */
  | 'not_found'
  /** The request clashes with what is already there (an email already registered). */
  | 'conflict'
  /** The caller must log in (again) first. */
  | 'unauthorised'
  /** The caller is known but may not do this. */
  | 'forbidden'
  /** Too many attempts; try again later. */
  | 'throttled'
  /** The request is bigger than we accept. */
  | 'too_large';

export class ServiceError extends Error {
  /** The shopper's text: plain, or a template the answer renders in the site's language (domain/message.ts). */
  readonly text: Text;

  constructor(
    readonly kind: ErrorKind,
    text: Text,
  ) {
    // `message` is the English, for logs and for callers that match a plain text.
    super(englishText(text));
    this.name = 'ServiceError';
    this.text = text;
  }
}
