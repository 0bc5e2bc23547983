// Texts with a runtime part (an amount, a count, an item code) as the domain hands them out: the English ICU
// template, which is the text's key in the message catalogues (docs/decisions/012), and the values of its
// placeholders. Whoever sends or shows the text renders it in the shopper's language; without a catalogue it reads
// as the English the template spells out. Texts without a runtime part stay plain strings.

export type MessageValues = Readonly<Record<string, string | number>>;

export interface Message {
  /** The English ICU template, e.g. 'This voucher needs an order of at least {amount}.' */
  readonly id: string;
  readonly values: MessageValues;
}

/** A text for the shopper: plain English, or a template with its values. */
export type Text = string | Message;

/** What renders a text from a catalogue: a Lingui I18n (kept structural: the domain imports no i18n library). */
export interface Translator {
  _(id: string, values?: Record<string, unknown>): string;
}

export function message(id: string, values: MessageValues): Message {
  return { id, values };
}

export function isMessage(text: unknown): text is Message {
  return typeof text === 'object' && text !== null && typeof (text as Message).id === 'string';
}

/**
 * The text in the translator's language: a plain text through its catalogue entry (the English itself when it
 * has none), a template filled in with its values.
 */
export function translate(i18n: Translator, text: Text): string {
  if (typeof text === 'string') return i18n._(text);
  const shown = i18n._(text.id, { ...text.values });
  // NOTE: a catalogue without the template answers its key (app/lib/i18n.ts `missing`): fill it in English then.
  return shown === text.id ? englishText(text) : shown;
}

/**
 * A text as the server sends it (API statusMessages, cart validations, a form action's errors): a template in
 * the shopper's language (English without a translator); a plain text as written, which the page translates
 * where it shows it, keyed by its English wording (marked for the catalogues where it is written) — clients also match some plain texts.
 */
export function sentText(i18n: Translator | undefined, text: Text): string {
  if (typeof text === 'string') return text;
  return i18n ? translate(i18n, text) : englishText(text);
}

/**
 * A template filled in as English: `{name}` takes the value; `{name, plural, one {…} other {…}}` (and `=N`
 * cases) picks the English plural form, whose text may name values again.
 */
export function englishText(text: Text): string {
  return typeof text === 'string' ? text : fill(text.id, text.values);
}

const englishPlurals = new Intl.PluralRules('en');

function fill(template: string, values: MessageValues): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const open = template.indexOf('{', i);
    if (open < 0) return out + template.slice(i);
    out += template.slice(i, open);
    const close = matchingBrace(template, open);
    const [name = '', kind, ...rest] = splitTop(template.slice(open + 1, close));
    const value = values[name.trim()];
    if (kind?.trim() === 'plural') {
      const forms = pluralForms(rest.join(','));
      const n = Number(value);
      out += fill(forms.get(`=${n}`) ?? forms.get(englishPlurals.select(n)) ?? forms.get('other') ?? '', values);
    } else {
      out += value === undefined ? `{${name}}` : String(value);
    }
    i = close + 1;
  }
  return out;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced braces in message template: ${text}`);
}

/** The comma-separated parts of a placeholder, commas inside nested braces left alone. */
function splitTop(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '{') depth++;
    else if (inner[i] === '}') depth--;
    else if (inner[i] === ',' && depth === 0 && parts.length < 2) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}

/** `one {…} other {…}` as a map from selector to form. */
function pluralForms(cases: string): Map<string, string> {
  const forms = new Map<string, string>();
  let i = 0;
  while (i < cases.length) {
    const open = cases.indexOf('{', i);
    if (open < 0) break;
    const close = matchingBrace(cases, open);
    forms.set(cases.slice(i, open).trim(), cases.slice(open + 1, close));
    i = close + 1;
  }
  return forms;
}

/** The parts of a zod issue a message is built from. */
export interface IssueLike {
  readonly code?: string;
  readonly message: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly params?: Record<string, unknown>;
}

/**
 * A zod issue's text. A schema's message may name the check's bound as `{minimum}` or `{maximum}` (zod's own
 * fields of the issue); a custom issue carries its template's values as `params.values`.
 */
export function issueText(issue: IssueLike): Text {
  const values = issue.params?.values;
  if (values && typeof values === 'object') return message(issue.message, values as MessageValues);
  if (/\{(minimum|maximum)\}/.test(issue.message)) {
    return message(issue.message, {
      ...(issue.minimum === undefined ? {} : { minimum: Number(issue.minimum) }),
      ...(issue.maximum === undefined ? {} : { maximum: Number(issue.maximum) }),
    });
  }
  return issue.message;
}
