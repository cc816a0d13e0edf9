import { DEFAULT_NUM_HASHES, decodeSignature, findNearDuplicate, LshIndex } from '../dedup/index.ts';
import type { Database } from '../store/database.ts';
import { allSignatures } from '../store/articles.ts';

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

  static load(db: Database, threshold: number): NearDuplicateIndex {
    const index = new NearDuplicateIndex(threshold);
    for (const row of allSignatures(db)) index.add(row.id, decodeSignature(row.minhash));
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

  find(signature: Uint32Array): { id: number; similarity: number } | null {
    return findNearDuplicate(signature, this.index, (id) => this.signatures.get(id), this.threshold);
  }
}
