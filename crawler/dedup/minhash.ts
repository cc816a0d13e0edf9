import { splitmix32 } from './hash32.ts';
import { shingleHashes } from './shingles.ts';

export interface MinHashOptions {
  numHashes?: number;
  shingleSize?: number;
  seed?: number;
}

export const DEFAULT_NUM_HASHES = 128;
/**
 * Word 3-shingles: long enough that distinct articles sharing a vocabulary share almost no
 * shingles (true Jaccard ≈ 0.01–0.05), short enough that a copy with a few edited sentences
 * or a changed intro/outro stays well above 0.8.
 */
export const DEFAULT_SHINGLE_SIZE = 3;
export const DEFAULT_SEED = 0x6c65616e;

/** Every slot of an empty text's signature holds this value. */
const EMPTY = 0x7fffffff;

const parameterCache = new Map<string, { a: Int32Array; b: Int32Array }>();

/** Parameters of the k hash functions h_i(x) = a_i·x + b_i (mod 2^32), a_i odd. */
function hashParameters(numHashes: number, seed: number): { a: Int32Array; b: Int32Array } {
  const key = `${numHashes}:${seed}`;
  let params = parameterCache.get(key);
  if (!params) {
    const next = splitmix32(seed);
    const a = new Int32Array(numHashes);
    const b = new Int32Array(numHashes);
    for (let i = 0; i < numHashes; i++) {
      a[i] = next() | 1;
      b[i] = next();
    }
    params = { a, b };
    parameterCache.set(key, params);
  }
  return params;
}

/**
 * MinHash signature over word shingles. Each shingle is hashed once (FNV-1a + murmur
 * finalizer), then permuted k times by multiply-add modulo 2^32; the minimum of each
 * permutation is kept. The minimum is taken in signed int32 order so the hot loop stays in
 * 32-bit integer arithmetic; any fixed order is a valid permutation for MinHash.
 */
export function minhashSignature(text: string, options: MinHashOptions = {}): Uint32Array {
  const numHashes = options.numHashes ?? DEFAULT_NUM_HASHES;
  const shingleSize = options.shingleSize ?? DEFAULT_SHINGLE_SIZE;
  if (!Number.isInteger(numHashes) || numHashes < 1) throw new RangeError(`numHashes must be a positive integer, got ${numHashes}`);
  if (!Number.isInteger(shingleSize) || shingleSize < 1) throw new RangeError(`shingleSize must be a positive integer, got ${shingleSize}`);
  const { a, b } = hashParameters(numHashes, options.seed ?? DEFAULT_SEED);
  const shingles = shingleHashes(text, shingleSize);
  const mins = new Int32Array(numHashes);
  const count = shingles.length;
  for (let i = 0; i < numHashes; i++) {
    const ai = a[i];
    const bi = b[i];
    let min = EMPTY;
    for (let s = 0; s < count; s++) {
      const v = (Math.imul(ai, shingles[s]) + bi) | 0;
      if (v < min) min = v;
    }
    mins[i] = min;
  }
  return new Uint32Array(mins.buffer);
}

export function isEmptySignature(sig: Uint32Array): boolean {
  for (let i = 0; i < sig.length; i++) if (sig[i] !== EMPTY) return false;
  return true;
}

/** Fraction of equal slots: an unbiased estimate of the Jaccard similarity of the shingle sets. Empty texts are similar to nothing. */
export function estimateJaccard(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) throw new RangeError(`signatures differ in length (${a.length} vs ${b.length})`);
  if (a.length === 0) return 0;
  let equal = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) equal++;
  if (equal === a.length && isEmptySignature(a)) return 0;
  return equal / a.length;
}
