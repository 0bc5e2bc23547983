import { type I18n, type Messages, setupI18n } from '@lingui/core';

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
 * listing page's server time (issue 17), for texts a page writes again on every view. Instances never change
 * after activation (see `i18nFor`), so a kept text stays right. Calls with values that are not all strings or
 * numbers, or with options, are written each time.
 */
function keepWrittenTexts(i18n: I18n): void {
  const write = i18n._.bind(i18n);
  const kept = new Map<string, string>();
  i18n._ = ((id: Parameters<I18n['_']>[0], values?: Record<string, unknown>, options?: Parameters<I18n['_']>[2]) => {
    if (typeof id !== 'string' || values === undefined || options !== undefined) return write(id, values, options);
    let key = id;
    for (const name in values) {
      const value = values[name];
      if (typeof value !== 'string' && typeof value !== 'number') return write(id, values, options);
      key += `\u0000${name}\u0001${value}`;
    }
    let text = kept.get(key);
    if (text === undefined) {
      text = write(id, values);
      if (kept.size >= KEPT_TEXTS) kept.clear();
      kept.set(key, text);
    }
    return text;
  }) as I18n['_'];
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
