import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { i18nFor } from '../../app/lib/i18n';

// The page's i18n instances keep the texts with values they have written (app/lib/i18n.ts): each must read as
// Lingui's own answer for the same catalogue, per locale, value by value.

const CART = '{count, plural, one {Cart, # item} other {Cart, # items}}';
const CASE = '{count} for {price}';
const QUICK_VIEW = 'Quick view: {title}';

describe.each(['en-AU', 'zh-HK', 'zh-TW'])('the %s texts', (locale) => {
  it('read as Lingui writes them, the first time and again, past the texts an instance keeps', async () => {
    const i18n = await i18nFor(locale);
    const lingui = setupI18n({ locale, messages: { [locale]: i18n.messages }, missing: (_locale, id) => id });
    for (let round = 0; round < 2; round++) {
      for (let count = 0; count < 6_000; count += round === 0 ? 1 : 97) {
        expect(i18n._(CART, { count })).toBe(lingui._(CART, { count }));
      }
      for (const [count, price] of [
        [12, '$161.99'],
        [6, '$95.94'],
      ] as const) {
        expect(i18n._(CASE, { count, price })).toBe(lingui._(CASE, { count, price }));
      }
      expect(i18n._(QUICK_VIEW, { title: 'Shiraz 2021' })).toBe(lingui._(QUICK_VIEW, { title: 'Shiraz 2021' }));
      expect(i18n._(QUICK_VIEW, { title: 'Merlot 2020' })).toBe(lingui._(QUICK_VIEW, { title: 'Merlot 2020' }));
    }
    expect(i18n._(CART, { count: 1 })).not.toBe(i18n._(CART, { count: 2 }));
  });

  it('texts without values, with values that are not plain, or with options are Lingui’s own', async () => {
    const i18n = await i18nFor(locale);
    const lingui = setupI18n({ locale, messages: { [locale]: i18n.messages }, missing: (_locale, id) => id });
    expect(i18n._('Quick view')).toBe(lingui._('Quick view'));
    const title = { toString: () => 'Shiraz' };
    expect(i18n._(QUICK_VIEW, { title })).toBe(lingui._(QUICK_VIEW, { title }));
    expect(i18n._({ id: QUICK_VIEW, values: { title: 'Rosé' } })).toBe(lingui._(QUICK_VIEW, { title: 'Rosé' }));
  });
});

/** The names a compiled message reads, with the kind that reads each (plain, plural, selectordinal, select). */
function namesOf(tokens: unknown, found = new Map<string, { kind: string; cases: string[] }>()) {
  if (!Array.isArray(tokens)) return found;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    const [name, kind, cases] = token as [string, string?, Record<string, unknown>?];
    found.set(name, { kind: kind ?? 'plain', cases: Object.keys(cases ?? {}) });
    for (const inner of Object.values(cases ?? {})) namesOf(inner, found);
  }
  return found;
}

describe.each(['en-AU', 'en-NZ', 'en-US', 'zh-HK', 'zh-TW'])('every %s text with values', (locale) => {
  it('reads as Lingui writes it, for counts, choices and missing values', async () => {
    const i18n = await i18nFor(locale);
    const lingui = setupI18n({ locale, messages: { [locale]: i18n.messages }, missing: (_locale, id) => id });
    let compared = 0;
    for (const [id, compiled] of Object.entries(i18n.messages)) {
      const names = namesOf(compiled);
      if (names.size === 0) continue;
      for (const n of [0, 1, 2, 3, 5, 11, 21, 1234, 1_000_000]) {
        const values: Record<string, string | number> = {};
        for (const [name, { kind, cases }] of names) {
          values[name] =
            kind === 'plural' || kind === 'selectordinal'
              ? n
              : kind === 'select'
                ? ([...cases, 'none'][n % (cases.length + 1)] ?? 'none')
                : `${name}-${n}`;
        }
        expect(i18n._(id, values), id).toBe(lingui._(id, values));
        compared++;
      }
      expect(i18n._(id, {}), id).toBe(lingui._(id, {}));
    }
    expect(compared).toBeGreaterThan(50);
  });
});
