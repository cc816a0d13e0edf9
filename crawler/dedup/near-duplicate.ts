import type { LshIndex } from './lsh-index.ts';
import { estimateJaccard } from './minhash.ts';

/**
 * The indexed article most similar to `sig` with estimated Jaccard ≥ threshold (ties go to
 * the earlier, lower id), or null. The pipeline indexes only articles it accepted earlier,
 * so the earlier article always wins and the new one is the duplicate.
 */
export function findNearDuplicate(
  sig: Uint32Array,
  index: LshIndex,
  signatures: (id: number) => Uint32Array | undefined,
  threshold: number,
): { id: number; similarity: number } | null {
  let best: { id: number; similarity: number } | null = null;
  for (const id of index.candidates(sig)) {
    const other = signatures(id);
    if (!other || other.length !== sig.length) continue;
    const similarity = estimateJaccard(sig, other);
    if (similarity >= threshold && (!best || similarity > best.similarity)) best = { id, similarity };
  }
  return best;
}
