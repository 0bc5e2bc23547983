import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productSearch, searchWords } from '../../db/schema';
import { COLOUR_NAMES } from '../../domain/categories';
import {
  type DictionaryEntry,
  normaliseWord,
  phraseKey,
  type QueryFacet,
  type SearchDictionary,
  wordsOf,
} from '../../domain/search-query';

// The search dictionary (domain/search-query.ts) made from the catalogue: every colour, grape, region and country
// value product_search holds (colours by their shopper names too), and every word of the names (search_words). Kept
// per database for a minute; a stale one answers while the next is read, so only the first search waits for it.

const TTL_MS = 60_000;
/** Colour values that name no colour a shopper would type. */
const NOT_A_COLOUR = new Set(['none']);
/** Facet precedence when two facets have a value of the same words (a colour before a grape before a place). */
const PRECEDENCE: QueryFacet[] = ['colour', 'grape', 'region', 'country'];

interface Cached {
  loadedAt: number;
  dictionary: Promise<SearchDictionary>;
}

const cache = new WeakMap<Db, Cached>();

export function searchDictionary(db: Db): Promise<SearchDictionary> {
  const cached = cache.get(db);
  const now = Date.now();
  if (cached && now - cached.loadedAt < TTL_MS) return cached.dictionary;
  const next: Cached = { loadedAt: now, dictionary: loadDictionary(db) };
  next.dictionary.catch(() => {
    if (cache.get(db) === next) cache.delete(db);
  });
  cache.set(db, next);
  // A stale dictionary answers while its successor loads (it fails over to the new one if it had failed).
  return cached ? cached.dictionary.catch(() => next.dictionary) : next.dictionary;
}

async function loadDictionary(db: Db): Promise<SearchDictionary> {
  const s = productSearch;
  const valuesResult = await db.execute<{
    colour: string | null;
    grape: string | null;
    region: string | null;
    country: string | null;
  }>(sql`
    select ${s.colour} as colour, ${s.grape} as grape, ${s.region} as region, ${s.country} as country
    from ${s} group by grouping sets ((${s.colour}), (${s.grape}), (${s.region}), (${s.country}))`);
  const values: { facet: QueryFacet; value: string }[] = [];
  for (const row of (valuesResult as unknown as { rows: Record<string, string | null>[] }).rows) {
    for (const facet of PRECEDENCE) {
      const value = row[facet];
      if (value && !(facet === 'colour' && NOT_A_COLOUR.has(value))) values.push({ facet, value });
    }
  }
  // Each value's words as the search vector holds them (the same parser and stemmer), as tsquery text.
  const texts = values.map((v) => v.value);
  const queriesResult = await db.execute<{ value: string; query: string }>(sql`
    select t.value, plainto_tsquery('english', t.value)::text as query
    from unnest(${sql.param(texts)}::text[]) as t(value)`);
  const queryOf = new Map(
    (queriesResult as unknown as { rows: { value: string; query: string }[] }).rows.map((r) => [r.value, r.query]),
  );
  const wordsResult = await db.select({ word: searchWords.word }).from(searchWords);

  const phrases = new Map<string, DictionaryEntry>();
  const words = new Map<string, string>();
  const addWords = (text: string) => {
    for (const word of wordsOf(text)) {
      const key = normaliseWord(word);
      if (key.length >= 2 && !words.has(key)) words.set(key, word.toLowerCase());
    }
  };
  const addPhrase = (text: string, entry: DictionaryEntry) => {
    const key = phraseKey(text);
    const held = phrases.get(key);
    if (key && (!held || PRECEDENCE.indexOf(entry.facet) < PRECEDENCE.indexOf(held.facet))) phrases.set(key, entry);
    addWords(text);
  };
  for (const { facet, value } of values) {
    const tsquery = queryOf.get(value) || null;
    const entry: DictionaryEntry = { facet, value, tsquery };
    addPhrase(value, entry);
    // A colour by its shopper name too ("Rosé", "Sparkling", "Mixed case").
    if (facet === 'colour' && COLOUR_NAMES[value]) addPhrase(COLOUR_NAMES[value], entry);
  }
  for (const { word } of wordsResult) addWords(word);
  addWords('wine wines');
  const longestPhrase = Math.max(1, ...[...phrases.keys()].map((k) => k.split(' ').length));
  return { phrases, longestPhrase, words };
}
