import { estimateJaccard } from '../dedup/index.ts';
import { featuresOf } from './features.ts';

// How alike two articles' stories are, from what the state keeps of every published article:
// the term vector (articles.terms: the top content words of title and text) and the MinHash
// signature (articles.minhash). Pure.

/** What clustering needs of one article. */
export interface StoryItem {
  id: number;
  /** The source's host (www. dropped): a story joins articles of different sources. */
  host: string;
  /** The article's own time in ms (the source's date, else when it was found). */
  time: number;
  terms: Map<string, number>;
  minhash: Uint32Array | null;
  /** The story it belongs to, or null. */
  cluster: number | null;
  /** The title as published (case kept: names are read from it); grouping works without it, on the terms alone. */
  title?: string;
  /** The article's language (English stemming applies to English and unknown). */
  lang?: string | null;
}

/** Document frequencies of terms over a pool of articles (each article counts a term once). */
export interface TermStats {
  docs: number;
  df: Map<string, number>;
}

/** Document frequencies of the items' comparison keys (stemmed terms and title numbers, featuresOf), which is what chooseStory weighs. */
export function termStats(items: Iterable<StoryItem>): TermStats {
  const stats: TermStats = { docs: 0, df: new Map() };
  for (const item of items) addTerms(stats, featuresOf(item).vector);
  return stats;
}

export function addTerms(stats: TermStats, terms: ReadonlyMap<string, number>): void {
  stats.docs++;
  for (const term of terms.keys()) stats.df.set(term, (stats.df.get(term) ?? 0) + 1);
}

/** Smoothed inverse document frequency: a word most articles of the pool use weighs ~1, a word only these two share weighs most. */
export function idf(stats: TermStats, term: string): number {
  return Math.log((stats.docs + 1) / ((stats.df.get(term) ?? 0) + 1)) + 1;
}

/**
 * Cosine of the two term vectors weighted by TF-IDF (log-scaled counts × idf). Two tellings of
 * one story share its rare words (names of people, missions, places, products, numbers written
 * as words) however differently they are phrased; two stories on one subject share the
 * subject's common words, which the idf discounts.
 */
export function tfidfCosine(a: Map<string, number>, b: Map<string, number>, stats: TermStats): number {
  const weight = (count: number, term: string) => (1 + Math.log(count)) * idf(stats, term);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [term, count] of a) {
    const wa = weight(count, term);
    na += wa * wa;
    const other = b.get(term);
    if (other) dot += wa * weight(other, term);
  }
  for (const [term, count] of b) {
    const wb = weight(count, term);
    nb += wb * wb;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Estimated Jaccard of the shingle sets, 0 when either signature is missing. */
export function shingleSimilarity(a: Uint32Array | null, b: Uint32Array | null): number {
  return a && b && a.length === b.length ? estimateJaccard(a, b) : 0;
}
