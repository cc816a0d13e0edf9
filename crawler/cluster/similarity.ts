import { estimateJaccard } from '../dedup/index.ts';
import { featuresOf } from './features.ts';

// What grouping holds of an article (StoryItem), the pool's document frequencies and idf, and
// the MinHash band (articles.minhash). The TF-IDF cosine of an article and a story is in
// story.ts, on the keys features.ts makes. Pure.

/** What clustering needs of one article. */
export interface StoryItem {
  id: number;
  /** The source's host (www. dropped). */
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

/** Estimated Jaccard of the shingle sets, 0 when either signature is missing. */
export function shingleSimilarity(a: Uint32Array | null, b: Uint32Array | null): number {
  return a && b && a.length === b.length ? estimateJaccard(a, b) : 0;
}
