import { fmix32, hashString } from './hash32.ts';
import { shingleTokens } from '../text/index.ts';

/**
 * 32-bit hashes of the text's word shingles (runs of `size` consecutive tokens). A text
 * shorter than one shingle yields one shingle of all its tokens; an empty text yields none.
 * Duplicate shingles are kept: they do not change a minimum.
 */
export function shingleHashes(text: string, size: number): Int32Array {
  const words = shingleTokens(text);
  if (words.length === 0) return new Int32Array(0);
  const tokens = new Int32Array(words.length);
  for (let i = 0; i < words.length; i++) tokens[i] = hashString(words[i]);
  const width = Math.min(size, tokens.length);
  const count = tokens.length - width + 1;
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    let h = width;
    for (let j = 0; j < width; j++) h = Math.imul(h ^ tokens[i + j], 0x01000193) + 0x9e3779b9;
    out[i] = fmix32(h);
  }
  return out;
}

/** The exact shingle set as strings, for measuring true Jaccard similarity (benchmarks, tests). */
export function shingleSet(text: string, size: number): Set<string> {
  const tokens = shingleTokens(text);
  const set = new Set<string>();
  if (tokens.length === 0) return set;
  const width = Math.min(size, tokens.length);
  for (let i = 0; i + width <= tokens.length; i++) set.add(tokens.slice(i, i + width).join(' '));
  return set;
}

export function exactJaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}
