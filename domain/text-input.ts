// One rule for every piece of text a visitor sends (paths, queries, JSON and form fields): no control
// characters (tab, line feed and carriage return excepted) and no lone UTF-16 surrogates. PostgreSQL
// refuses NUL in text, and neither has a place in a name, an email, a code or a search.

export const UNSAFE_TEXT_MESSAGE = /*i18n*/ 'Please remove the control characters from what you entered.';

/** The length of the unsafe character at i (1, or 0 when the character there is fine; pairs count as fine). */
function unsafeLengthAt(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d ? 0 : 1;
  if (c === 0x7f) return 1;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 0 : 1;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const previous = text.charCodeAt(i - 1);
    return previous >= 0xd800 && previous <= 0xdbff ? 0 : 1;
  }
  return 0;
}

export function isSafeText(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (unsafeLengthAt(text, i)) return false;
  return true;
}

/** The text without the characters isSafeText refuses (for a search a shopper may have pasted). */
export function stripUnsafeText(text: string): string {
  if (isSafeText(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) if (!unsafeLengthAt(text, i)) out += text[i];
  return out;
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
