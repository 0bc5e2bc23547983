// Reading a search term's words (SPEC §2 /wines?Ntt=): words that name a catalogue value of a facet (a colour, grape,
// region or country, one word or several: "sparkling", "sauvignon blanc", "new zealand") or a vintage year become
// filters on that facet, generic words ("wine") that add nothing are dropped, and the other words stay as text to
// match and rank. A word the catalogue does not know can be corrected to the closest word it does. The dictionary
// comes from the catalogue (services/search/dictionary.ts); everything here is pure.

/** The facets a term's words can name. */
export type QueryFacet = 'colour' | 'grape' | 'region' | 'country' | 'vintage';

export interface DictionaryEntry {
  facet: QueryFacet;
  value: string;
  /**
   * A tsquery every product with this value matches (its words as the search vector holds them), or null: lets
   * the full-text index find the value's products; the facet's own equality keeps the answer exact.
   */
  tsquery: string | null;
}

export interface SearchDictionary {
  /** A facet value's words, normalised and joined by one space → the value. */
  phrases: ReadonlyMap<string, DictionaryEntry>;
  /** The most words one phrase has. */
  longestPhrase: number;
  /** Every word the catalogue knows (normalised) → how it is written (for a corrected term). */
  words: ReadonlyMap<string, string>;
}

/** A facet value named by the term's words. */
export interface AppliedValue {
  facet: QueryFacet;
  value: string;
  /** The term without the words that named it (what a shopper searches to take it off). */
  termWithout: string;
}

export interface QueryReading {
  applied: AppliedValue[];
  /** The words left to match as text (empty: the filters alone answer). */
  text: string;
  /** The words that rank the results: the text and the words that named a value. */
  rank: string;
  /** tsqueries every result matches (DictionaryEntry.tsquery of the values applied). */
  tsqueries: string[];
}

/** Words a wine shop's query adds nothing with when it has others. */
const GENERIC_WORDS = new Set(['wine', 'wines']);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const YEAR = /^(19|20)\d\d$/;

/** Lower case, accents and apostrophes off: "Rosé" and "rose", "Hawke’s" and "hawkes" are one word. */
export function normaliseWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').replace(/['’]/g, '').toLowerCase();
}

/** A text's words, as written. */
export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** A facet value's dictionary key: its normalised words joined by one space. */
export function phraseKey(text: string): string {
  return wordsOf(text).map(normaliseWord).join(' ');
}

/** The websearch operators (quotes, a leading minus): a term that uses them is searched as typed. */
function usesOperators(term: string): boolean {
  return /["]|(^|\s)-\S/.test(term);
}

export function readQuery(term: string, dictionary: SearchDictionary): QueryReading {
  const words = wordsOf(term);
  const asTyped: QueryReading = { applied: [], text: term, rank: term, tsqueries: [] };
  if (words.length === 0 || usesOperators(term)) return asTyped;
  const keys = words.map(normaliseWord);
  const found: { entry: DictionaryEntry; from: number; to: number }[] = [];
  const textIndexes: number[] = [];
  for (let i = 0; i < words.length; ) {
    let matched = false;
    for (let length = Math.min(dictionary.longestPhrase, words.length - i); length >= 1; length--) {
      const entry = dictionary.phrases.get(keys.slice(i, i + length).join(' '));
      if (entry) {
        found.push({ entry, from: i, to: i + length });
        i += length;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const word = words[i]!;
    if (YEAR.test(word)) {
      found.push({ entry: { facet: 'vintage', value: word, tsquery: null }, from: i, to: i + 1 });
    } else {
      textIndexes.push(i);
    }
    i++;
  }
  const meaningful = textIndexes.filter((i) => !GENERIC_WORDS.has(keys[i]!));
  if (found.length === 0 && meaningful.length === textIndexes.length) return asTyped;
  // Generic words only: nothing else to go on, so they are the search.
  if (found.length === 0 && meaningful.length === 0) return asTyped;
  const kept = (skip: (i: number) => boolean) =>
    words.filter((_, i) => !skip(i) && !GENERIC_WORDS.has(keys[i]!)).join(' ');
  const text = meaningful.map((i) => words[i]).join(' ');
  return {
    applied: found.map(({ entry, from, to }) => ({
      facet: entry.facet,
      value: entry.value,
      termWithout: kept((i) => i >= from && i < to),
    })),
    text,
    rank: kept(() => false),
    tsqueries: found.flatMap(({ entry }) => (entry.tsquery ? [entry.tsquery] : [])),
  };
}

/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions: "shiarz" is one from "shiraz"),
 * given up past `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/** pg_trgm's similarity(): shared trigrams over all trigrams of the two words. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** How far a word of this length may be from the one it is corrected to. */
const maxDistance = (word: string) => (word.length <= 4 ? 1 : 2);
/** Failing that, how alike (trigram similarity) the two must be. */
const MIN_SIMILARITY = 0.5;

/** The closest word the catalogue knows (as it is written), or null: one edit or two away, or alike in trigrams. */
export function closestWord(word: string, dictionary: SearchDictionary): string | null {
  const key = normaliseWord(word);
  if (key.length < 3 || /^\d+$/.test(key) || dictionary.words.has(key)) return null;
  const max = maxDistance(key);
  let best: { word: string; distance: number; similarity: number } | null = null;
  for (const [candidate, written] of dictionary.words) {
    const distance = editDistance(key, candidate, max);
    const similarity = trigramSimilarity(key, candidate);
    if (distance > max && similarity < MIN_SIMILARITY) continue;
    const better =
      !best ||
      distance < best.distance ||
      (distance === best.distance &&
        (similarity > best.similarity || (similarity === best.similarity && candidate < best.word)));
    if (better) best = { word: written, distance, similarity };
  }
  return best?.word ?? null;
}

/** The term with every word the catalogue does not know corrected, or null when none could be. */
export function correctTerm(term: string, dictionary: SearchDictionary): string | null {
  const words = wordsOf(term);
  let changed = false;
  const corrected = words.map((word) => {
    const closest = closestWord(word, dictionary);
    if (closest === null) return word;
    changed = true;
    return closest;
  });
  return changed ? corrected.join(' ') : null;
}

/**
 * "Did you mean" candidates for a term that found nothing, best first: the corrected term without its years, then
 * each of its words the catalogue knows on its own (generic words and years left out).
 */
export function suggestionsFor(term: string, dictionary: SearchDictionary): string[] {
  const words = wordsOf(correctTerm(term, dictionary) ?? term);
  const known = words.filter((w) => {
    const key = normaliseWord(w);
    return !YEAR.test(w) && !GENERIC_WORDS.has(key) && (dictionary.words.has(key) || dictionary.phrases.has(key));
  });
  const original = phraseKey(term);
  const candidates = [known.join(' '), ...known];
  return [...new Set(candidates)].filter((c) => c !== '' && phraseKey(c) !== original);
}
