import { featuresOf } from './features.ts';
import { idf, shingleSimilarity, type StoryItem, type TermStats } from './similarity.ts';

// A story as grouping compares it: its members in the pool together (a centroid of their
// vectors, their names, their time span), so a story told in many words gathers evidence from
// several tellings rather than from its single closest one; an article is weighed against the
// tellings of the last hours (recentCentroid). Pure.

export interface StorySummary {
  /** The story's id: its first article's. */
  id: number;
  members: StoryItem[];
  newest: number;
  oldest: number;
  /** Sum of the members' vectors, each scaled to length 1 (before idf). */
  centroid: Map<string, number>;
  /** Names and numbers of the members' titles. */
  names: Set<string>;
}

/** The last recent centroid made of a story, with the members it was made of (recentCentroid). */
const recentCentroids = new WeakMap<StorySummary, { members: StoryItem[]; centroid: Map<string, number> }>();

function addToCentroid(centroid: Map<string, number>, item: StoryItem): void {
  const { vector, norm } = featuresOf(item);
  if (norm) for (const [key, w] of vector) centroid.set(key, (centroid.get(key) ?? 0) + w / norm);
}

export function addMember(stories: Map<number, StorySummary>, item: StoryItem): StorySummary {
  const id = item.cluster ?? item.id;
  let story = stories.get(id);
  if (!story) stories.set(id, (story = { id, members: [], newest: item.time, oldest: item.time, centroid: new Map(), names: new Set() }));
  story.members.push(item);
  story.newest = Math.max(story.newest, item.time);
  story.oldest = Math.min(story.oldest, item.time);
  addToCentroid(story.centroid, item);
  for (const name of featuresOf(item).names) story.names.add(name);
  return story;
}

/** The stories the candidates make (grouped by `cluster`, else their own id). */
export function summarize(candidates: Iterable<StoryItem>): Map<number, StorySummary> {
  const stories = new Map<number, StorySummary>();
  for (const c of candidates) addMember(stories, c);
  return stories;
}

/**
 * The centroid of the story as it is being told at `time`: of its members within `recentMs`
 * before it (its newest member when none is), so a long-running story is weighed on its current
 * telling, not on words it has left behind.
 */
export function recentCentroid(story: StorySummary, time: number, recentMs: number): Map<string, number> {
  if (story.oldest >= time - recentMs) return story.centroid;
  // Articles placed one after another mostly see the same recent members of a long story: the
  // centroid of the same members, summed in the same order, is the same, so it is made once.
  const members = recentMembers(story, time, recentMs);
  const cached = recentCentroids.get(story);
  if (cached && cached.members.length === members.length && cached.members.every((m, i) => m === members[i])) return cached.centroid;
  const centroid = new Map<string, number>();
  for (const m of members) addToCentroid(centroid, m);
  recentCentroids.set(story, { members, centroid });
  return centroid;
}

/** The members told within `recentMs` before `time` (its newest member when none is): the tellings an article is weighed against. */
export function recentMembers(story: StorySummary, time: number, recentMs: number): StoryItem[] {
  if (story.oldest >= time - recentMs) return story.members;
  const recent = story.members.filter((m) => m.time >= time - recentMs);
  return recent.length ? recent : [story.members.reduce((a, b) => (b.time > a.time ? b : a))];
}

/** How far the evidence that an article tells a story goes. */
export interface Evidence {
  /** TF-IDF cosine of the article and the story's recent centroid (recentCentroid). */
  cosine: number;
  /** Keys the article shares with the story's recent centroid. */
  shared: number;
  /** Keys both share that are a name or number in the article's title or a member's. */
  sharedNames: number;
  /** Whether both the article's title and the story's have names. */
  bothNamed: boolean;
  /** The best estimated shingle Jaccard with a recent member. */
  shingle: number;
}

/**
 * `weighed` and `idfOf` are the same for every story one article is weighed against: a caller
 * weighing it against many makes them once (chooseAmong).
 */
