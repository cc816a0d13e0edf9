// The story grouping as shipped before issue 26, frozen so bench:clusters can print "before":
// per-article TF-IDF cosine ≥ 0.2 of articles.terms against the single best candidate, or an
// estimated MinHash Jaccard ≥ 0.3; within 72 hours; a story credits each source once (an article
// whose best story has its source falls through to the next best). Do not change it: the product's
// grouping lives in crawler/cluster/.

import type { StoryItem } from '../../../../crawler/cluster/index.ts';
import { estimateJaccard } from '../../../../crawler/dedup/index.ts';

/** The item as shipped: StoryItem without the title and language it later gained. */
export type ShippedItem = Omit<StoryItem, 'title' | 'lang'>;

interface Stats {
  docs: number;
  df: Map<string, number>;
}

const WINDOW_HOURS = 72;
const THRESHOLD = 0.2;
const SHINGLE_THRESHOLD = 0.3;

function idf(stats: Stats, term: string): number {
  return Math.log((stats.docs + 1) / ((stats.df.get(term) ?? 0) + 1)) + 1;
}

function cosine(a: Map<string, number>, b: Map<string, number>, stats: Stats): number {
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

function shingles(a: Uint32Array | null, b: Uint32Array | null): number {
  return a && b && a.length === b.length ? estimateJaccard(a, b) : 0;
}

function choose(item: ShippedItem, candidates: readonly ShippedItem[], stats: Stats): { cluster: number; score: number; matched: number } | null {
  const window = WINDOW_HOURS * 3_600_000;
  const hostsOf = new Map<number, Set<string>>();
  for (const c of candidates) {
    const story = c.cluster ?? c.id;
    let hosts = hostsOf.get(story);
    if (!hosts) hostsOf.set(story, (hosts = new Set()));
    hosts.add(c.host);
  }
  let best: { cluster: number; score: number; matched: number } | null = null;
  for (const c of candidates) {
    if (c.id === item.id || c.host === item.host || Math.abs(c.time - item.time) > window) continue;
    const story = c.cluster ?? c.id;
    if (hostsOf.get(story)!.has(item.host)) continue;
    const score = shingles(item.minhash, c.minhash) >= SHINGLE_THRESHOLD ? 1 : cosine(item.terms, c.terms, stats);
    if (score < THRESHOLD) continue;
    if (!best || score > best.score || (score === best.score && c.id < best.matched)) best = { cluster: story, matched: c.id, score };
  }
  return best;
}

/** The shipped StoryPool: the same calls (choose, add, setCluster) as crawler/cluster's. */
export class ShippedStoryPool {
  private readonly items: ShippedItem[] = [];
  private readonly stats: Stats = { docs: 0, df: new Map() };

  constructor(items: Iterable<ShippedItem>) {
    for (const item of items) this.add(item);
  }

  choose(item: ShippedItem): { cluster: number } | null {
    this.count(item.terms, 1);
    try {
      return choose(item, this.items, this.stats);
    } finally {
      this.count(item.terms, -1);
    }
  }

  add(item: ShippedItem): void {
    this.items.push(item);
    this.count(item.terms, 1);
  }

  setCluster(id: number, cluster: number): void {
    for (const item of this.items) if (item.id === id) item.cluster = cluster;
  }

  private count(terms: Map<string, number>, by: 1 | -1): void {
    this.stats.docs += by;
    for (const term of terms.keys()) {
      const n = (this.stats.df.get(term) ?? 0) + by;
      if (n > 0) this.stats.df.set(term, n);
      else this.stats.df.delete(term);
    }
  }
}
