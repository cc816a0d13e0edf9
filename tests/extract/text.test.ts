import { describe, expect, it } from 'vitest';
import { extractPage, toText } from '../../crawler/extract/index.ts';
import { countWords } from '../../crawler/text/index.ts';
import { parseDocument } from '../../crawler/extract/parse.ts';
import { hasText } from '../../crawler/extract/dom.ts';
import { fixture, page, PROSE, URL_BASE } from './helpers.ts';

const PAGE_URL = 'https://gazette.example.org/news/2024/03/harbour-bridge-reopens';

describe('text as a reader sees it', () => {
  const result = extractPage(fixture('news-article.html'), PAGE_URL);
  const blocks = result.text.split('\n\n');

  it('puts one blank line between blocks and starts with the first paragraph', () => {
    expect(blocks[0]).toBe(
      'The harbour bridge reopened to traffic on Tuesday morning, two years after engineers closed it to replace every one of its 146 suspension cables.',
    );
    expect(result.text).not.toMatch(/\n{3,}/);
    expect(blocks).toContain('What changed');
    expect(blocks).toContain('146 cables replaced');
    expect(blocks).toContain('A new cycle lane on the east side');
    expect(blocks.at(-1)).toBe('Engineers will inspect the sensors monthly for the first year before moving to a quarterly schedule.');
  });

  it('has no headline and no byline', () => {
    expect(result.title).toBe('Harbour Bridge Reopens After Two-Year Repair');
    expect(result.text).not.toContain('Harbour Bridge Reopens');
    expect(result.text).not.toContain('By Mara Okafor');
    expect(result.authors).toEqual(['Mara Okafor']);
  });

  it('keeps <pre> line breaks and collapses whitespace elsewhere', () => {
    expect(blocks).toContain('strain_limit = 0.8\nalert_after = 3 readings');
    for (const block of blocks.filter((b) => !b.startsWith('strain_limit'))) expect(block).not.toMatch(/\s{2,}|\n/);
  });

  it('keeps code blocks, lists, headings and images with alt text in html', () => {
    expect(result.html).toContain('<pre><code>strain_limit = 0.8\nalert_after = 3 readings</code></pre>');
    expect(result.html).toMatch(/<ul>\s*<li>146 cables replaced<\/li>/);
    expect(result.html).toContain('<h2>What changed</h2>');
    expect(result.html).toContain('<img src="/media/bridge-800.jpg" alt="Cyclists crossing the reopened bridge">');
    expect(result.html).not.toContain('<h1>');
  });

  it('counts the words of the text', () => {
    expect(result.wordCount).toBe(countWords(result.text));
    expect(result.wordCount).toBeGreaterThan(120);
    expect(result.wordCount).toBeLessThan(170);
  });
});

describe('toText', () => {
  const render = (body: string) => toText(parseDocument(`<html><body>${body}</body></html>`).body);

  it('turns <br> into a line break inside its block', () => {
    expect(render('<p>Line one<br>Line two</p><p>Next</p>')).toBe('Line one\nLine two\n\nNext');
  });

  it('separates table rows as blocks and cells with a bar', () => {
    expect(render('<table><tr><th>City</th><th>Bridges</th></tr><tr><td>Porto</td><td>6</td></tr></table>')).toBe('City | Bridges\n\nPorto | 6');
  });

  it('keeps inline elements inside their block and skips scripts', () => {
    expect(render('<p>A <b>bold</b>   and <a href="#">linked</a>\n word.<script>x()</script></p>')).toBe('A bold and linked word.');
  });
});

describe('headline inside the body', () => {
  it('drops a repeated headline and the short header material above it', () => {
    const lead = '<p class="kicker"><a href="/rivers">Rivers</a></p><h2>New lock opens</h2>';
    const result = extractPage(page({ head: '<meta property="og:title" content="New lock opens">', paragraphs: PROSE }).replace('<div class="entry-content">', `<div class="entry-content">${lead}`), URL_BASE);
    expect(result.text.startsWith(PROSE[0])).toBe(true);
    expect(result.text).not.toContain('New lock opens');
    expect(result.text).not.toContain('Rivers');
  });
});

describe('hasText', () => {
  it('finds text at any depth, and none in blank markup; it looks only inside the element', () => {
    const doc = parseDocument('<div id="a"><p> </p><span>\n</span><b><i>x</i></b></div><div id="b"><p>  </p><img src="/x.jpg" alt="a picture"></div><div id="c"></div><p>after</p>');
    expect(hasText(doc.getElementById('a')!)).toBe(true);
    expect(hasText(doc.getElementById('b')!)).toBe(false);
    expect(hasText(doc.getElementById('c')!)).toBe(false);
  });
});
