// Related articles are chosen once, when an article is published, from articles published
// before it, so an article page never changes afterwards.

import { termTokens } from '../text/index.ts';

export interface RelatedCandidate {
  /** Collection id: "<topic>/<slug>". */
  id: string;
  topic: string;
  tags: string[];
  terms: Map<string, number>;
}

/** An article's term vector: its title and text without the stopwords of its language. */
export function articleTerms(title: string, text: string, stopwords: ReadonlySet<string>): Map<string, number> {
  return termVector(`${title}\n${text}`, stopwords);
}

/** A small bag of the most frequent content words, for cosine similarity. */
export function termVector(text: string, stopwords: ReadonlySet<string>, size = 40): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of termTokens(text.slice(0, 6000))) {
    if (stopwords.has(word) || /^\d+$/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return new Map([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, size));
}

/** Per candidate, what scoring it needs and never changes: the squared norm of its terms, its tags lowercased. */
const prepared = new WeakMap<RelatedCandidate, { norm: number; tags: string[] }>();

function prepare(c: RelatedCandidate): { norm: number; tags: string[] } {
  let p = prepared.get(c);
  if (!p) {
    let norm = 0;
    for (const v of c.terms.values()) norm += v * v;
    prepared.set(c, (p = { norm, tags: c.tags.map((t) => t.toLowerCase()) }));
  }
  return p;
}

function cosine(a: Map<string, number>, b: Map<string, number>, nb: number): number {
  let dot = 0;
  let na = 0;
  for (const [k, v] of a) {
    na += v * v;
    const w = b.get(k);
    if (w) dot += v * w;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const COSINE_CEILING = 1 + 1e-9;

const before = (a: { id: string; score: number }, b: { id: string; score: number }) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Ranks candidates by shared tags, text similarity and same topic; ties broken by id for determinism. */
export function pickRelated(target: Omit<RelatedCandidate, 'id'>, candidates: RelatedCandidate[], count: number): string[] {
  if (count <= 0) return [];
  const tagSet = new Set(target.tags.map((t) => t.toLowerCase()));
  // The best `count` so far, in order: a run ranks thousands of candidates for each article it publishes.
  const best: Array<{ id: string; score: number }> = [];
  for (const c of candidates) {
    const { norm, tags } = prepare(c);
    const sharedTags = tags.reduce((n, t) => n + (tagSet.has(t) ? 1 : 0), 0);
    const sameTopic = c.topic === target.topic ? 0.25 : 0;
    // A cosine is at most 1 (a hair over, in floating point): a candidate that cannot reach the last of the best is not compared.
    if (best.length === count && sharedTags * 1.0 + COSINE_CEILING * 2 + sameTopic < best[count - 1]!.score) continue;
    const entry = { id: c.id, score: sharedTags * 1.0 + cosine(target.terms, c.terms, norm) * 2 + sameTopic };
    if (best.length === count && before(entry, best[count - 1]!) >= 0) continue;
    let i = best.length;
    while (i > 0 && before(entry, best[i - 1]!) < 0) i--;
    best.splice(i, 0, entry);
    if (best.length > count) best.pop();
  }
  return best.map((c) => c.id);
}
