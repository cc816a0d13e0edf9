import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, sanitizeArticleHtml } from '../../crawler/clean/index.ts';
import { createRandom, type Random } from '../../scripts/dev/lib/random.ts';
import { renderMarkdown } from '../../site/html/markdown.ts';
import { servedHtml } from '../../site/html/served-html.ts';

// Random attribute values full of tag-like text, quotes and URL fragments, through the whole
// path article HTML takes: the crawler's clean stage → Markdown → Astro's Markdown renderer →
// servedHtml for the article page, its AMP page and a feed item. The result is parsed by jsdom
// (parse5, a browser's HTML parser, not the one the sanitizer uses) and must hold no event
// handler, no script-capable URL and no element outside the allowlist. The same for Markdown
// written by hand (content/ is a folder anyone can edit): raw HTML in it passes the renderer.

const FRAGMENTS = [
  '<style', '<style>', '</style>', '<script>', '</script>', '<img src=x onerror=alert(1)>', '<svg/onload=alert(1)>', '<iframe src=javascript:alert(1)>',
  '"', "'", '`', '>', '<', '/>', '=', ' ', '\t', '\n', '&quot;', '&#34;', '&#x27;', '&lt;', '&gt;', '&amp;',
  '/onerror=alert(1)//', '/onload=alert(1)', ' onmouseover=alert(1) ', 'onerror=', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:x', 'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>', 'data:text/html;base64,PHNjcmlwdD4=', '<!--', '-->', ']]>', '<![CDATA[', '%', '100%', '%zz', '%E0%A4%A',
  'expression(alert(1))', 'url(javascript:alert(1))', 'style=color:red', '#', '?a=1&b=2', '../', '//evil.example/', 'x', 'word',
];

function value(random: Random): string {
  return Array.from({ length: random.int(1, 6) }, () => random.pick(FRAGMENTS)).join('');
}

const quote = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Raw article HTML with hostile attribute values, as an extracted page might hold it. */
function hostileArticle(random: Random): string {
  const parts = ['<p>Opening words of the article.</p>'];
  for (let i = 0; i < random.int(2, 5); i++) {
    const alt = random.chance(0.5) ? quote(value(random)) : value(random).replace(/"/g, '');
    const src = `https://img.example/${value(random).replace(/["\s]/g, '')}.png`;
    const href = random.chance(0.8) ? `https://link.example/${quote(value(random))}` : quote(value(random));
    parts.push(
      random.pick([
        `<p>Text <img alt="${alt}" src="${src}" title="${quote(value(random))}"> more</p>`,
        `<p><a href="${href}" title="${quote(value(random))}">a link ${quote(value(random))}</a></p>`,
        `<figure><img src="${src}" alt='${alt.replace(/'/g, '')}'><figcaption>${value(random)}</figcaption></figure>`,
        `<blockquote cite="${href}"><p>${value(random)}</p></blockquote>`,
        `<table><tr><td style="${quote(value(random))}" align="${quote(value(random))}">cell</td></tr></table>`,
        `<h2 id="${quote(value(random))}">A heading</h2>`,
      ]),
    );
  }
  return parts.join('\n');
}

/** Hand-written Markdown with raw HTML and hostile link and image destinations. */
function hostileMarkdown(random: Random): string {
  const lines = ['Opening words of the article.', ''];
  for (let i = 0; i < random.int(2, 5); i++) {
    lines.push(
      random.pick([
        `![${value(random).replace(/[[\]]/g, '')}](https://img.example/${value(random).replace(/[\s()]/g, '')} "${value(random).replace(/"/g, '')}")`,
        `[a link](${value(random).replace(/[\s()]/g, '')})`,
        `<p title="${value(random)}">${value(random)}</p>`,
        `<img alt="${value(random)}" src="https://img.example/${value(random)}">`,
        `<a href="${value(random)}">raw</a>`,
        value(random),
      ]),
      '',
    );
  }
  return lines.join('\n');
}

const FORBIDDEN = ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'meta', 'base', 'link', 'svg', 'math', 'template', 'noscript', 'textarea', 'select'];
const URL_ATTRIBUTES = ['href', 'src', 'cite', 'action', 'formaction', 'poster', 'background', 'srcset', 'xlink:href', 'data'];

/** Each output parsed as its own document body would be (one jsdom document, one <div> each: parsing is the slow part). */
function problems(outputs: string[]): string[] {
  const { document } = new JSDOM(`<!doctype html><html><body>${outputs.map((html) => `<div>${html}</div>`).join('')}</body></html>`).window;
  const found: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const tag = el.localName;
    if (FORBIDDEN.includes(tag)) found.push(`<${tag}>`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${name}= on <${tag}>`);
      if (name === 'style' && /url\(|expression\(/i.test(attr.value)) found.push(`style=${attr.value}`);
      if (URL_ATTRIBUTES.includes(name)) {
        const squeezed = attr.value.replace(/[\u0000-\u0020]+/g, '').toLowerCase();
        if (/^(javascript|vbscript):|^data:text\/html/.test(squeezed)) found.push(`${name}=${attr.value}`);
      }
    }
  }
  return found;
}

/** What leaves the build for one article body: the page, the AMP page and a feed item. */
function outputs(rendered: string): string[] {
  const origin = 'https://news.example.com';
  return [
    servedHtml(rendered, { origin }),
    servedHtml(rendered, { origin, amp: true }),
    servedHtml(`<figure><img src="https://news.example.com/media/a.webp" alt=""></figure>\n${rendered}\n<p>Originally published by <a href="https://source.example/">Source</a>.</p>`, { origin }),
  ];
}

describe('article HTML from crawl to page and feed', () => {
  it('never yields an event handler, a script URL or a forbidden element (300 crawled articles)', async () => {
    const random = createRandom(20261124);
    for (let i = 0; i < 300; i++) {
      const raw = hostileArticle(random);
      const markdown = htmlToMarkdown(sanitizeArticleHtml(raw, { baseUrl: 'https://source.example/story' }));
      const rendered = await renderMarkdown(markdown);
      const out = outputs(rendered);
      const found = problems(out);
      if (found.length) expect({ raw, markdown, out, found }).toEqual({ raw, markdown, out, found: [] });
    }
  });

  it('never yields one from hand-written Markdown with raw HTML (300 files)', async () => {
    const random = createRandom(7);
    for (let i = 0; i < 300; i++) {
      const markdown = hostileMarkdown(random);
      let rendered: string;
      try {
        rendered = await renderMarkdown(markdown);
      } catch {
        continue; // a body that does not render is skipped by the build (tested in build-resilience)
      }
      const out = outputs(rendered);
      const found = problems(out);
      if (found.length) expect({ markdown, out, found }).toEqual({ markdown, out, found: [] });
    }
  });

  it('never writes a URL the Markdown renderer cannot decode (a lone % stopped whole builds)', async () => {
    const random = createRandom(99);
    for (let i = 0; i < 200; i++) {
      const markdown = htmlToMarkdown(sanitizeArticleHtml(hostileArticle(random), { baseUrl: 'https://source.example/100%/story' }));
      await expect(renderMarkdown(markdown)).resolves.toBeTypeOf('string');
    }
  });
});
