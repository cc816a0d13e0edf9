import { createHash } from 'node:crypto';
import { shingleTokens } from '../text/index.ts';

/**
 * The text as exact-duplicate detection sees it: NFKC, lowercase, words only (punctuation,
 * symbols and invisible characters dropped), single spaces. Two copies of an article that
 * differ only in typography, case or whitespace normalize to the same string.
 */
export function normalizeForHash(text: string): string {
  return shingleTokens(text).join(' ');
}

/** Hex SHA-256 of `normalizeForHash(text)`. */
export function contentHash(text: string): string {
  return createHash('sha256').update(normalizeForHash(text), 'utf8').digest('hex');
}
