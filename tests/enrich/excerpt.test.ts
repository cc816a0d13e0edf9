import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeExcerpt, readingTime } from '../../crawler/enrich/index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8');
const graphemes = (s: string) => Array.from(new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(s), (x) => x.segment);
const isWellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('makeExcerpt', () => {
  it('uses a meaningful description, cut to fit', () => {
    const description = 'How two people put six solar panels on a garden shed in one weekend, and what it cost.';
    expect(makeExcerpt(description, fixture('solar-shed'))).toBe(description);
    const cut = makeExcerpt(description, fixture('solar-shed'), 40);
    expect(cut).toBe('How two people put six solar panels on…');
    expect(graphemes(cut).length).toBeLessThanOrEqual(40);
  });

  it('ignores empty or meaningless descriptions and takes the first whole sentences', () => {
    for (const description of [null, '', '   ', 'Read more', 'https://example.com/post', 'Please enable JavaScript to view this page properly.']) {
      expect(makeExcerpt(description, fixture('solar-shed'))).toBe(
        'Last spring we decided to put solar panels on the roof of our garden shed.',
      );
    }
    expect(makeExcerpt(null, fixture('solar-shed'), 300)).toBe(
      'Last spring we decided to put solar panels on the roof of our garden shed. The shed sits at the far end of the garden, forty metres from the house, and running a cable to it would have meant digging up half the lawn. A small off-grid solar system looked cheaper, quieter and a lot more fun.',
    );
  });

  it('starts at the first paragraph of prose, past a caption or dateline above it', () => {
    const text = `A shed roof at noon.\n\nUpdated 4 May 2024\n\n${fixture('solar-shed')}`;
    expect(makeExcerpt(null, text)).toBe('Last spring we decided to put solar panels on the roof of our garden shed.');
    // Short blocks alone are the text itself.
    expect(makeExcerpt(null, 'Gone fishing for the day.\n\nBack on Monday.')).toBe('Gone fishing for the day. Back on Monday.');
  });

  it('cuts a long first sentence at a word boundary with an ellipsis', () => {
    const text = 'This is an extraordinarily long opening sentence that goes on and on without ever reaching a full stop because the writer loves commas, clauses and asides, apparently';
    const out = makeExcerpt(null, text, 60);
    expect(out).toBe('This is an extraordinarily long opening sentence that goes…');
    expect(graphemes(out).length).toBeLessThanOrEqual(60);
  });

  it('never splits emoji, surrogate pairs, combining marks or CJK characters', () => {
    const emoji = '👩‍👩‍👧‍👦 family 🇵🇹 flag 👍🏽 thumbs '.repeat(10);
    const combining = 'Cafe\u0301 na\u0308ive re\u0301sume\u0301 '.repeat(20);
    const cjk = '东京塔是日本东京的一座电波塔，高三百三十三米，是东京的地标之一'.repeat(5);
    for (const text of [emoji, combining, cjk]) {
      for (const max of [10, 17, 33, 50]) {
        const out = makeExcerpt(null, text, max);
        expect(graphemes(out).length, `${max}: ${out}`).toBeLessThanOrEqual(max);
        expect(isWellFormed(out)).toBe(true);
        expect(out.endsWith('…')).toBe(true);
        // every grapheme of the excerpt (but the ellipsis) is a whole grapheme of the text
        const source = new Set(graphemes(text));
        for (const g of graphemes(out.slice(0, -1))) expect(source.has(g), JSON.stringify(g)).toBe(true);
      }
    }
  });

  it('returns the whole text when it is short', () => {
    expect(makeExcerpt(null, '  A short note.  ')).toBe('A short note.');
    expect(makeExcerpt(null, '')).toBe('');
  });
});

describe('readingTime', () => {
  it('rounds minutes at 230 words per minute and is at least one', () => {
    expect(readingTime(0)).toBe(1);
    expect(readingTime(100)).toBe(1);
    expect(readingTime(460)).toBe(2);
    expect(readingTime(2300)).toBe(10);
    expect(readingTime(1000, 200)).toBe(5);
    expect(readingTime(Number.NaN)).toBe(1);
  });
});
