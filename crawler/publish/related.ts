// Related articles are chosen once, when an article is published, from articles published
// before it, so an article page never changes afterwards.

const WORD = /[\p{L}\p{N}]{3,}/gu;

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
  for (const match of text.slice(0, 6000).toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (stopwords.has(word) || /^\d+$/.test(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return new Map([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, size));
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, v] of a) {
    na += v * v;
    const w = b.get(k);
    if (w) dot += v * w;
  }
  for (const v of b.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Ranks candidates by shared tags, text similarity and same topic; ties broken by id for determinism. */
export function pickRelated(target: Omit<RelatedCandidate, 'id'>, candidates: RelatedCandidate[], count: number): string[] {
  const tagSet = new Set(target.tags.map((t) => t.toLowerCase()));
  return candidates
    .map((c) => {
      const sharedTags = c.tags.reduce((n, t) => n + (tagSet.has(t.toLowerCase()) ? 1 : 0), 0);
      const score = sharedTags * 1.0 + cosine(target.terms, c.terms) * 2 + (c.topic === target.topic ? 0.25 : 0);
      return { id: c.id, score };
    })
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, count)
    .map((c) => c.id);
}
