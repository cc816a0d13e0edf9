import { describe, expect, it } from 'vitest';
import { AMP_CSS, AMP_CSS_LIMIT, ampDocument, toAmpHtml } from '../../site/lib/amp.ts';
import { ampProblems } from './helpers/amp-check.ts';

function page(bodyHtml: string): string {
  return ampDocument({
    lang: 'en',
    title: 'A <title> & more',
    siteTitle: 'News',
    homeUrl: 'https://news.example.com/',
    canonicalUrl: 'https://news.example.com/science/a/',
    description: 'About "things"',
    bodyHtml,
    leadHtml: '',
    metaHtml: '<p class="meta">meta</p>',
    footerHtml: '<p>footer</p>',
    jsonLd: [{ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'x</script><script>alert(1)</script>' }],
  });
}

describe('toAmpHtml', () => {
  it('turns images into responsive amp-img with their size', () => {
    const out = toAmpHtml('<p><img src="/media/a-640.webp" srcset="/media/a-320.webp 320w, /media/a-640.webp 640w" width="640" height="360" alt="A dog" loading="lazy" decoding="async"></p>');
    expect(out).toContain('<amp-img');
    expect(out).toContain('src="/media/a-640.webp"');
    expect(out).toContain('srcset="/media/a-320.webp 320w, /media/a-640.webp 640w"');
    expect(out).toMatch(/width="640"/);
    expect(out).toMatch(/height="360"/);
    expect(out).toContain('layout="responsive"');
    expect(out).toContain('alt="A dog"');
    expect(out).not.toMatch(/<img\b/);
    expect(out).not.toContain('loading=');
  });

  it('gives images without a size a letterboxed default instead of dropping them', () => {
    const out = toAmpHtml('<img src="https://cdn.example.org/x.jpg">');
    expect(out).toMatch(/^<amp-img [^>]*\bwidth="1200"/);
    expect(out).toMatch(/^<amp-img [^>]*\bheight="675"/);
    expect(out).toContain('class="amp-contain"');
    expect(out).toContain('alt=""');
  });

  it('removes scripts, styles, forms and event handlers but keeps the text', () => {
    const out = toAmpHtml(
      '<p style="color:red" onclick="x()">Hello <b onmouseover="y()">world</b></p><script>alert(1)</script><style>p{}</style><form action="/x"><label>Name <input name="n"></label><button>Go</button></form><a href="javascript:alert(1)">bad</a>',
    );
    expect(out).toContain('<p>Hello <b>world</b></p>');
    expect(out).not.toMatch(/<script|<style|<form|<input|<button|onclick|onmouseover|style=|javascript:/i);
    expect(out).toContain('Name ');
    expect(out).toContain('>bad</a>');
  });

  it('replaces iframes and videos with links to what they embedded', () => {
    const out = toAmpHtml('<iframe src="https://video.example.org/embed/1"></iframe><video src="https://cdn.example.org/v.mp4"></video><iframe src="javascript:1"></iframe>');
    expect(out).toContain('<a href="https://video.example.org/embed/1">');
    expect(out).toContain('<a href="https://cdn.example.org/v.mp4">');
    expect(out).not.toMatch(/<iframe|<video/);
  });

  it('keeps the image inside <picture> and drops the sources', () => {
    const out = toAmpHtml('<picture><source srcset="/a.avif" type="image/avif"><img src="/a.jpg" width="10" height="5" alt="pic"></picture>');
    expect(out).toMatch(/^<amp-img [^>]*src="\/a.jpg"/);
    expect(out).not.toMatch(/<picture|<source/);
  });

  it('strips AMP-reserved class names', () => {
    expect(toAmpHtml('<p class="i-amphtml-x keep -amp-y">t</p>')).toBe('<p class="keep">t</p>');
  });
});

describe('ampDocument', () => {
  it('produces a page that passes the structural AMP check', () => {
    const html = page(toAmpHtml('<h2>Part</h2><p>Text <img src="/m.webp" width="4" height="3"></p><pre><code>x &lt; y</code></pre><table><tr><td class="align-right">1</td></tr></table>'));
    expect(ampProblems(html)).toEqual([]);
    expect(html).toMatch(/^<!doctype html>\n<html ⚡ lang="en">/);
    expect(html.match(/<style amp-custom>/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://news.example.com/science/a/">');
    expect(html).toContain('<title>A &lt;title&gt; &amp; more – News</title>');
  });

  it('cannot be broken out of by JSON-LD content', () => {
    const html = page('<p>x</p>');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('keeps the custom CSS under the AMP limit and refuses CSS over it', () => {
    expect(Buffer.byteLength(AMP_CSS)).toBeLessThan(AMP_CSS_LIMIT);
    expect(AMP_CSS).not.toContain('!important');
    expect(() => ampDocument({ ...{ lang: 'en', title: 't', siteTitle: 's', homeUrl: 'https://a.example/', canonicalUrl: 'https://a.example/x/', description: '', bodyHtml: '', leadHtml: '', metaHtml: '', footerHtml: '', jsonLd: [] }, css: 'a{}'.repeat(30_000) })).toThrow(/75000/);
  });

  it('is caught by the checker when a forbidden element slips in', () => {
    const bad = page('<p>x</p>').replace('<p>x</p>', '<p onclick="a()">x</p><img src="/a.jpg"><script src="/x.js"></script>');
    const problems = ampProblems(bad);
    expect(problems).toContain('forbidden tag <img>');
    expect(problems.some((p) => p.startsWith('forbidden script'))).toBe(true);
    expect(problems.some((p) => p.startsWith('onclick'))).toBe(true);
  });

  it('is caught by the checker when the CSP comes as a <meta> (AMP allows it only as a header)', () => {
    const bad = page('<p>x</p>').replace('<meta name="viewport"', `<meta http-equiv="Content-Security-Policy" content="default-src 'self'"><meta name="viewport"`);
    expect(ampProblems(bad)).toContain('<meta http-equiv="Content-Security-Policy"> (AMP allows the policy only as a header)');
  });

  it('links the site icon when given, so browsers do not ask for /favicon.ico', () => {
    const html = ampDocument({ lang: 'en', title: 't', siteTitle: 's', homeUrl: 'https://a.example/', canonicalUrl: 'https://a.example/x/', description: '', iconUrl: '/favicon.svg', bodyHtml: '', leadHtml: '', metaHtml: '', footerHtml: '', jsonLd: [] });
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(ampProblems(html)).toEqual([]);
  });
});
