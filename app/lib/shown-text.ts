import type { I18n } from '@lingui/core';

/**
 * A text from the server (or one of the page's own fixed messages) in the page's language: its catalogue entry
 * when it has one, otherwise the text as sent (a message with a runtime part): the catalogue's `missing` handler
 * (app/lib/i18n.ts) answers the text itself, never compiled as a pattern.
 */
export function shownText(i18n: I18n, text: string): string;
export function shownText(i18n: I18n, text: string | null | undefined): string | null;
export function shownText(i18n: I18n, text: string | null | undefined): string | null {
  if (!text) return text ?? null;
  return i18n._(text);
}
