import { describe, expect, it } from 'vitest';
import { countWords, segmentWords } from '../../crawler/text/index.ts';

describe('countWords', () => {
  it.each([
    // English: apostrophes, hyphens and underscores stay inside one word.
    ["It's a well-known bridge, isn't it?", 6],
    ['The planets’ orbits — all 8 of them', 7],
    ['SOURCE_DATE_EPOCH is set', 3],
    // A decimal point splits a number in two (the stored word counts have always done so).
    ['PM2.5 rose', 3],
    // One word per Chinese or Japanese character.
    ['河上的新桥', 5],
    ['日本の宇宙開発', 7],
    ['東京 2026 Olympics', 4],
    // Thai has no spaces between words of several letters: ICU finds them ("The new bridge opened today" / "people came to see the bridge").
    ['สะพานใหม่เปิดวันนี้ ผู้คนมาดูสะพาน', 9],
  ] as const)('%s → %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });

  it('counts Korean and Cyrillic by their spaces', () => {
    expect(countWords('한국어 문장은 띄어쓰기를 합니다')).toBe(4);
    expect(countWords('Москва — столица России')).toBe(3);
  });

  it('counts nothing in punctuation or whitespace', () => {
    expect(countWords(' — !!! … ')).toBe(0);
  });
});

describe('segmentWords', () => {
  it('keeps dotted numbers, abbreviations and contractions whole', () => {
    expect(segmentWords("PM2.5 hit 3.8.2 at 7 p.m., isn't it?")).toEqual(['PM2.5', 'hit', '3.8.2', 'at', '7', 'p.m', "isn't", 'it']);
  });

  it('cuts Chinese into dictionary words, not characters', () => {
    expect(segmentWords('太阳能电池板安装在花园小屋的屋顶上。')).toContain('花园');
    expect(segmentWords('太阳能电池板安装在花园小屋的屋顶上。')).not.toContain('花');
  });

  it('cuts Thai into dictionary words', () => {
    expect(segmentWords('สะพานใหม่เปิดวันนี้')).toEqual(['สะพาน', 'ใหม่', 'เปิด', 'วัน', 'นี้']);
  });
});
