// What never leaves the process in a log line (server/logger.ts) or a span (server/traces.ts): one list of secret
// fields and one scrubber for any text, so that the two cannot drift apart.

/** The fields cut wherever they stand: a log line's field, a span's attribute (by its last dotted part), a URL's parameter. */
export const REDACTED_FIELDS = [
  'cookie',
  'authorization',
  'password',
  'newPassword',
  'card',
  'cardNumber',
  'cvc',
  'expiry',
  'email',
  'to',
  'token',
  'giftCardCode',
  'giftCardCodes',
  'idempotencyKey',
];

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
/** node-postgres and drizzle put a failed statement's parameters in its message: "params: a,b,c". */
const QUERY_PARAMS = /params: [^\n]*/g;
/**
 * A secret's value in a URL's query: the link tokens (order link, password reset, email verification, staff set-up:
 * `?token=`), codes (`?code=`), keys, and the fields above (the list service's pixel carries `email=`).
 */
const SECRET_QUERY_VALUES = new RegExp(`([?&](?:${[...REDACTED_FIELDS, 'code', 'key'].join('|')})=)[^&#\\s"']*`, 'gi');

const SECRET_NAMES = new Set(REDACTED_FIELDS.map((field) => field.toLowerCase()));

/** Whether a field or attribute of this name holds a secret: its name, or its last dotted part (`…header.cookie`). */
export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase());
}

/** `text` without emails, a failed query's parameters, or the secret values of any URL it holds. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, 'params: [redacted]')
    .replace(SECRET_QUERY_VALUES, '$1[redacted]')
    .replace(EMAIL, '[email]');
}
