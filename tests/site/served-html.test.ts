import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { htmlToText, truncate } from '../../site/html/html.ts';
import { EXTERNAL_LINK_REL, servedHtml } from '../../site/html/served-html.ts';

const SITE = 'https://news.example.com/';

describe('servedHtml for the article page', () => {
  it('turns table alignment into classes and drops every other style', () => {
    const out = servedHtml('<table><tr><th style="text-align: right">A</th><td class="x" style="text-align:center">B</td><td style="color:red">C</td><td align="left">D</td></tr></table>');
    expect(out).toContain('<th class="align-right">A</th>');
    expect(out).toContain('<td class="align-center">B</td>');
    expect(out).toContain('<td>C</td>');
    expect(out).toContain('<td class="align-left">D</td>');
    expect(out).not.toContain('style=');
  });

  it('removes scripts, styles, frames, event handlers and javascript: links from raw HTML', () => {
    const out = servedHtml('<div onclick="a()" data-x="1">t</div><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><a href="javascript:alert(1)">j</a><a href=\'JavaScript:x\'>k</a>');
    expect(out).toBe('t<a>j</a><a>k</a>');
  });

  it('demotes body <h1> to <h2> and keeps the heading ids the Markdown renderer writes', () => {
    expect(servedHtml('<h1 id="a">Title</h1><h3 id="part-two">x</h3><p id="p">y</p>')).toBe('<h2 id="a">Title</h2><h3 id="part-two">x</h3><p>y</p>');
    expect(servedHtml('<h2 id="i-amphtml-x">T</h2><h2 id="a b">U</h2>')).toBe('<h2>T</h2><h2>U</h2>');
  });

  it('makes body images lazy and requests them over https, as the CSP img-src allows', () => {
    expect(servedHtml('<img src="https://a.example/a.webp" alt="a">')).toBe('<img src="https://a.example/a.webp" alt="a" loading="lazy" decoding="async" />');
    expect(servedHtml('<img src="http://source.example/a.png" alt="">')).toContain('src="https://source.example/a.png"');
    expect(servedHtml('<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAEklEQVR4nGNgYGD4z8DAwMDAAAAPAQEAYDmFEAAAAABJRU5ErkJggg==" alt="">')).toContain('src="data:image/png;base64,');
    expect(servedHtml('<img src="javascript:alert(1)"><img src="data:image/svg+xml;base64,PHN2Zz4=">')).toBe('');
  });

  it('marks links that leave the site noopener noreferrer nofollow, and only those', () => {
    const out = servedHtml(
      '<a href="https://source.example/a?x=1&amp;y=2">out</a><a href="http://other.example/" rel="external">old rel</a><a href="//cdn.example.org/x">protocol-relative</a><a href="https://news.example.com/science/b/" rel="nofollow">ours</a><a href="mailto:a@b.example">mail</a>',
      { origin: SITE },
    );
    expect(out).toContain(`<a href="https://source.example/a?x=1&amp;y=2" rel="${EXTERNAL_LINK_REL}">out</a>`);
    expect(out).toContain(`<a href="http://other.example/" rel="${EXTERNAL_LINK_REL}">old rel</a>`);
    expect(out).toContain('<a>protocol-relative</a>');
    expect(out).toContain('<a href="https://news.example.com/science/b/">ours</a>');
    expect(out).toContain('<a href="mailto:a@b.example">mail</a>');
  });

  it('puts code blocks in the tab order (a block that scrolls sideways must be reachable by keyboard), whatever tabindex the source gave', () => {
    expect(servedHtml('<pre><code>const x = 1;</code></pre>')).toBe('<pre tabindex="0"><code>const x = 1;</code></pre>');
    expect(servedHtml('<pre tabindex="-1">x</pre><p tabindex="3">y</p>')).toBe('<pre tabindex="0">x</pre><p>y</p>');
  });

  it('leaves escaped text alone', () => {
    const html = '<p>1 &lt; 2 and <code>&lt;img src=x onerror=alert(1)&gt;</code></p>';
    expect(servedHtml(html)).toBe(html);
  });

  // The attack corpus's finding: the old regex pass dropped "<style…>" up to the first ">", which
  // sat inside the next tag's quoted alt, so the URL of the image after it was parsed as
  // attributes and "onerror=alert(1)//" went live. Checked with jsdom, a browser's parser.
  it('never turns text inside an attribute value into an attribute', () => {
    const html = '<p><img alt="<style" src="https://a.example/x.png"><img src="https://a.example/b/onerror=alert(1)//c.png"><a title="<style" href="https://a.example/x/onload=alert(1)//">l</a></p>';
    for (const out of [servedHtml(html), servedHtml(html, { amp: true })]) {
      const { document } = new JSDOM(`<body>${out}</body>`).window;
      const names = [...document.body.querySelectorAll('*')].flatMap((el) => el.getAttributeNames());
      expect(names.filter((n) => n.startsWith('on'))).toEqual([]);
      expect(names).not.toContain('https:');
      expect(out).toContain('alt="&lt;style"');
    }
  });
});

describe('servedHtml for AMP', () => {
  it('turns images into responsive amp-img with their size', () => {
    const out = servedHtml('<p><img src="https://a.example/a-640.webp" width="640" height="360" alt="A dog" loading="lazy"></p>', { amp: true });
    expect(out).toBe('<p><amp-img src="https://a.example/a-640.webp" alt="A dog" width="640" height="360" layout="responsive"></amp-img></p>');
  });

  it('gives images without a size a letterboxed default, and drops data: images', () => {
    expect(servedHtml('<img src="http://cdn.example.org/x.jpg">', { amp: true })).toBe('<amp-img src="https://cdn.example.org/x.jpg" alt="" width="1200" height="675" layout="responsive" class="amp-contain"></amp-img>');
    expect(servedHtml('<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAEklEQVR4nGNgYGD4z8DAwMDAAAAPAQEAYDmFEAAAAABJRU5ErkJggg==">', { amp: true })).toBe('');
  });

  it('removes scripts, styles, forms and event handlers but keeps the text', () => {
    const out = servedHtml(
      '<p style="color:red" onclick="x()">Hello <b onmouseover="y()">world</b></p><script>alert(1)</script><style>p{}</style><form action="/x"><label>Name <input name="n"></label><button>Go</button></form><a href="javascript:alert(1)">bad</a>',
      { amp: true },
    );
    expect(out).toBe('<p>Hello <strong>world</strong></p><a>bad</a>');
  });

  it('writes no AMP-reserved class or id', () => {
    expect(servedHtml('<p class="i-amphtml-x keep -amp-y">t</p><h2 id="-amp-x">h</h2>', { amp: true })).toBe('<p>t</p><h2>h</h2>');
  });
});

describe('text helpers', () => {
  it('extracts text with a real parser and shortens it at a word boundary', () => {
    expect(htmlToText('<p>Fish &amp; chips</p><p>are &lt;nice&gt;</p>')).toBe('Fish & chips are <nice>');
    expect(htmlToText('<p title="a <b>c</b>">x</p><script>y</script><style>z</style>')).toBe('x');
    expect(truncate('The quick brown fox jumps over the lazy dog', 20)).toBe('The quick brown fox…');
    expect(truncate('short', 20)).toBe('short');
  });
});
