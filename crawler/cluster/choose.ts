import { shingleSimilarity, tfidfCosine, type StoryItem, type TermStats } from './similarity.ts';

// Which story a newly published article joins. Pure: the article, the candidates (articles
// published before it, bounded by the caller) and the pool's term statistics in; a decision out.

export interface ClusterOptions {
  /** Articles whose own times are further apart than this are never one story. */
  windowHours: number;
  /** TF-IDF cosine at or above which two articles tell one story. */
  threshold: number;
  /**
   * Estimated shingle Jaccard at or above which two articles are one story whatever their
   * terms say: a rewrite of a wire copy sits below the near-duplicate threshold (0.8) but far
   * above unrelated articles (0.01–0.05).
   */
  shingleThreshold: number;
}

/** Chosen with `npm run bench:clusters` (BENCHMARKS.md): 0.175–0.2 cluster the labelled set perfectly; the upper end favours precision. */
export const CLUSTER_DEFAULTS: ClusterOptions = { windowHours: 72, threshold: 0.2, shingleThreshold: 0.3 };

export interface StoryMatch {
  /** The story's id: the matched article's story, or the matched article's id when it starts one. */
  cluster: number;
  /** The candidate it matched best. */
  matched: number;
  score: number;
}

/**
 * The story `item` belongs to, or null. Candidates are articles from other sources within the
 * window; a candidate whose story already has an article from `item`'s source is passed over
 * (a story credits each source once). The best-scoring candidate wins; ties go to the lower id.
 */
export function chooseStory(item: StoryItem, candidates: readonly StoryItem[], stats: TermStats, options: ClusterOptions = CLUSTER_DEFAULTS): StoryMatch | null {
  const window = options.windowHours * 3_600_000;
  const hostsOf = new Map<number, Set<string>>();
  for (const c of candidates) {
    const story = c.cluster ?? c.id;
    let hosts = hostsOf.get(story);
    if (!hosts) hostsOf.set(story, (hosts = new Set()));
    hosts.add(c.host);
  }
  let best: StoryMatch | null = null;
  for (const c of candidates) {
    if (c.id === item.id || c.host === item.host || Math.abs(c.time - item.time) > window) continue;
    const story = c.cluster ?? c.id;
    if (hostsOf.get(story)!.has(item.host)) continue;
    const cosine = tfidfCosine(item.terms, c.terms, stats);
    const score = shingleSimilarity(item.minhash, c.minhash) >= options.shingleThreshold ? 1 : cosine;
    if (score < options.threshold) continue;
    if (!best || score > best.score || (score === best.score && c.id < best.matched)) best = { cluster: story, matched: c.id, score };
  }
  return best;
}
