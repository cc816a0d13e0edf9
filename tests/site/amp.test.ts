import { describe, expect, it } from 'vitest';
import { AMP_CSS, AMP_CSS_LIMIT, ampDocument } from '../../site/outputs/amp.ts';
import { servedHtml } from '../../site/html/served-html.ts';
import { socialMeta } from '../../site/html/social-meta.ts';
import { ampProblems } from './helpers/amp-check.ts';

function page(bodyHtml: string): string {
  return ampDocument(amp(bodyHtml));
}

function amp(bodyHtml: string): Parameters<typeof ampDocument>[0] {
  return {
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
  };
}

describe('ampDocument', () => {
  it('produces a page that passes the structural AMP check', () => {
    const html = page(servedHtml('<h2>Part</h2><p>Text <img src="https://a.example/m.webp" width="4" height="3"></p><pre><code>x &lt; y</code></pre><table><tr><td style="text-align:right">1</td></tr></table>', { amp: true }));
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

  it('carries the OpenGraph and Twitter tags the article page has, escaped, and still passes the check', () => {
    const social = socialMeta({
      siteTitle: 'News',
      title: 'Ice "and" <fire>',
      description: 'About ice',
      url: 'https://news.example.com/science/a/',
      language: 'en-GB',
      image: null,
      siteIconUrl: 'https://news.example.com/icons/icon-512.png',
      article: { published: '2024-03-01T10:00:00Z', modified: '2024-03-01T10:00:00Z', section: 'Science', tags: ['Ice'], author: null },
    });
    const html = ampDocument({ ...amp(''), social });
    expect(ampProblems(html)).toEqual([]);
    expect(html).toContain('<meta property="og:title" content="Ice &quot;and&quot; &lt;fire&gt;">');
    expect(html).toContain('<meta property="og:url" content="https://news.example.com/science/a/">');
    expect(html).toContain('<meta property="og:locale" content="en_GB">');
    expect(html).toContain('<meta property="og:image" content="https://news.example.com/icons/icon-512.png">');
    expect(html).toContain('<meta property="article:tag" content="Ice">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).not.toContain('article:author');
  });

  it('links the site icon when given, so browsers do not ask for /favicon.ico', () => {
    const html = ampDocument({ lang: 'en', title: 't', siteTitle: 's', homeUrl: 'https://a.example/', canonicalUrl: 'https://a.example/x/', description: '', iconUrl: '/favicon.svg', bodyHtml: '', leadHtml: '', metaHtml: '', footerHtml: '', jsonLd: [] });
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(ampProblems(html)).toEqual([]);
  });
});
