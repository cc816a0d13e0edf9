import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from '../../crawler/clean/index.ts';
import { loadPayloads } from './xss-fixtures.ts';

const BASE = 'https://blog.example.org/2024/05/post.html';

const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'abbr', 'q',
  'cite', 'kbd', 'samp', 'var', 'code', 'pre', 'blockquote', 'a', 'img', 'figure', 'figcaption', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  code: ['class'],
  blockquote: ['cite'],
  q: ['cite'],
  abbr: ['title'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** Parses like a browser (parse5 via jsdom) and lists every way the output could execute or restyle anything. */
function violations(html: string): string[] {
  const problems: string[] = [];
  const { document } = new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window;
  for (const el of document.body.querySelectorAll('*')) {
    const tag = el.localName;
    if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push(`foreign element <${tag}> (${el.namespaceURI})`);
    if (!ALLOWED_TAGS.has(tag)) problems.push(`tag <${tag}>`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (!(ALLOWED_ATTRIBUTES[tag] ?? []).includes(name)) problems.push(`attribute ${name} on <${tag}>`);
      if (name.startsWith('on')) problems.push(`event handler ${name}`);
      if (['href', 'src', 'cite'].includes(name)) {
        let protocol = '';
        try {
          protocol = new URL(attr.value).protocol;
        } catch {
          problems.push(`unparseable ${name}="${attr.value}"`);
          continue;
        }
        const ok = tag === 'img' ? ['http:', 'https:'].includes(protocol) || /^data:image\/(png|jpeg|gif|webp|avif);base64,/i.test(attr.value) : ['http:', 'https:', 'mailto:'].includes(protocol) && (name !== 'cite' || protocol !== 'mailto:');
        if (!ok) problems.push(`${name}="${attr.value}"`);
      }
      if (name === 'class' && !(tag === 'code' && /^language-[\w+#.-]+$/.test(attr.value))) problems.push(`class="${attr.value}"`);
    }
    if (tag === 'a' && el.getAttribute('href') && el.getAttribute('rel') !== 'noopener noreferrer nofollow') problems.push(`rel="${el.getAttribute('rel')}"`);
  }
  return problems;
}

describe('sanitizeArticleHtml against XSS payloads', () => {
  const payloads = loadPayloads();

  it('loads the fixture set', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
  });

  for (const { name, html } of payloads) {
    it(`neutralizes: ${name}`, () => {
      const out = sanitizeArticleHtml(html, { baseUrl: BASE });
      expect(violations(out)).toEqual([]);
      expect(out).not.toMatch(/<\s*(script|style|svg|math|iframe|object|embed|form|button|input|base|meta|link|template|noscript|textarea|xmp|title)\b/i);
      expect(out).not.toMatch(/(?:href|src|cite)="\s*(?:javascript:|vbscript:|data:text)/i);
      // Stable: cleaning the output again changes nothing.
      expect(sanitizeArticleHtml(out, { baseUrl: BASE })).toBe(out);
    });
  }

  it('keeps harmless text that came with the payloads', () => {
    expect(sanitizeArticleHtml(payloads.find((p) => p.name === 'script tag')!.html, { baseUrl: BASE })).toBe('<p>before</p><p>after</p>');
    expect(sanitizeArticleHtml(payloads.find((p) => p.name === 'encoded text must stay text')!.html, { baseUrl: BASE })).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(sanitizeArticleHtml(payloads.find((p) => p.name === 'base element')!.html, { baseUrl: BASE })).toBe(
      '<p><a href="https://blog.example.org/2024/05/relative/page" rel="noopener noreferrer nofollow">relative</a></p>',
    );
    expect(sanitizeArticleHtml(payloads.find((p) => p.name === 'style overlay link and ids')!.html, { baseUrl: BASE })).toBe(
      '<p><a href="https://example.com/" rel="noopener noreferrer nofollow">overlay</a></p>',
    );
  });

  it('survives random splices of the payloads with ordinary markup (seeded, 300 cases)', () => {
    let seed = 20240601;
    const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    const pieces = [
      ...payloads.map((p) => p.html),
      '<p>', '</p>', '<div>', '</div>', '<a href="/x">', '</a>', '<b>', '</b>', '<table><tr><td>', '</td></tr></table>', '<ul><li>', '"', "'", '>', '<', '<!--', '-->',
      '<svg>', '<math>', '<noscript>', '</noscript>', '<style>', '</style>', '<template>', '<textarea>', '</title>', 'text',
    ];
    for (let i = 0; i < 300; i++) {
      let html = '';
      for (let n = 1 + Math.floor(random() * 6); n > 0; n--) html += pieces[Math.floor(random() * pieces.length)];
      const out = sanitizeArticleHtml(html, { baseUrl: BASE });
      expect(violations(out), html).toEqual([]);
    }
  });

  it('unwraps links whose URL was unsafe, keeping their text', () => {
    expect(sanitizeArticleHtml('<p>Read <a href="javascript:alert(1)">this</a> now</p>', { baseUrl: BASE })).toBe('<p>Read this now</p>');
  });
});

describe('sanitizeArticleHtml on ordinary article markup', () => {
  const out = sanitizeArticleHtml(readFileSync(new URL('./fixtures/article.html', import.meta.url), 'utf8'), { baseUrl: BASE });
  const { document } = new JSDOM(`<body>${out}</body>`).window;
  const body = document.body;

  it('passes the same safety checks', () => {
    expect(violations(out)).toEqual([]);
  });

  it('demotes h1 to h2 and keeps the heading levels below', () => {
    expect([...body.querySelectorAll('h2, h3')].map((h) => `${h.localName}:${h.textContent}`)).toEqual(['h2:Building a Solar Garden Shed', 'h2:Parts list', 'h3:Costs']);
    expect(body.querySelector('h1')).toBeNull();
  });

  it('makes links absolute, adds rel and drops tracking attributes', () => {
    const links = [...body.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://blog.example.org/guides/solar-basics', 'https://other.example/wiki/Inverter']);
    expect(links.every((a) => a.getAttribute('rel') === 'noopener noreferrer nofollow' && a.attributes.length === 2)).toBe(true);
    expect(body.textContent).toContain('Share'); // the javascript: share link is kept as text
  });

  it('resolves the lazy image to a real URL from its srcset and keeps the figure and caption', () => {
    const imgs = [...body.querySelectorAll('img')];
    expect(imgs).toHaveLength(1); // the 1×1 tracking pixel is gone
    expect(imgs[0].getAttribute('src')).toBe('https://blog.example.org/img/shed-960.jpg');
    expect(imgs[0].getAttribute('alt')).toBe('The shed with panels');
    expect(imgs[0].getAttribute('width')).toBe('960');
    expect(imgs[0].parentElement!.localName).toBe('figure');
    expect(body.querySelector('figure figcaption')!.innerHTML).toBe('The shed in <strong>June</strong>.');
  });

  it('keeps lists (nested, with start), tables, quotes and code', () => {
    expect(body.querySelector('ul > li > ul > li')!.textContent).toBe('Mono, 100 W');
    expect(body.querySelector('ol')!.getAttribute('start')).toBe('3');
    expect([...body.querySelectorAll('th')].map((t) => t.textContent)).toEqual(['Item', 'Price']);
    expect(body.querySelector('td[colspan="2"]')!.innerHTML).toBe('Total <em>before</em> tax');
    expect(body.querySelector('blockquote')!.getAttribute('cite')).toBe('https://blog.example.org/quotes/1');
    expect(body.querySelector('blockquote p')!.textContent).toBe('Measure twice, drill once.');
    const code = body.querySelector('pre > code')!;
    expect(code.getAttribute('class')).toBe('language-python');
    expect(code.textContent).toBe('def watts(v, a):\n    return v * a  # <simple>');
    expect(body.querySelector('p code')!.textContent).toBe('watts(12, 5)');
    expect(body.querySelector('sup')!.textContent).toBe('1');
  });

  it('turns meaningless wrappers into paragraphs and removes empty ones', () => {
    expect(body.querySelector('div, span, section, article')).toBeNull();
    expect([...body.children].map((c) => c.localName)).toEqual(['h2', 'p', 'p', 'figure', 'h2', 'ul', 'ol', 'h3', 'table', 'blockquote', 'pre', 'p', 'p', 'hr', 'p']);
    expect(body.children[1].textContent).toBe('By Ana');
    for (const p of body.querySelectorAll('p')) expect(p.textContent!.trim().length).toBeGreaterThan(0);
  });
});

describe('sanitizeArticleHtml image sources', () => {
  const clean = (html: string, allowDataImagesUpTo?: number) => sanitizeArticleHtml(html, { baseUrl: BASE, allowDataImagesUpTo });
  // 3×3 PNG and 1×1 GIF
  const png3 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAMAAAADCAIAAADZSiLoAAAAEklEQVR4nGP4z8DwHw4ZcHAAxAcR7xJ2nsMAAAAASUVORK5CYII=';
  const gif1 = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

  it('prefers data-src and friends over a spacer src', () => {
    for (const attr of ['data-src', 'data-lazy-src', 'data-original']) {
      expect(clean(`<p><img src="${gif1}" ${attr}="/a.jpg" alt="x"></p>`)).toBe('<p><img src="https://blog.example.org/a.jpg" alt="x" /></p>');
    }
    expect(clean('<p><img src="/images/blank.gif" data-src="/b.jpg"></p>')).toBe('<p><img src="https://blog.example.org/b.jpg" /></p>');
  });

  it('chooses from srcset: the smallest candidate at least 800 px wide, else the widest, else the highest density', () => {
    expect(clean('<p><img srcset="/s.jpg 400w, /m.jpg 800w, /l.jpg 1600w"></p>')).toContain('src="https://blog.example.org/m.jpg"');
    expect(clean('<p><img srcset="/s.jpg 300w, /m.jpg 600w"></p>')).toContain('src="https://blog.example.org/m.jpg"');
    expect(clean('<p><img src="/a.jpg" srcset="/a.jpg 1x, /a2.jpg 2x"></p>')).toContain('src="https://blog.example.org/a2.jpg"');
    expect(clean('<p><img srcset="https://cdn.example/w_300,h_200/x.jpg 300w, https://cdn.example/w_900,h_600/x.jpg 900w"></p>')).toContain(
      'src="https://cdn.example/w_900,h_600/x.jpg"',
    );
  });

  it('drops images that only have a placeholder, a spacer or nothing', () => {
    expect(clean(`<p>t<img src="${gif1}"></p>`)).toBe('<p>t</p>');
    expect(clean('<p>t<img src="/spacer.gif"><img alt="no src"></p>')).toBe('<p>t</p>');
    expect(clean('<p>t<img src="https://example.com/a.png" width="1" height="1"></p>')).toBe('<p>t</p>');
  });

  it('keeps small raster data images, but not large ones or SVG', () => {
    expect(clean(`<p><img src="${png3}" alt="dot"></p>`)).toBe(`<p><img src="${png3}" alt="dot" /></p>`);
    expect(clean(`<p>t<img src="${png3}"></p>`, 10)).toBe('<p>t</p>');
    expect(clean('<p>t<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="></p>')).toBe('<p>t</p>');
  });

  it('takes the image from <picture> sources and from <noscript> fallbacks', () => {
    expect(clean('<picture><source srcset="/p.avif 1200w" type="image/avif"><img alt="pic"></picture>')).toBe(
      '<p><img src="https://blog.example.org/p.avif" alt="pic" /></p>',
    );
    expect(clean('<p><img class="lazy" src="/img/placeholder.png"><noscript><img src="/real.jpg" alt="r"></noscript></p>')).toBe(
      '<p><img src="https://blog.example.org/real.jpg" /></p>',
    );
    expect(clean('<p><noscript><img src="/only.jpg" alt="o"></noscript></p>')).toBe('<p><img src="https://blog.example.org/only.jpg" alt="o" /></p>');
    // a noscript duplicate of a working lazy image adds nothing
    expect(clean('<p><img data-src="/a.jpg"><noscript><img src="/a.jpg"></noscript></p>')).toBe('<p><img src="https://blog.example.org/a.jpg" /></p>');
  });
});

describe('sanitizeArticleHtml tidying', () => {
  const clean = (html: string) => sanitizeArticleHtml(html, { baseUrl: BASE });

  it('turns text in containers into paragraphs and unwraps containers in list items', () => {
    expect(clean('<div>One <em>two</em></div><div><div>Three</div><p>Four</p></div>')).toBe('<p>One <em>two</em></p><p>Three</p><p>Four</p>');
    expect(clean('<ul><li><div>Item</div></li></ul>')).toBe('<ul><li>Item</li></ul>');
    expect(clean('Loose text <b>here</b>')).toBe('<p>Loose text <strong>here</strong></p>');
    expect(clean('<details><summary>Question</summary>Answer <em>here</em></details>')).toBe('<p>Question</p><p>Answer <em>here</em></p>');
  });

  it('splits paragraphs on double line breaks and trims edge breaks', () => {
    expect(clean('<p><br>One<br>two<br><br>Three<br></p>')).toBe('<p>One<br />two</p><p>Three</p>');
  });

  it('removes elements left empty and unwraps figures without images', () => {
    expect(clean('<p><span></span></p><p>&nbsp;</p><ul><li> </li></ul><h2><a href="/x"></a></h2><p>kept</p>')).toBe('<p>kept</p>');
    expect(clean('<figure><img src="/spacer.gif"><figcaption>Caption</figcaption></figure>')).toBe('<p>Caption</p>');
    expect(clean('<p><strong><strong>x</strong></strong></p>')).toBe('<p><strong>x</strong></p>');
  });

  it('turns embedded video into a link to the video page', () => {
    expect(clean('<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk?rel=0" title="Launch"></iframe>')).toBe(
      '<p><a href="https://www.youtube.com/watch?v=abcdefghijk" rel="noopener noreferrer nofollow">Launch</a></p>',
    );
    expect(clean('<video src="/v.mp4" controls>Your browser does not support video.</video>')).toBe(
      '<p><a href="https://blog.example.org/v.mp4" rel="noopener noreferrer nofollow">Video: blog.example.org</a></p>',
    );
  });

  it('normalizes code blocks and their language', () => {
    expect(clean('<pre class="brush: ruby">a<br>b</pre>')).toBe('<pre><code class="language-ruby">a\nb</code></pre>');
    expect(clean('<div class="highlight-source-go"><pre><span class="k">func</span> main()</pre></div>')).toBe('<pre><code class="language-go">func main()</code></pre>');
    expect(clean('<pre><code class="hljs" onclick="x">plain</code></pre>')).toBe('<pre><code>plain</code></pre>');
  });
});
