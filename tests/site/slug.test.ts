import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../site/model/urls.ts';

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
