import { describe, expect, it } from 'vitest';
import { absolutizeHtml, htmlToText, prepareBodyHtml, truncate } from '../../site/lib/html.ts';

describe('prepareBodyHtml', () => {
  it('turns table alignment styles into classes and drops every other style', () => {
    const out = prepareBodyHtml('<table><tr><th style="text-align: right">A</th><td class="x" style="text-align:center">B</td><td style="color:red">C</td></tr></table>');
    expect(out).toContain('<th class="align-right">A</th>');
    expect(out).toContain('<td class="x align-center">B</td>');
    expect(out).toContain('<td>C</td>');
    expect(out).not.toContain('style=');
  });

  it('removes scripts, styles, frames, event handlers and javascript: links from raw HTML', () => {
    const out = prepareBodyHtml('<div onclick="a()" data-x="1">t</div><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><a href="javascript:alert(1)">j</a><a href=\'JavaScript:x\'>k</a>');
    expect(out).toBe('<div data-x="1">t</div><a>j</a><a>k</a>');
  });

  it('demotes body <h1> to <h2>, since the page title is the only <h1>', () => {
    expect(prepareBodyHtml('<h1 id="a">Title</h1><p>x</p>')).toBe('<h2 id="a">Title</h2><p>x</p>');
  });

  it('makes body images lazy unless they say otherwise', () => {
    expect(prepareBodyHtml('<img src="/a.webp" alt="a">')).toBe('<img src="/a.webp" alt="a" loading="lazy" decoding="async">');
    expect(prepareBodyHtml('<img src="/a.webp" loading="eager">')).toBe('<img src="/a.webp" loading="eager" decoding="async">');
  });

  it('marks links that leave the site noopener noreferrer nofollow, and only those', () => {
    const out = prepareBodyHtml(
      '<a href="https://source.example/a?x=1&amp;y=2">out</a><a href="http://other.example/" rel="external">old rel</a><a href="//cdn.example.org/x">protocol-relative</a><a href="https://news.example.com/science/b/">ours</a><a href="/science/c/">relative</a><a href="#fn1">note</a><a href="mailto:a@b.example">mail</a>',
      { origin: 'https://news.example.com/' },
    );
    expect(out).toContain('<a href="https://source.example/a?x=1&amp;y=2" rel="noopener noreferrer nofollow">out</a>');
    expect(out).toContain('<a href="http://other.example/" rel="external noopener noreferrer nofollow">old rel</a>');
    expect(out).toContain('<a href="//cdn.example.org/x" rel="noopener noreferrer nofollow">protocol-relative</a>');
    expect(out).toContain('<a href="https://news.example.com/science/b/">ours</a>');
    expect(out).toContain('<a href="/science/c/">relative</a>');
    expect(out).toContain('<a href="#fn1">note</a>');
    expect(out).toContain('<a href="mailto:a@b.example">mail</a>');
  });

  it('requests remote body images over https, as the CSP img-src allows', () => {
    expect(prepareBodyHtml('<img src="http://source.example/a.png" alt="">')).toBe('<img src="https://source.example/a.png" alt="" loading="lazy" decoding="async">');
    expect(prepareBodyHtml('<img src="data:image/png;base64,AAAA" alt="">')).toContain('src="data:image/png;base64,AAAA"');
  });

  it('leaves escaped text alone', () => {
    const html = '<p>1 &lt; 2 and <code>&lt;img src=x onerror=alert(1)&gt;</code></p>';
    expect(prepareBodyHtml(html)).toBe(html);
  });

  it('prefixes site-absolute URLs with the base path of a site served under a folder', () => {
    const out = prepareBodyHtml('<img src="/media/a.webp" srcset="/media/a-320.webp 320w, /media/a-640.webp 640w"><a href="//cdn.example.org/x">c</a><a href="https://a.example/">b</a>', { base: '/news/' });
    expect(out).toContain('src="/news/media/a.webp"');
    expect(out).toContain('srcset="/news/media/a-320.webp 320w, /news/media/a-640.webp 640w"');
    expect(out).toContain('href="//cdn.example.org/x"');
    expect(out).toContain('href="https://a.example/"');
  });
});

describe('absolutizeHtml', () => {
  it('resolves relative href, src and srcset against the page URL', () => {
    const out = absolutizeHtml('<a href="/x/?a=1&amp;b=2">x</a><img src="pic.webp" srcset="/a.webp 1x, b.webp 2x"><a href="#fn1">1</a><a href="mailto:a@b.c">m</a><a href="https://other.example/p">o</a>', 'https://news.example.com/science/story/');
    expect(out).toContain('href="https://news.example.com/x/?a=1&amp;b=2"');
    expect(out).toContain('src="https://news.example.com/science/story/pic.webp"');
    expect(out).toContain('srcset="https://news.example.com/a.webp 1x, https://news.example.com/science/story/b.webp 2x"');
    expect(out).toContain('href="#fn1"');
    expect(out).toContain('href="mailto:a@b.c"');
    expect(out).toContain('href="https://other.example/p"');
  });
});

describe('text helpers', () => {
  it('extracts text and shortens it at a word boundary', () => {
    expect(htmlToText('<p>Fish &amp; chips</p><p>are &lt;nice&gt;</p>')).toBe('Fish & chips are <nice>');
    expect(truncate('The quick brown fox jumps over the lazy dog', 20)).toBe('The quick brown fox…');
    expect(truncate('short', 20)).toBe('short');
  });
});
