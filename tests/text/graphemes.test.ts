import { describe, expect, it } from 'vitest';
import { graphemeLength, graphemes } from '../../crawler/text/index.ts';

describe('graphemes', () => {
  it('never splits an emoji sequence, a surrogate pair or a letter from its combining mark', () => {
    const text = 'e\u0301👩‍👩‍👧𝒳a';
    expect(graphemes(text)).toEqual(['e\u0301', '👩‍👩‍👧', '𝒳', 'a']);
    expect(graphemeLength(text)).toBe(4);
  });
});
