import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { formatWholeNumber } from '../../domain/money';

/** The catalogue locales (lingui.config.ts); a site's `intlLocale` names one of them. */
export const CATALOGUE_LOCALES = ['en-AU', 'en-NZ', 'en-US', 'zh-HK', 'zh-TW'] as const;
export type CatalogueLocale = (typeof CATALOGUE_LOCALES)[number];

export function catalogueLocaleOf(intlLocale: string | undefined): CatalogueLocale {
  return (CATALOGUE_LOCALES as readonly string[]).includes(intlLocale ?? '')
    ? (intlLocale as CatalogueLocale)
    : 'en-AU';
}

// NOTE: one lazy import per catalogue, so Vite makes a chunk per locale and a page loads only its own
// (the .po files are compiled by @lingui/vite-plugin at build time).
const CATALOGUES = import.meta.glob<{ messages: Messages }>('../locales/*/messages.po');

const loaded = new Map<CatalogueLocale, Promise<I18n>>();
const ready = new Map<CatalogueLocale, I18n>();

/**
 * The i18n instance of a locale, its catalogue loaded and activated. Instances are shared: after activation
 * nothing changes them, so concurrent server renders of different sites never see each other's locale.
 */
export function i18nFor(intlLocale: string | undefined): Promise<I18n> {
  const locale = catalogueLocaleOf(intlLocale);
  let instance = loaded.get(locale);
  if (!instance) {
    const load = CATALOGUES[`../locales/${locale}/messages.po`];
    if (!load) throw new Error(`No message catalogue for ${locale}`);
    instance = load().then(({ messages }) => {
      // A text the catalogue leaves out is shown as its key, the English text (see vite.config.ts).
      const i18n = setupI18n({ locale, messages: { [locale]: messages }, missing: (_locale, id) => id });
      keepWrittenTexts(i18n);
      ready.set(locale, i18n);
      return i18n;
    });
    loaded.set(locale, instance);
  }
  return instance;
}

/** How many texts with values an instance keeps (`keepWrittenTexts`); past that the list starts again. */
const KEPT_TEXTS = 5000;

/**
 * An instance keeps the texts with values it has written (a count, a price, a wine's name): Lingui interpolates a
 * compiled message anew on every call, and a plural one writes out each of its cases first, about 2–3 % of a
 * listing page's server time, for texts a page writes again on every view. Instances never change
 * after activation (see `i18nFor`), so a kept text stays right. Calls with values that are not all strings or
 * numbers, or with formats, are written by Lingui each time.
 *
 * Texts with values are written here, not by Lingui (`writeCompiled`): Lingui formats the count of every plural
 * with a new `Intl.NumberFormat`, `#` or not, and a browser's first one costs 10–20 ms of the main thread while
 * the page hydrates (ICU's number data), measured in Chromium here. Plurals here choose their case with
 * `Intl.PluralRules` (well under 1 ms the first time) and write `#` as `formatWholeNumber` does.
 */
function keepWrittenTexts(i18n: I18n): void {
  const write = i18n._.bind(i18n);
  const kept = new Map<string, string>();
  const plurals = new Map<'cardinal' | 'ordinal', Intl.PluralRules>();
  const pluralOf = (type: 'cardinal' | 'ordinal', n: number) => {
    let rules = plurals.get(type);
    if (!rules) {
      rules = new Intl.PluralRules(i18n.locale, { type });
      plurals.set(type, rules);
    }
    return rules.select(n);
  };
  const writeOwn = (id: string, values: Record<string, unknown>, options?: Parameters<I18n['_']>[2]) => {
    const messages = i18n.messages;
    const compiled = Object.hasOwn(messages, id) ? messages[id] : undefined;
    const text = Array.isArray(compiled) ? writeCompiled(compiled, values, pluralOf) : undefined;
    return text === undefined || ESCAPE_SEQUENCE.test(text) ? write(id, values, options) : text;
  };
  i18n._ = ((id: Parameters<I18n['_']>[0], values?: Record<string, unknown>, options?: Parameters<I18n['_']>[2]) => {
    if (typeof id !== 'string' || values === undefined || options?.formats !== undefined)
      return write(id, values, options);
    let key = id;
    for (const name in values) {
      const value = values[name];
      if (typeof value !== 'string' && typeof value !== 'number') return writeOwn(id, values, options);
      key += `\u0000${name}\u0001${value}`;
    }
    let text = kept.get(key);
    if (text === undefined) {
      text = writeOwn(id, values, options);
      if (kept.size >= KEPT_TEXTS) kept.clear();
      kept.set(key, text);
    }
    return text;
  }) as I18n['_'];
}

/** Lingui's own test for escapes it decodes after writing; a text with one is left to Lingui. */
const ESCAPE_SEQUENCE = /\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}/;

/** A compiled message (@lingui/message-utils): text, `[name]`, or `[name, kind, cases]`. */
type CompiledToken = string | [string] | [string, string, Record<string, unknown>];

/**
 * A compiled message written as Lingui's `interpolate` writes it (@lingui/core): a value by its name (nothing when
 * it is null or undefined), a select by its own case or `other`, a plural by its exact case (`=2`), its plural
 * category, or `other`, with `#` as the count less the offset. Undefined for what it leaves to Lingui: a number,
 * date or time format, a count that is not a whole number, a value that is not plain text or a number.
 */
export function writeCompiled(
  tokens: readonly unknown[],
  values: Record<string, unknown>,
  pluralOf: (type: 'cardinal' | 'ordinal', n: number) => string,
  count?: string,
): string | undefined {
  let out = '';
  for (const token of tokens as readonly CompiledToken[]) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, kind, cases] = token;
    const value = values[name];
    if (kind === undefined) {
      if (value == null) continue;
      if (typeof value !== 'string' && typeof value !== 'number') return undefined;
      out += value;
      continue;
    }
    if (!cases) return undefined;
    let chosen: unknown;
    let inner: string | undefined;
    if (kind === 'select') {
      if (value != null && typeof value !== 'string' && typeof value !== 'number') return undefined;
      chosen = value != null && Object.hasOwn(cases, value) ? cases[value] : cases.other;
    } else if (kind === 'plural' || kind === 'selectordinal') {
      const offset = typeof cases.offset === 'number' ? cases.offset : 0;
      if (typeof value !== 'number' || !Number.isSafeInteger(value - offset)) return undefined;
      chosen =
        cases[value] ?? cases[pluralOf(kind === 'plural' ? 'cardinal' : 'ordinal', value - offset)] ?? cases.other;
      inner = formatWholeNumber(value - offset);
    } else {
      return undefined;
    }
    if (chosen == null) continue;
    if (typeof chosen === 'string') {
      out += chosen;
      continue;
    }
    if (!Array.isArray(chosen)) return undefined;
    const text = writeCompiled(chosen, values, pluralOf, inner);
    if (text === undefined) return undefined;
    out += text;
  }
  return out;
}

let untranslated: I18n | undefined;

/**
 * The i18n instance for a route's `meta` (which runs outside React): the page's catalogue is loaded before any
 * render, on the server (entry.server) and in the browser (entry.client), so it is ready by then.
 */
export function metaI18n(matches: readonly ({ loaderData?: unknown } | undefined)[]): I18n {
  const root = matches[0]?.loaderData as { site?: { intlLocale?: string } } | undefined;
  const locale = catalogueLocaleOf(root?.site?.intlLocale);
  const i18n = ready.get(locale);
  if (i18n) return i18n;
  untranslated ??= setupI18n({ locale: 'en-AU', messages: { 'en-AU': {} } });
  return untranslated;
}
