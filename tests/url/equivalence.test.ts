import { describe, expect, it } from 'vitest';
import { equivalenceKey } from '../../crawler/url/index.ts';

describe('equivalenceKey', () => {
  it.each([
    ['https://www.example.com/Post/', 'example.com/post'],
    ['http://example.com/post', 'example.com/post'],
    ['https://example.com/post?page=2', 'example.com/post'],
    ['https://example.com/post#comments', 'example.com/post'],
    ['https://example.com/', 'example.com'],
    ['https://www.example.com', 'example.com'],
    ['https://example.com:8080/A', 'example.com:8080/a'],
    ['https://example.com/a//', 'example.com/a'],
    ['https://example.com/%C3%A9T%C3%A9', 'example.com/%c3%a9t%c3%a9'],
  ])('%s → %s', (input, expected) => {
    expect(equivalenceKey(input)).toBe(expected);
  });

  it('groups the variants of one page', () => {
    const variants = ['https://www.example.com/Blog/Post/', 'http://example.com/blog/post', 'https://example.com/BLOG/POST?utm=1#x'];
    expect(new Set(variants.map(equivalenceKey)).size).toBe(1);
  });

  it('keeps different pages, subdomains and ports apart', () => {
    const distinct = [
      'https://example.com/a',
      'https://example.com/a/b',
      'https://blog.example.com/a',
      'https://example.com:8080/a',
      'https://www2.example.com/a',
      'https://example.org/a',
      'https://wwwexample.com/a',
    ];
    expect(new Set(distinct.map(equivalenceKey)).size).toBe(distinct.length);
  });

  it('only strips a leading www. label', () => {
    expect(equivalenceKey('https://www.www.example.com/')).toBe('www.example.com');
    expect(equivalenceKey('https://wwwexample.com/')).toBe('wwwexample.com');
  });
});
