import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../site/model/urls.ts';

describe('createRoutes', () => {
  it('makes a path absolute exactly as the URL parser does, plain paths by the short way included', () => {
    const paths = ['/', '/a/', '/space/x-y_z~1/', '/a/b', '/a.b/c.', '', 'rel', '/a/./b', '/a/../b/', '/.well-known/', '//x/', '/a//b', '/a b', '/é/', '/a%20b/', '/a?b', '/a#b', '/a\\b', '/a/..'];
    // And many made at random from the characters that matter (a fixed seed).
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const chars = 'ab/._~-%é ?#\\Z09';
    for (let i = 0; i < 20_000; i++) paths.push(`/${Array.from({ length: Math.floor(next() * 10) }, () => chars[Math.floor(next() * chars.length)]).join('')}`);
    for (const site of ['https://news.example.com', 'https://example.org/news/', 'http://localhost:4321']) {
      const routes = createRoutes(site);
      const origin = new URL(site).origin;
      const parsed = (p: string) => {
        try {
          return new URL(p, origin).href;
        } catch {
          return 'invalid';
        }
      };
      const made = (p: string) => {
        try {
          return routes.absolute(p);
        } catch {
          return 'invalid';
        }
      };
      for (const p of paths) expect(made(p), p).toBe(parsed(p));
    }
  });

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
