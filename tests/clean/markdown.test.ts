import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown, sanitizeArticleHtml } from '../../crawler/clean/index.ts';
import { renderMarkdown, structure } from './render-markdown.ts';
import { loadPayloads } from './xss-fixtures.ts';

const BASE = 'https://blog.example.org/post';

/** HTML → Markdown → HTML (rendered like the site does) must show the same structure. */
async function roundTrip(html: string): Promise<{ markdown: string; before: string; after: string }> {
  const markdown = htmlToMarkdown(html);
  return { markdown, before: structure(html), after: structure(await renderMarkdown(markdown)) };
}

const CASES: Record<string, string> = {
  headings: '<h2>Two <em>emphasis</em></h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six <code>code</code></h6><p>Body</p>',
  emphasis: '<p>Plain <strong>strong</strong>, <em>em</em>, <strong><em>both</em></strong>, <del>gone</del>, intra<em>word</em>emphasis and <code>inline `tick` code</code>.</p>',
  links:
    '<p>See <a href="https://example.com/a_(b)?q=1&amp;r=2">the docs</a>, <a href="https://example.com/t" title="A &quot;quoted&quot; title">titled</a> and <a href="mailto:me@example.com">mail</a>.</p>',
  images: '<p><img src="https://example.com/a.png" alt="A [bracketed] *alt*"> and <a href="https://example.com/big.png"><img src="https://example.com/small.png" alt="thumb"></a></p>',
  'flat lists': '<ul><li>One</li><li>Two with <strong>bold</strong></li></ul><ol><li>First</li><li>Second</li></ol><ol start="7"><li>Seventh</li><li>Eighth</li></ol>',
  'nested lists': '<ul><li>Fruit<ol><li>Apple<ul><li>Green</li><li>Red</li></ul></li><li>Pear</li></ol></li><li>Vegetables</li></ul>',
  'loose list with paragraphs and code': '<ul><li><p>Para one</p><p>Para two</p></li><li><p>Item</p><pre><code class="language-sh">ls -la\necho done</code></pre></li></ul>',
  'ten or more items': `<ol>${Array.from({ length: 12 }, (_, i) => `<li>Item ${i + 1}${i === 10 ? '<ul><li>nested</li></ul>' : ''}</li>`).join('')}</ol>`,
  table:
    '<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td><strong>pipe</strong></td><td>a | b</td></tr><tr><td><a href="https://example.com/">link</a></td><td><code>x|y</code></td></tr></tbody></table>',
  code: '<pre><code class="language-js">const a = `template ${x}`;\n```\nif (a &lt; b &amp;&amp; c) { return "&lt;div&gt;"; }\n\n  indented</code></pre><pre><code>no language</code></pre>',
  blockquotes: '<blockquote><p>Quote one</p><p>Quote <em>two</em></p><blockquote><p>Nested</p></blockquote><ul><li>listed</li></ul></blockquote>',
  'rules and breaks': '<p>Line one<br>line two</p><hr><p>After the rule</p>',
  'text that looks like markdown':
    '<p>1. not a list</p><p>- not a bullet</p><p>+ nor this</p><p># not a heading</p><p>&gt; not a quote</p><p>*not emphasis* and _not either_ and **nor** ~~this~~</p><p>[not](a link) and [1] and ![no](image)</p><p>&lt;b&gt;not html&lt;/b&gt; &lt;x-tag attr="1"&gt; &amp;amp; &amp;copy; a\\b \\* `not code`</p><p>Heading?<br>===</p><p>---</p><p>| not | a table |</p><p>2) also not a list</p>',
  'ordinary prose stays unescaped': '<p>snake_case_name, 2 * 3 = 6, AT&amp;T, C:\\Users\\me, 50% off, [1], ~5 km, a &lt; b, ¯\\_(ツ)_/¯, x_1 + y_2</p>',
};

describe('htmlToMarkdown round-trips through the site renderer', () => {
  for (const [name, html] of Object.entries(CASES)) {
    it(name, async () => {
      const { markdown, before, after } = await roundTrip(html);
      expect(after, markdown).toBe(before);
    });
  }

  it('the sanitized article fixture', async () => {
    const html = sanitizeArticleHtml(readFileSync(new URL('./fixtures/article.html', import.meta.url), 'utf8'), { baseUrl: BASE });
    const { markdown, after } = await roundTrip(html);
    // Markdown has no figure (the image and its caption become two paragraphs) and no colspan
    // (the cell is padded with an empty one); everything else is identical.
    const expected = structure(
      html
        .replace(/<figure>([\s\S]*?)<figcaption>([\s\S]*?)<\/figcaption>\s*<\/figure>/, '<p>$1</p><p>$2</p>')
        .replace(/<td colspan="2">([\s\S]*?)<\/td>/, '<td>$1</td><td></td>'),
    );
    expect(after, markdown).toBe(expected);
  });
});

describe('htmlToMarkdown output', () => {
  it('converts an element whose name the DOM cannot clone (turndown clones the tree it is handed)', () => {
    expect(htmlToMarkdown('<p>a<x"y>b</x"y> c</p><p>1. d</p>')).toBe('ab c\n\n1\\. d');
  });

  it('keeps the code language, fences around backticks and uses dash bullets', () => {
    const md = htmlToMarkdown(CASES.code + CASES['flat lists']);
    expect(md).toContain('````js\nconst a');
    expect(md).toContain('```\nno language\n```');
    expect(md).toContain('- One\n- Two with **bold**');
    // a list right after another of the same kind switches marker so the two do not merge
    expect(md).toContain('1. First\n2. Second\n\n7) Seventh\n8) Eighth');
  });

  it('does not escape ordinary prose', () => {
    expect(htmlToMarkdown(CASES['ordinary prose stays unescaped'])).toBe(
      'snake_case_name, 2 * 3 = 6, AT&T, C:\\Users\\me, 50% off, [1], ~5 km, a < b, ¯\\\\\\_(ツ)\\_/¯, x_1 + y_2',
    );
  });

  it('writes images with alt text and tables with a heading row', () => {
    expect(htmlToMarkdown('<p><img src="https://e.example/i.png" alt="A cat" title="Cat"></p>')).toBe('![A cat](https://e.example/i.png "Cat")');
    expect(htmlToMarkdown('<table><tr><td>a</td><td>b</td></tr><tr><td colspan="2">c</td></tr></table>')).toBe('| a | b |\n| --- | --- |\n| c | |');
  });

  it('drops links without text and empty emphasis', () => {
    expect(htmlToMarkdown('<p>a <a href="https://e.example/"></a><strong> </strong>b</p>')).toBe('a b');
  });

  it('never produces raw HTML a renderer would execute, for every XSS payload', async () => {
    for (const { name, html } of loadPayloads()) {
      const rendered = await renderMarkdown(htmlToMarkdown(sanitizeArticleHtml(html, { baseUrl: BASE })));
      expect(rendered, name).not.toMatch(/<(script|style|svg|math|iframe|object|embed|form|img[^>]*\son\w+)/i);
      expect(rendered, name).not.toMatch(/(?:href|src)="\s*(?:javascript|vbscript|data:text)/i);
    }
  });

  it('escapes text that would become HTML even when given unsanitized input', async () => {
    const rendered = await renderMarkdown(htmlToMarkdown('<p>&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p>'));
    expect(rendered.trim()).toBe('<p>&lt;img src=x onerror=alert(1)&gt; &lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });
});
