import { describe, expect, it } from 'vitest';
import { tagSlug } from '../../site/lib/slug.ts';
import { createRoutes } from '../../site/lib/urls.ts';

describe('tagSlug', () => {
  it('lowercases, folds accents to ASCII and joins words with single hyphens', () => {
    expect(tagSlug('Café culture')).toBe('cafe-culture');
    expect(tagSlug('Économie')).toBe('economie');
    expect(tagSlug('  Open   Source!! ')).toBe('open-source');
    expect(tagSlug('Straße & Øl')).toBe('strasse-ol');
    expect(tagSlug('C++')).toBe('c-plus-plus');
    expect(tagSlug('C#')).toBe('c-sharp');
  });
  it('gives tags with no ASCII letters a stable, distinct slug', () => {
    expect(tagSlug('日本')).toMatch(/^tag-[0-9a-f]{10}$/);
    expect(tagSlug('日本')).toBe(tagSlug('日本'));
    expect(tagSlug('日本')).not.toBe(tagSlug('中国'));
  });
});

describe('createRoutes', () => {
  it('builds trailing-slash paths under the base path', () => {
    const root = createRoutes('https://news.example.com');
    expect(root.article('science/a-b')).toBe('/science/a-b/');
    expect(root.amp('science/a-b')).toBe('/amp/science/a-b/');
    expect(root.topicPage('science', 3)).toBe('/science/page/3/');
    expect(root.absolute(root.tag('space'))).toBe('https://news.example.com/tags/space/');
    const sub = createRoutes('https://example.org/news');
    expect(sub.home()).toBe('/news/');
    expect(sub.topic('science')).toBe('/news/science/');
    expect(sub.asset('/media/a.webp')).toBe('/news/media/a.webp');
    expect(sub.asset('https://cdn.example.org/a.webp')).toBe('https://cdn.example.org/a.webp');
    expect(sub.absolute(sub.search())).toBe('https://example.org/news/search/');
  });
});
