import type { ErrorKind, ErrorType, ErrorWithText } from '../../domain/errors';
import { englishText, type Text } from '../../domain/message';

// One error type for every use case, made from a declared error (domain/errors.ts): its kind, which the adapters
// alone turn into an HTTP status (http/error-status.ts), its code and field, which pages and clients tell failures
// apart by, and a message a shopper can read.

export class ServiceError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  /** The form field the failure is shown beside, when it belongs to one. */
  readonly field: string | undefined;
  /** The shopper's text: plain, or a template the answer renders in the site's language (domain/message.ts). */
  readonly text: Text;

  /** A declared error with its own text, or one whose text (a filled-in template, a generic kind's) is given here. */
  constructor(error: ErrorWithText);
  constructor(error: ErrorType, text: Text);
  constructor(error: ErrorType, text?: Text) {
    const shown = text ?? error.text ?? error.code;
    // `message` is the English, for logs.
    super(englishText(shown));
    this.name = 'ServiceError';
    this.kind = error.kind;
    this.code = error.code;
    this.field = error.field;
    this.text = shown;
  }
}
