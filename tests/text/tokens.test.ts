import { describe, expect, it } from 'vitest';
import { keywordTokens, shingleTokens, termTokens } from '../../crawler/text/index.ts';

describe('shingleTokens', () => {
  it('lowercases, NFKC-normalizes and splits on anything not a letter, mark or digit', () => {
    expect(shingleTokens('Ｆｕｌｌ-width CAFÉ, soft\u00ADhyphen; it’s')).toEqual(['full', 'width', 'café', 'softhyphen', 'it', 's']);
  });

  it('splits scripts written without spaces into single characters', () => {
    expect(shingleTokens('新桥 opens')).toEqual(['新', '桥', 'opens']);
    expect(shingleTokens('สะพาน')).toEqual(['ส', 'ะ', 'พ', 'า', 'น']);
  });
});

describe('termTokens', () => {
  it('keeps runs of three or more letters or digits, lowercased', () => {
    expect(termTokens('The EU and 2026 solar-panel to go')).toEqual(['the', 'and', '2026', 'solar', 'panel']);
  });
});

describe('keywordTokens', () => {
  it('keeps hyphenated compounds whole and breaks phrases at punctuation and possessives', () => {
    const tokens = keywordTokens("Off-grid homes. Jupiter's magnetic field", 'en');
    expect(tokens.map((t) => t?.text ?? '|')).toEqual(['Off-grid', 'homes', '|', 'Jupiter', '|', 'magnetic', 'field']);
  });

  it('marks the first word of each sentence', () => {
    const starts = keywordTokens('Solar works. Wind too', 'en').filter((t) => t !== null).map((t) => t.sentenceStart);
    expect(starts).toEqual([true, false, true, false]);
  });
});
