import { escapeHtml } from '../html/html.ts';
import { serializeJsonLd, type JsonLd } from './jsonld.ts';
import type { MetaTag } from '../html/social-meta.ts';

// AMP pages: `ampDocument` wraps an article in the mandatory AMP shell. The body comes from
// servedHtml(…, { amp: true }), which writes amp-img and nothing AMP forbids.

export const AMP_BOILERPLATE =
  '<style amp-boilerplate>body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-moz-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-ms-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}@-webkit-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-moz-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-ms-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-o-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}</style><noscript><style amp-boilerplate>body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}</style></noscript>';

export const AMP_RUNTIME = 'https://cdn.ampproject.org/v0.js';

/** AMP allows at most 75,000 bytes of custom CSS. */
export const AMP_CSS_LIMIT = 75_000;

export const AMP_CSS = [
  ':root{--bg:#fff;--fg:#1b1b1b;--muted:#555;--link:#0b57d0;--line:#ddd;--code:#f3f3f3}',
  '@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#e8e8e8;--muted:#a8a8a8;--link:#8ab4f8;--line:#333;--code:#1e1e1e}}',
  'body{margin:0;background:var(--bg);color:var(--fg);font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;overflow-wrap:break-word}',
  'a{color:var(--link)}',
  '.bar,main,footer{max-width:42rem;margin:0 auto;padding:0 1rem}',
  '.bar{display:flex;gap:1rem;align-items:center;justify-content:space-between;padding-top:.75rem;padding-bottom:.75rem;border-bottom:1px solid var(--line)}',
  '.brand{font-weight:700;color:var(--fg);text-decoration:none}',
  'h1{font-size:1.75rem;line-height:1.25;margin:1.25rem 0 .5rem}',
  'h2{font-size:1.3rem;line-height:1.3;margin:1.75rem 0 .5rem}',
  '.meta,.source,.tags,footer{color:var(--muted);font-size:.9rem}',
  // Tag links are touch targets: at least 24px tall, spaced (Lighthouse target-size).
  '.tags a{display:inline-block;min-height:24px;line-height:24px;margin:0 .75rem .5rem 0}',
  'figure{margin:1rem 0}',
  'figcaption{color:var(--muted);font-size:.85rem}',
  '.amp-contain img{object-fit:contain}',
  'pre{background:var(--code);padding:.75rem;overflow-x:auto;font-size:.9rem}',
  'code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}',
  'blockquote{margin:1rem 0;padding-left:1rem;border-left:3px solid var(--line);color:var(--muted)}',
  'table{border-collapse:collapse;display:block;overflow-x:auto}',
  'th,td{border:1px solid var(--line);padding:.3rem .5rem}',
  '.align-right{text-align:right}.align-center{text-align:center}',
  '.read-original{font-weight:700;margin:1.5rem 0}',
  '.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
  'footer{border-top:1px solid var(--line);margin-top:2rem;padding-top:1rem;padding-bottom:2rem}',
].join('');

export interface AmpPageInput {
  lang: string;
  title: string;
  siteTitle: string;
  homeUrl: string;
  /** The article page this AMP page mirrors (its rel=canonical). */
  canonicalUrl: string;
  description: string;
  /** The site's icon (an SVG); without one the browser asks for /favicon.ico. */
  iconUrl?: string;
  /** The body as servedHtml(…, { amp: true }) wrote it. */
  bodyHtml: string;
  /** Extra AMP markup placed between the header and the body (lead image figure). */
  leadHtml: string;
  /** Trusted markup for the byline (dates, source link). */
  metaHtml: string;
  footerHtml: string;
  jsonLd: JsonLd[];
  /** OpenGraph and Twitter card tags (social-meta.ts), as the article page has them. */
  social?: MetaTag[];
  css?: string;
}

/** A complete AMP document: doctype, <html ⚡>, charset first, runtime, canonical, viewport, boilerplate, one amp-custom style. */
export function ampDocument(page: AmpPageInput): string {
  const css = page.css ?? AMP_CSS;
  if (Buffer.byteLength(css) > AMP_CSS_LIMIT) throw new Error(`amp-custom CSS is ${Buffer.byteLength(css)} bytes; AMP allows ${AMP_CSS_LIMIT}`);
  return [
    '<!doctype html>',
    `<html ⚡ lang="${escapeHtml(page.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<script async src="${AMP_RUNTIME}"></script>`,
    `<title>${escapeHtml(page.title)} – ${escapeHtml(page.siteTitle)}</title>`,
    `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}">`,
    '<meta name="viewport" content="width=device-width">',
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    page.iconUrl ? `<link rel="icon" href="${escapeHtml(page.iconUrl)}" type="image/svg+xml">` : '',
    ...(page.social ?? []).map((m) => `<meta ${m.attribute}="${escapeHtml(m.key)}" content="${escapeHtml(m.content)}">`),
    ...page.jsonLd.map((ld) => `<script type="application/ld+json">${serializeJsonLd(ld)}</script>`),
    AMP_BOILERPLATE,
    `<style amp-custom>${css}</style>`,
    '</head>',
    '<body>',
    `<header class="bar"><a class="brand" href="${escapeHtml(page.homeUrl)}">${escapeHtml(page.siteTitle)}</a><a href="${escapeHtml(page.canonicalUrl)}">Full page</a></header>`,
    '<main><article>',
    `<h1>${escapeHtml(page.title)}</h1>`,
    page.metaHtml,
    page.leadHtml,
    `<div class="body">${page.bodyHtml}</div>`,
    '</article></main>',
    `<footer>${page.footerHtml}</footer>`,
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
