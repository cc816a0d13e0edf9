/**
 * LSH banding: a signature of k slots is cut into b bands of r rows; two articles become
 * candidates when any band matches exactly, which happens with probability
 * P(J) = 1 − (1 − J^r)^b for Jaccard similarity J (the S-curve).
 *
 * Candidates are then verified against the threshold with the full signature, so a false
 * candidate costs one comparison while a missed one is a duplicate published. We therefore
 * place the S-curve just below the threshold: the most selective (largest r) banding whose
 * candidate probability at the threshold is still ≥ 98%. For k = 128 and t = 0.8 that is
 * 18 bands × 7 rows: P(0.8) = 0.986, P(0.9) ≈ 1, its 50% point is J ≈ 0.63, and texts at
 * J ≤ 0.3 (unrelated articles are ≈ 0.01–0.05) become candidates less than 0.4% of the time.
 */
export const CANDIDATE_PROBABILITY_AT_THRESHOLD = 0.98;

export interface Banding {
  bands: number;
  rows: number;
}

export function candidateProbability(jaccard: number, banding: Banding): number {
  return 1 - (1 - jaccard ** banding.rows) ** banding.bands;
}

export function chooseBanding(numHashes: number, threshold: number): Banding {
  if (!Number.isInteger(numHashes) || numHashes < 1) throw new RangeError(`numHashes must be a positive integer, got ${numHashes}`);
  if (!(threshold > 0 && threshold <= 1)) throw new RangeError(`threshold must be in (0, 1], got ${threshold}`);
  let best: Banding = { bands: numHashes, rows: 1 };
  for (let rows = 1; rows <= numHashes; rows++) {
    const banding = { bands: Math.floor(numHashes / rows), rows };
    if (candidateProbability(threshold, banding) >= CANDIDATE_PROBABILITY_AT_THRESHOLD) best = banding;
  }
  return best;
}

/** The similarity at which half of all pairs become candidates. */
export function halfPoint(banding: Banding): number {
  return (1 - 0.5 ** (1 / banding.bands)) ** (1 / banding.rows);
}
