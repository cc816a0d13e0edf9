import { describe, expect, it } from 'vitest';
import { articleSlug } from '../../crawler/publish/slug.ts';
import { slugify } from '../../crawler/text/slug.ts';

// A published URL never changes: these titles' slugs are pinned to what the crawler has always
// made of them. Change the slug rule and this fails before any live URL moves.
const PINNED: Array<[string, string]> = [
  ['Crème brûlée at the Café Zürich', 'creme-brulee-at-the-cafe-zurich'],
  ['Straße, Æsir and Øresund: Łódź', 'strasse-aesir-and-oresund-lodz'],
  ['Don\'t panic — it’s only 99.9% ready!', 'dont-panic-its-only-99-9-ready'],
  ['C++ & C#: what\'s new?', 'c-c-whats-new'],
  ['Tiếng Việt có dấu', 'tieng-viet-co-dau'],
  ['ﬁne ﬂowers ① ②', 'fine-flowers-1-2'],
  ['東京 2026: Olympics', '2026-olympics'],
  ['日本の宇宙開発', 'article'],
  ['Ελληνικά και Русский', 'article'],
  ['नमस्ते दुनिया', 'article'],
  ['   ---   ', 'article'],
  ['The quick brown fox jumps over the lazy dog while the committee deliberates endlessly on procedures', 'the-quick-brown-fox-jumps-over-the-lazy-dog-while-the-committee-deliberates'],
  ['Supercalifragilisticexpialidocious-supercalifragilisticexpialidocious-supercalifragilisticexpialidocious', 'supercalifragilisticexpialidocious-supercalifragilisticexpialidocious'],
  [`x-y ${'z'.repeat(90)}`, `x-y-${'z'.repeat(76)}`],
  ['A'.repeat(100), 'a'.repeat(80)],
];

describe('article slugs', () => {
  it.each(PINNED)('%j → %j', (title, slug) => {
    expect(articleSlug(title)).toBe(slug);
  });
});

describe('slugify', () => {
  it('gives an empty slug for text without Latin letters or digits, so callers choose their own fallback', () => {
    expect(slugify('日本の宇宙開発')).toBe('');
    expect(slugify(' -- ')).toBe('');
  });

  it('keeps to maxLength, at a word boundary when one is near the end', () => {
    expect(slugify('Solar panels on every roof of the town', { maxLength: 30 })).toBe('solar-panels-on-every-roof-of');
    expect(slugify('a'.repeat(40), { maxLength: 30 })).toBe('a'.repeat(30));
    expect(slugify('Solar panels', { maxLength: 60 })).toBe('solar-panels');
  });

  it("splits at an apostrophe when asked (the sample web's anchors and tag pages)", () => {
    expect(slugify("What's new in Tarn 3.8", { apostropheSeparates: true })).toBe('what-s-new-in-tarn-3-8');
    expect(slugify("What's new in Tarn 3.8")).toBe('whats-new-in-tarn-3-8');
  });
});
