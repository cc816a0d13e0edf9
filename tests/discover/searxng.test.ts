import { describe, expect, it } from 'vitest';
import { keywordRotation, parseSearchAnswer, searchUrl } from '../../crawler/discover/searxng.ts';

describe('SearXNG helpers', () => {
  it('builds /search?q=…&format=json under the instance address, with or without a path', () => {
    expect(searchUrl('https://searx.example', 'heat pumps')).toBe('https://searx.example/search?q=heat+pumps&format=json');
    expect(searchUrl('https://example.org/searx/', 'a&b')).toBe('https://example.org/searx/search?q=a%26b&format=json');
    expect(searchUrl('https://example.org/searx', 'x')).toBe('https://example.org/searx/search?q=x&format=json');
  });

  it('takes the first results with http(s) URLs, up to the limit', () => {
    const answer = JSON.stringify({
      query: 'x',
      results: [
        { url: 'https://a.example/1', title: ' One ', publishedDate: '2026-03-01T10:00:00' },
        { url: 'ftp://a.example/file', title: 'skip' },
        { title: 'no url' },
        { url: 'https://a.example/2', title: 'Two', publishedDate: null },
        { url: 'https://a.example/3', title: 'Three' },
      ],
    });
    const parsed = parseSearchAnswer(answer, 2);
    expect(parsed.ok && parsed.hits).toEqual([
      { url: 'https://a.example/1', title: 'One', published: new Date('2026-03-01T10:00:00').toISOString() },
      { url: 'https://a.example/2', title: 'Two', published: null },
    ]);
  });

  it('explains an answer that is not SearXNG JSON', () => {
    expect(parseSearchAnswer('<html>', 5)).toMatchObject({ ok: false, code: 'E_SEARCH_PARSE' });
    expect(parseSearchAnswer('{"error":"x"}', 5)).toMatchObject({ ok: false, message: expect.stringContaining('results') });
  });

  it('rotates keywords round-robin after the last one queried', () => {
    const k = ['mars', 'orbit', 'telescope'];
    expect(keywordRotation(k, null)).toEqual(['mars', 'orbit', 'telescope']);
    expect(keywordRotation(k, 'mars')).toEqual(['orbit', 'telescope', 'mars']);
    expect(keywordRotation(k, 'telescope')).toEqual(['mars', 'orbit', 'telescope']);
    expect(keywordRotation(k, 'removed keyword')).toEqual(['mars', 'orbit', 'telescope']);
    expect(keywordRotation(['a', ' a ', 'b', ''], 'a')).toEqual(['b', 'a']);
  });
});
