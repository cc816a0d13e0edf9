// Text measured and cut in user-perceived characters (grapheme clusters), so no cut ever
// splits a surrogate pair, an emoji sequence or a letter from its combining marks.

const graphemeSegmenter = new Intl.Segmenter('und', { granularity: 'grapheme' });

export function graphemes(text: string): string[] {
  return Array.from(graphemeSegmenter.segment(text), (s) => s.segment);
}

export function graphemeLength(text: string): number {
  let n = 0;
  for (const _ of graphemeSegmenter.segment(text)) n++;
  return n;
}
