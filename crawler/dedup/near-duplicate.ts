import type { LshIndex } from './lsh-index.ts';
import { estimateJaccard } from './minhash.ts';

export interface NearDuplicateOptions {
  /**
   * Exact Jaccard similarity between the query and an indexed article (from their shingle
   * sets), or undefined when unknown. A 128-slot signature estimates J with a standard error
   * of ~0.035 near 0.8, so pairs just either side of the threshold are misjudged; with
   * `verify`, candidates whose estimate is within `margin` of the threshold are decided by
   * the exact value instead. Candidates are rare, so this costs little.
   */
  verify?: (id: number) => number | undefined;
  /** How far below the threshold an estimate may be and still be verified (default 0.12). */
  margin?: number;
}

/**
 * The indexed article most similar to `sig` with Jaccard ≥ threshold (ties go to the earlier,
 * lower id), or null. The pipeline indexes only articles it accepted earlier, so the earlier
 * article wins and the new one is the duplicate.
 */
export function findNearDuplicate(
  sig: Uint32Array,
  index: LshIndex,
  signatures: (id: number) => Uint32Array | undefined,
  threshold: number,
  options: NearDuplicateOptions = {},
): { id: number; similarity: number } | null {
  const margin = options.margin ?? 0.12;
  let best: { id: number; similarity: number } | null = null;
  for (const id of index.candidates(sig)) {
    const other = signatures(id);
    if (!other || other.length !== sig.length) continue;
    let similarity = estimateJaccard(sig, other);
    if (options.verify && similarity >= threshold - margin) similarity = options.verify(id) ?? similarity;
    if (similarity >= threshold && (!best || similarity > best.similarity)) best = { id, similarity };
  }
  return best;
}
