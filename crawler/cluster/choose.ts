import { closestMember, closestShingle, cosineCeiling, evidence, itemWeights, summarize, type Evidence, type StorySummary } from './story.ts';
import { idf, type StoryItem, type TermStats } from './similarity.ts';

// Which story a newly published article joins. Pure: the article, the candidates (articles
// published before it, bounded by the caller) and the pool's term statistics in; a decision out.

export interface ClusterOptions {
  /** An article joins a story only while it is being told: its newest member within this many hours of the article (by the articles' own times). */
  windowHours: number;
  /** TF-IDF cosine of the article and the story's centroid at or above which the article tells the story. */
  threshold: number;
  /** The centroid is of the story's members within this many hours before the article (its newest member when none is): the story as it is told now. */
  recentHours: number;
  /**
   * Estimated shingle Jaccard at or above which an article joins a member's story whatever
   * their terms say: a rewrite of a wire copy sits below the near-duplicate threshold (0.8) but
   * far above unrelated articles (0.01–0.05).
   */
  shingleThreshold: number;
  /** Keys (content words, stemmed; names; numbers) the article needs in common with a story: one word in common is no evidence on a headline. */
  minShared: number;
  /** When both the article and the story have names and share none, the threshold is multiplied by this (same subject, another event). */
  otherNamesFactor: number;
}

/** Chosen with `npm run bench:clusters` on the first week of the labelled headlines (BENCHMARKS.md); the sample web stays perfect. */
export const CLUSTER_DEFAULTS: ClusterOptions = { windowHours: 36, threshold: 0.2, recentHours: 12, shingleThreshold: 0.3, minShared: 2, otherNamesFactor: 1.5 };

export interface StoryMatch {
  /** The story's id: the matched article's story, or the matched article's id when it starts one. */
  cluster: number;
  /** The member it matched best. */
  matched: number;
  score: number;
}

/**
 * The story `item` belongs to, or null. Every story of the candidates within the window is
 * weighed as a whole; the best-scoring one that passes wins (ties go to the lower id), whatever
 * sources it already has: an outlet may tell a story twice, and an article never falls through
 * to a story it does not belong to.
 */
export function chooseStory(item: StoryItem, candidates: readonly StoryItem[], stats: TermStats, options: ClusterOptions = CLUSTER_DEFAULTS): StoryMatch | null {
  return chooseAmong(item, summarize(candidates.filter((c) => c.id !== item.id)).values(), stats, options);
}

/** chooseStory over stories already summarised (StoryPool keeps them as it goes). */
export function chooseAmong(item: StoryItem, stories: Iterable<StorySummary>, stats: TermStats, options: ClusterOptions = CLUSTER_DEFAULTS): StoryMatch | null {
  const window = options.windowHours * 3_600_000;
  const recentMs = options.recentHours * 3_600_000;
  const weighed = itemWeights(item, stats);
  // The stories share most keys; a key's idf is made once for all of them (the statistics do not change meanwhile).
  const idfs = new Map<string, number>();
  const idfOf = (key: string) => {
    let i = idfs.get(key);
    if (i === undefined) idfs.set(key, (i = idf(stats, key)));
    return i;
  };
  let best: { story: StorySummary; score: number } | null = null;
  for (const story of stories) {
    if (item.time - story.newest > window || story.oldest - item.time > window) continue;
    // Most stories in the window are far from the article: their ceiling tells so without their whole centroid (the margin covers rounding).
    if (cosineCeiling(item, story, stats, recentMs, weighed, idfOf) * (1 + 1e-6) < options.threshold && closestShingle(item, story, recentMs) < options.shingleThreshold) continue;
    const score = storyScore(evidence(item, story, stats, recentMs, weighed, idfOf), options);
    if (score === null) continue;
    if (!best || score > best.score || (score === best.score && story.id < best.story.id)) best = { story, score };
  }
  return best && { cluster: best.story.id, matched: closestMember(item, best.story, stats, recentMs).matched, score: best.score };
}

/** The score an article earns with a story, or null when the evidence does not reach it. */
export function storyScore(ev: Evidence, options: ClusterOptions): number | null {
  if (ev.shingle >= options.shingleThreshold) return 1;
  if (ev.shared < options.minShared) return null;
  const threshold = ev.bothNamed && ev.sharedNames === 0 ? options.threshold * options.otherNamesFactor : options.threshold;
  return ev.cosine >= threshold ? ev.cosine : null;
}
