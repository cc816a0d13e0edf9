// Scores of a grouping against labels, pure: B-cubed and pairwise precision, recall and F1.
// `predicted[i]` and `truth[i]` are the story keys of item i (any string or number; an item alone
// in its story may have a key of its own or share none).

export interface PRF {
  precision: number;
  recall: number;
  f1: number;
}

export interface GroupingScore {
  bcubed: PRF;
  pairwise: PRF;
  /** Predicted stories with two or more members. */
  predictedStories: number;
  /** Labelled stories with two or more members. */
  labelledStories: number;
}

const f1 = (p: number, r: number) => (p + r ? (2 * p * r) / (p + r) : 0);

function groups<K>(keys: readonly K[]): Map<K, number[]> {
  const out = new Map<K, number[]>();
  keys.forEach((k, i) => {
    const g = out.get(k);
    if (g) g.push(i);
    else out.set(k, [i]);
  });
  return out;
}

/**
 * B-cubed: per item, the share of its predicted story that truly shares its story (precision) and
 * the share of its true story predicted with it (recall), each item counting itself; averaged
 * over items.
 */
export function bcubed<P, T>(predicted: readonly P[], truth: readonly T[]): PRF {
  if (predicted.length !== truth.length) throw new Error('predicted and truth differ in length');
  if (!predicted.length) return { precision: 1, recall: 1, f1: 1 };
  const predGroups = groups(predicted);
  const trueGroups = groups(truth);
  // Overlap of (predicted story, true story): one count per item.
  const overlap = new Map<P, Map<T, number>>();
  predicted.forEach((p, i) => {
    let m = overlap.get(p);
    if (!m) overlap.set(p, (m = new Map()));
    m.set(truth[i]!, (m.get(truth[i]!) ?? 0) + 1);
  });
  let precision = 0;
  let recall = 0;
  predicted.forEach((p, i) => {
    const both = overlap.get(p)!.get(truth[i]!)!;
    precision += both / predGroups.get(p)!.length;
    recall += both / trueGroups.get(truth[i]!)!.length;
  });
  precision /= predicted.length;
  recall /= predicted.length;
  return { precision, recall, f1: f1(precision, recall) };
}

/** Pairwise: over unordered pairs of items, predicted-together pairs that are truly together (precision), and truly-together pairs predicted together (recall). */
export function pairwise<P, T>(predicted: readonly P[], truth: readonly T[]): PRF {
  if (predicted.length !== truth.length) throw new Error('predicted and truth differ in length');
  const pairs = (sizes: Iterable<number>) => {
    let n = 0;
    for (const s of sizes) n += (s * (s - 1)) / 2;
    return n;
  };
  const overlap = new Map<string, number>();
  const key = new Map<P, number>();
  const tkey = new Map<T, number>();
  predicted.forEach((p, i) => {
    if (!key.has(p)) key.set(p, key.size);
    if (!tkey.has(truth[i]!)) tkey.set(truth[i]!, tkey.size);
    const k = `${key.get(p)}|${tkey.get(truth[i]!)}`;
    overlap.set(k, (overlap.get(k) ?? 0) + 1);
  });
  const both = pairs(overlap.values());
  const found = pairs([...groups(predicted).values()].map((g) => g.length));
  const actual = pairs([...groups(truth).values()].map((g) => g.length));
  const precision = found ? both / found : 1;
  const recall = actual ? both / actual : 1;
  return { precision, recall, f1: f1(precision, recall) };
}

export function scoreGrouping<P, T>(predicted: readonly P[], truth: readonly T[]): GroupingScore {
  const multi = <K>(keys: readonly K[]) => [...groups(keys).values()].filter((g) => g.length >= 2).length;
  return { bcubed: bcubed(predicted, truth), pairwise: pairwise(predicted, truth), predictedStories: multi(predicted), labelledStories: multi(truth) };
}
