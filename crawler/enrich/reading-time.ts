/** Minutes to read `wordCount` words at `wordsPerMinute` (230 by default), rounded, at least 1. */
export function readingTime(wordCount: number, wordsPerMinute = 230): number {
  if (!Number.isFinite(wordCount) || wordCount <= 0 || !Number.isFinite(wordsPerMinute) || wordsPerMinute <= 0) return 1;
  return Math.max(1, Math.round(wordCount / wordsPerMinute));
}
