import { LshIndex } from './lsh-index.ts';
import { DEFAULT_NUM_HASHES, DEFAULT_SHINGLE_SIZE } from './minhash.ts';
import { findNearDuplicate } from './near-duplicate.ts';
import { exactJaccard, shingleSet } from './shingles.ts';

const NUM_HASHES = DEFAULT_NUM_HASHES;

/** Every stored article's MinHash signature, indexed for near-duplicate lookups; new articles are added as they are accepted. */
export class NearDuplicateIndex {
  private readonly index: LshIndex;
  private readonly signatures = new Map<number, Uint32Array>();
  private readonly threshold: number;

  constructor(threshold: number) {
    this.threshold = threshold;
    this.index = new LshIndex({ numHashes: NUM_HASHES, threshold });
  }

  static from(signatures: Iterable<{ id: number; signature: Uint32Array }>, threshold: number): NearDuplicateIndex {
    const index = new NearDuplicateIndex(threshold);
    for (const s of signatures) index.add(s.id, s.signature);
    return index;
  }

  add(articleId: number, signature: Uint32Array): void {
    this.signatures.set(articleId, signature);
    this.index.add(articleId, signature);
  }

  /** Forgets an article that lost its place to an earlier original (LSH buckets keep the id; lookups skip it). */
  remove(articleId: number): void {
    this.signatures.delete(articleId);
  }

  /**
   * The most similar stored article at or above the threshold. Candidates whose estimate is
   * near the threshold are settled by exact shingle Jaccard against the stored text
   * (`textOf`), which takes precision from ~0.975 to 1.0 on the dedup bench.
   */
  find(signature: Uint32Array, text: string, textOf: (articleId: number) => string | undefined): { id: number; similarity: number } | null {
    let shingles: Set<string> | undefined;
    const verify = (id: number) => {
      const other = textOf(id);
      if (other === undefined) return undefined;
      shingles ??= shingleSet(text, DEFAULT_SHINGLE_SIZE);
      return exactJaccard(shingles, shingleSet(other, DEFAULT_SHINGLE_SIZE));
    };
    return findNearDuplicate(signature, this.index, (id) => this.signatures.get(id), this.threshold, { verify });
  }
}
