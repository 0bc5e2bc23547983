import { describe, expect, it } from 'vitest';
import {
  closestWord,
  correctTerm,
  type DictionaryEntry,
  editDistance,
  phraseKey,
  readQuery,
  type SearchDictionary,
  suggestionsFor,
  trigramSimilarity,
} from './search-query';

function dictionaryOf(values: DictionaryEntry[], names: string[]): SearchDictionary {
  const phrases = new Map(values.map((v) => [phraseKey(v.value), v]));
  const words = new Map<string, string>();
  for (const text of [...values.map((v) => v.value), ...names, 'wine']) {
    for (const w of text.split(/\s+/)) words.set(phraseKey(w), w.toLowerCase());
  }
  return { phrases, longestPhrase: 2, words };
}

const dictionary = dictionaryOf(
  [
    { facet: 'colour', value: 'red', tsquery: "'red'" },
    { facet: 'grape', value: 'Shiraz', tsquery: "'shiraz'" },
    { facet: 'grape', value: 'Sauvignon Blanc', tsquery: "'sauvignon' & 'blanc'" },
    { facet: 'country', value: 'New Zealand', tsquery: "'new' & 'zealand'" },
    { facet: 'region', value: 'Hawke’s Bay', tsquery: "'hawk' & 'bay'" },
  ],
  ['Barossa', 'Riesling', 'Rosé'],
);

describe('readQuery', () => {
  it('reads facet values (one word or two), years and generic words, and keeps the rest as text', () => {
    const r = readQuery('New Zealand sauvignon blanc 2019 wine', dictionary);
    expect(r.applied).toEqual([
      { facet: 'country', value: 'New Zealand', termWithout: 'sauvignon blanc 2019' },
      { facet: 'grape', value: 'Sauvignon Blanc', termWithout: 'New Zealand 2019' },
      { facet: 'vintage', value: '2019', termWithout: 'New Zealand sauvignon blanc' },
    ]);
    expect(r.text).toBe('');
    expect(r.rank).toBe('New Zealand sauvignon blanc 2019');
    expect(r.tsqueries).toEqual(["'new' & 'zealand'", "'sauvignon' & 'blanc'"]);
    const barossa = readQuery('barossa shiraz', dictionary);
    expect(barossa.text).toBe('barossa');
    expect(barossa.applied.map((a) => a.value)).toEqual(['Shiraz']);
    expect(readQuery('hawkes bay', dictionary).applied[0]?.value).toBe('Hawke’s Bay');
  });

  it('leaves a term with nothing to read, generic words alone or search operators as typed', () => {
    for (const term of ['barossa creek', 'wine', '"red" -shiraz']) {
      expect(readQuery(term, dictionary)).toEqual({ applied: [], text: term, rank: term, tsqueries: [] });
    }
  });
});

describe('corrections', () => {
  it('measures edits with transpositions and trigram likeness as pg_trgm does', () => {
    expect(editDistance('shiarz', 'shiraz', 2)).toBe(1);
    expect(editDistance('shraz', 'shiraz', 2)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(trigramSimilarity('word', 'word')).toBe(1);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
  });

  it('corrects unknown words to the closest known one, and only those', () => {
    expect(closestWord('reisling', dictionary)).toBe('riesling');
    expect(closestWord('shiraz', dictionary)).toBeNull();
    expect(closestWord('qqqzzzxx', dictionary)).toBeNull();
    expect(correctTerm('savignon blanc', dictionary)).toBe('sauvignon blanc');
    expect(correctTerm('shiraz', dictionary)).toBeNull();
  });

  it('suggests the known words of a term that found nothing', () => {
    expect(suggestionsFor('shiarz 1999', dictionary)).toEqual(['shiraz']);
    expect(suggestionsFor('qqqzzzxx', dictionary)).toEqual([]);
  });
});
