export { normalizeForHash, contentHash } from './normalize.ts';
export { minhashSignature, estimateJaccard, isEmptySignature, DEFAULT_NUM_HASHES, DEFAULT_SHINGLE_SIZE, type MinHashOptions } from './minhash.ts';
export { encodeSignature, decodeSignature } from './signature-codec.ts';
export { LshIndex, bandKeys } from './lsh-index.ts';
export { chooseBanding, candidateProbability, halfPoint, type Banding } from './banding.ts';
export { findNearDuplicate } from './near-duplicate.ts';
export { shingleSet, exactJaccard } from './shingles.ts';
export { NearDuplicateIndex } from './near-duplicate-index.ts';
export { markdownText } from './markdown-text.ts';
