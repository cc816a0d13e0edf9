import { primaryLanguage } from '../text/language-tag.ts';

// A light English stemmer for story grouping: inflections only (plural -s/-es/-ies, verb
// -ed/-ing, a final -e or -y, a doubled final consonant), so "sue", "sues", "sued" and "suing"
// meet, and "price", "prices", "priced" and "pricing" do, while derivations ("national" vs
// "nation") stay apart. Porter's stemmers (the npm packages stemmer and wink-porter2-stemmer)
// leave "sue" and "sued" apart ("sue" vs "su"); this one gives every form the same key by
// dropping a final e after the suffix is gone. Its keys are for comparing, not for reading.
// Applied at comparison time, so articles.terms keeps the words as stored.

const KEEP = new Set(['news', 'series', 'species', 'means', 'always', 'perhaps', 'themselves', 'analysis', 'thesis']);
const VOWEL = /[aeiouy]/;

/** The key of an English word: its inflections removed. Words under four letters and those with digits stay as they are. */
export function stemEnglish(word: string): string {
  if (word.length < 3 || /\d/.test(word) || KEEP.has(word)) return word;
  let w = word;
  if (w.endsWith('ies') || w.endsWith('ied')) w = `${w.slice(0, -3)}i`;
  else if (/(?:ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('eed')) w = w.slice(0, -1);
  else if (w.endsWith('ed') && VOWEL.test(w.slice(0, -2))) w = w.slice(0, -2);
  else if (w.endsWith('ing') && w.length >= 5 && VOWEL.test(w.slice(0, -3))) w = w.slice(0, -3);
  if (w.length > 2 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length >= 2 && w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

const cache = new Map<string, string>();

/** The term's comparison key in the article's language: stemmed for English (and for an article of unknown language, as its stopwords are), as it is otherwise. */
export function termKey(term: string, lang: string | null | undefined): string {
  if (primaryLanguage(lang) !== 'en') return term;
  let key = cache.get(term);
  if (key === undefined) {
    key = stemEnglish(term);
    if (cache.size > 200_000) cache.clear();
    cache.set(term, key);
  }
  return key;
}