export function evidence(item: StoryItem, story: StorySummary, stats: TermStats, recentMs = Infinity, weighed = itemWeights(item, stats), idfOf = (key: string) => idf(stats, key)): Evidence {
  const f = featuresOf(item);
  const { weights, na } = weighed;
  let dot = 0;
  let nc = 0;
  let shared = 0;
  let sharedNames = 0;
  for (const [key, c] of recentCentroid(story, item.time, recentMs)) {
    const i = idfOf(key);
    nc += c * i * c * i;
    const x = weights.get(key);
    if (x === undefined) continue;
    dot += x * c * i;
    shared++;
    if (f.names.has(key) || story.names.has(key)) sharedNames++;
  }
  // Members too are weighed as the story is told now: compared with every member a story ever
  // had, a story that keeps growing finds ever more chances of one close member and swallows
  // unrelated articles (a near-copy of a telling from days ago is another event's).
  const shingle = closestShingle(item, story, recentMs);
  return { cosine: na && nc ? dot / Math.sqrt(na * nc) : 0, shared, sharedNames, bothNamed: f.names.size > 0 && story.names.size > 0, shingle };
}

/** The best estimated shingle Jaccard of the article and a recent member. */
export function closestShingle(item: StoryItem, story: StorySummary, recentMs = Infinity): number {
  let shingle = 0;
  for (const m of recentMembers(story, item.time, recentMs)) shingle = Math.max(shingle, shingleSimilarity(item.minhash, m.minhash));
  return shingle;
}

/**
 * At least evidence().cosine, from the article's keys alone (tens, where a long story's centroid
 * has thousands): the keys it does not share weigh their idf-free size in the centroid's norm,
 * and an idf is never below 1. A story whose ceiling is under the threshold needs no more weighing.
 */
export function cosineCeiling(item: StoryItem, story: StorySummary, stats: TermStats, recentMs = Infinity, weighed = itemWeights(item, stats), idfOf = (key: string) => idf(stats, key)): number {
  const centroid = recentCentroid(story, item.time, recentMs);
  let dot = 0;
  let sharedWeighed = 0;
  let sharedPlain = 0;
  for (const [key, x] of weighed.weights) {
    const c = centroid.get(key);
    if (c === undefined) continue;
    const i = idfOf(key);
    dot += x * c * i;
    sharedWeighed += c * i * c * i;
    sharedPlain += c * c;
  }
  const nc = sharedWeighed + Math.max(0, plainNormSquared(story, centroid) - sharedPlain);
  return weighed.na && nc ? dot / Math.sqrt(weighed.na * nc) : 0;
}

/** Σc² of a centroid (before idf). The story's whole centroid grows with it; a recent one is never changed once made. */
const wholeNorms = new WeakMap<StorySummary, { members: number; sum: number }>();
const recentNorms = new WeakMap<Map<string, number>, number>();

function plainNormSquared(story: StorySummary, centroid: Map<string, number>): number {
  const whole = centroid === story.centroid;
  const known = whole ? wholeNorms.get(story) : undefined;
  if (whole && known?.members === story.members.length) return known.sum;
  if (!whole && recentNorms.has(centroid)) return recentNorms.get(centroid)!;
  let sum = 0;
  for (const c of centroid.values()) sum += c * c;
  if (whole) wholeNorms.set(story, { members: story.members.length, sum });
  else recentNorms.set(centroid, sum);
  return sum;
}

/** The recent member (recentMembers) with the best TF-IDF cosine with the article, and that cosine: asked only of the story an article joins. */
export function closestMember(item: StoryItem, story: StorySummary, stats: TermStats, recentMs = Infinity): { matched: number; member: number } {
  const { weights, na } = itemWeights(item, stats);
  const members = recentMembers(story, item.time, recentMs);
  let member = 0;
  let matched = members[0]!.id;
  for (const m of members) {
    const cos = memberCosine(weights, na, featuresOf(m).vector, stats);
    if (cos > member || (cos === member && m.id < matched)) {
      member = cos;
      matched = m.id;
    }
  }
  return { matched, member };
}

/** The article's TF-IDF weights by key, and their squared norm. */
export function itemWeights(item: StoryItem, stats: TermStats): { weights: Map<string, number>; na: number } {
  const weights = new Map<string, number>();
  let na = 0;
  for (const [key, w] of featuresOf(item).vector) {
    const x = w * idf(stats, key);
    weights.set(key, x);
    na += x * x;
  }
  return { weights, na };
}

function memberCosine(weights: Map<string, number>, na: number, vector: Map<string, number>, stats: TermStats): number {
  let dot = 0;
  let nb = 0;
  for (const [key, w] of vector) {
    const x = w * idf(stats, key);
    nb += x * x;
    const y = weights.get(key);
    if (y !== undefined) dot += x * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}
