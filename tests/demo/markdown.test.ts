import { describe, expect, it } from 'vitest';
import { renderInline, renderMarkdown } from '../../scripts/dev/demo/markdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, quotes and rules', () => {
    const html = renderMarkdown('## Title\n\nFirst line\nsecond line\n\n> quoted *text*\n> more\n\n---\n\n### Small');
    expect(html).toBe('<h2>Title</h2>\n<p>First line\nsecond line</p>\n<blockquote>\n<p>quoted <em>text</em>\nmore</p>\n</blockquote>\n<hr>\n<h3>Small</h3>');
  });

  it('renders bullet and numbered lists, nested and continued', () => {
    const html = renderMarkdown('- one\n- two\n  continued\n\n3. three\n4. four\n   - nested');
    expect(html).toBe('<ul>\n<li>one</li>\n<li>two\ncontinued</li>\n</ul>\n<ol start="3">\n<li>three</li>\n<li>four\n<ul>\n<li>nested</li>\n</ul></li>\n</ol>');
  });

  it('keeps fenced code verbatim and escaped, with its language', () => {
    const html = renderMarkdown('```ts\nconst a = x < 2 && *b*;\n\n// **not bold**\n```\nafter');
    expect(html).toBe('<pre><code class="language-ts">const a = x &lt; 2 &amp;&amp; *b*;\n\n// **not bold**\n</code></pre>\n<p>after</p>');
  });

  it('renders emphasis, code spans, links and images without breaking URLs or identifiers', () => {
    expect(renderInline('**strong** and *em* and _em_ and snake_case_name')).toBe('<strong>strong</strong> and <em>em</em> and <em>em</em> and snake_case_name');
    expect(renderInline('`a * b` then [the *docs*](https://e.com/a_b_c "T")')).toBe('<code>a * b</code> then <a href="https://e.com/a_b_c" title="T">the <em>docs</em></a>');
    expect(renderInline('![alt text](/img.png) <https://x.test/?a=1&b=2>')).toBe('<img src="/img.png" alt="alt text"> <a href="https://x.test/?a=1&amp;b=2">https://x.test/?a=1&amp;b=2</a>');
    expect(renderInline('\\*literal\\* <b>tag</b> & "q"')).toBe('*literal* &lt;b&gt;tag&lt;/b&gt; &amp; &quot;q&quot;');
  });
});
