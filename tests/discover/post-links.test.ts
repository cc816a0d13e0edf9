import { describe, expect, it } from 'vitest';
import { postLinks } from '../../crawler/discover/post-links.ts';

const POST = 'https://forum.example/t/reading-list/7001/2';
const HOST = 'forum.example';

describe('postLinks', () => {
  it('marks links inside <blockquote>, <aside class="quote"> and BBCode [quote] as quoted', () => {
    const html = `
<p>Plain: <a href="https://news.example/plain">a story</a></p>
<blockquote><p>As they said: <a href="https://news.example/in-blockquote">here</a></p></blockquote>
<aside class="quote no-group" data-username="kofi"><div class="title"><a href="https://news.example/in-aside">Title</a></div>
<blockquote><p>text</p></blockquote></aside>
<p>[quote="archivist"]Old board post citing <a href="https://news.example/in-bbcode">this</a>[/quote]</p>
<p>After the quote: <a href="https://news.example/after">after</a></p>`;
    expect(postLinks(html, POST, HOST)).toEqual([
      { url: 'https://news.example/plain', inQuote: false },
      { url: 'https://news.example/in-blockquote', inQuote: true },
      { url: 'https://news.example/in-aside', inQuote: true },
      { url: 'https://news.example/in-bbcode', inQuote: true },
      { url: 'https://news.example/after', inQuote: false },
    ]);
  });

  it('handles nested BBCode quotes and keeps text between them unquoted', () => {
    const html = `[quote="a"]outer [quote="b"]inner <a href="https://x.example/inner">i</a>[/quote] <a href="https://x.example/outer">o</a>[/quote] <a href="https://x.example/free">f</a>`;
    expect(postLinks(html, POST, HOST)).toEqual([
      { url: 'https://x.example/inner', inQuote: true },
      { url: 'https://x.example/outer', inQuote: true },
      { url: 'https://x.example/free', inQuote: false },
    ]);
  });

  it('records a URL once per quoted/plain, in order, and resolves relative links', () => {
    const html = `<blockquote><a href="https://x.example/a">1</a></blockquote><a href="https://x.example/a">2</a><a href="https://x.example/a">3</a><a href="//x.example/b">4</a>`;
    expect(postLinks(html, POST, HOST)).toEqual([
      { url: 'https://x.example/a', inQuote: true },
      { url: 'https://x.example/a', inQuote: false },
      { url: 'https://x.example/b', inQuote: false },
    ]);
  });

  it("leaves out the forum's own pages, mentions and non-http links", () => {
    const html = `<a class="mention" href="/u/kofi">@kofi</a> <a href="https://forum.example/t/other/12">topic</a>
<a href="mailto:a@b.example">mail</a> <a href="#reply">reply</a> <a href="https://x.example/ok">ok</a>`;
    expect(postLinks(html, POST, HOST)).toEqual([{ url: 'https://x.example/ok', inQuote: false }]);
  });
});
