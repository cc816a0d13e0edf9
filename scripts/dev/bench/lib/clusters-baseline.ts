// The baseline story grouping of issue 26: single-pass TF-IDF cosine. Each document, in time
// order, is compared with every existing cluster's centroid (the sum of its members' log-scaled
// term counts, weighted by the idf of the documents seen so far) and joins the best at or above
// one threshold, else starts a cluster of its own. No time window, no pool bound, no stemming.

export function singlePass(docs: ReadonlyArray<Map<string, number>>, threshold: number): number[] {
  const df = new Map<string, number>();
  let n = 0;
  const centroids: Array<Map<string, number>> = [];
  const byTerm = new Map<string, Set<number>>();
  const out: number[] = [];
  const idf = (t: string) => Math.log((n + 1) / ((df.get(t) ?? 0) + 1)) + 1;
  for (const doc of docs) {
    n++;
    for (const t of doc.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    const w = new Map<string, number>();
    let nd = 0;
    for (const [t, c] of doc) {
      const x = (1 + Math.log(c)) * idf(t);
      w.set(t, x);
      nd += x * x;
    }
    const candidates = new Set<number>();
    for (const t of doc.keys()) for (const k of byTerm.get(t) ?? []) candidates.add(k);
    let best = -1;
    let bestScore = threshold;
    for (const k of [...candidates].sort((a, b) => a - b)) {
      let dot = 0;
      let nc = 0;
      for (const [t, c] of centroids[k]!) {
        const y = c * idf(t);
        nc += y * y;
        const x = w.get(t);
        if (x !== undefined) dot += x * y;
      }
      const cos = nd && nc ? dot / Math.sqrt(nd * nc) : 0;
      if (cos >= bestScore && (best < 0 || cos > bestScore)) {
        best = k;
        bestScore = cos;
      }
    }
    if (best < 0) {
      best = centroids.length;
      centroids.push(new Map());
    }
    const centroid = centroids[best]!;
    for (const [t, c] of doc) {
      centroid.set(t, (centroid.get(t) ?? 0) + 1 + Math.log(c));
      let ks = byTerm.get(t);
      if (!ks) byTerm.set(t, (ks = new Set()));
      ks.add(best);
    }
    out.push(best);
  }
  return out;
}
