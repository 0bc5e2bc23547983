// One rule for every piece of text a visitor sends (paths, queries, JSON and form fields): no control
// characters (tab, line feed and carriage return excepted) and no lone UTF-16 surrogates. PostgreSQL
// refuses NUL in text, and neither has a place in a name, an email, a code or a search.

const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

export const UNSAFE_TEXT_MESSAGE = 'Please remove the control characters from what you entered.';

export function isSafeText(text: string): boolean {
  return !UNSAFE.test(text);
}

/** The text without the characters isSafeText refuses (for a search a shopper may have pasted). */
export function stripUnsafeText(text: string): string {
  return text.replace(UNSAFE_ALL, '');
}

/** True when every string anywhere in a parsed JSON value (keys included) is safe. */
export function isSafeValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isSafeText(value);
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.every((v) => isSafeValue(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => isSafeText(k) && isSafeValue(v, depth + 1));
  }
  return true;
}
