import { describe, expect, it } from 'vitest';
import { countWords, segmentWords } from '../../crawler/text/index.ts';

describe('countWords', () => {
  it('counts English words with apostrophes and hyphens inside them as one', () => {
    expect(countWords("It's a well-known bridge, isn't it?")).toBe(6);
    expect(countWords('The planets’ orbits — all 8 of them')).toBe(7);
    expect(countWords('SOURCE_DATE_EPOCH is set')).toBe(3);
  });

  it('counts a number with a decimal point as two (the stored word counts have always done so)', () => {
    expect(countWords('PM2.5 rose')).toBe(3);
  });

  it('counts one word per Chinese or Japanese character', () => {
    expect(countWords('河上的新桥')).toBe(5);
    expect(countWords('日本の宇宙開発')).toBe(7);
    expect(countWords('東京 2026 Olympics')).toBe(4);
  });

  it('counts the words ICU finds in Thai, which has no spaces between words of several letters', () => {
    // "The new bridge opened today" / "people came to see the bridge": two space-separated runs, nine words.
    expect(countWords('สะพานใหม่เปิดวันนี้ ผู้คนมาดูสะพาน')).toBe(9);
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
