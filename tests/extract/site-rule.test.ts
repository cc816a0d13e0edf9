import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';

// Per-site extraction rules (config.extraction): `remove` strips elements before extraction,
// `select` names the body; a `select` that finds nothing leaves the automatic extraction, noted.

const prose = (topic: string, n = 6) => Array.from({ length: n }, (_, i) => `<p>Paragraph ${i + 1} about ${topic}, long enough to read as real prose with several clauses, some detail and a full stop at the end.</p>`).join('\n');

const PAGE = `<!DOCTYPE html><html lang="en"><head><title>The comet returns | Sky Blog</title></head><body>
<header><nav><a href="/">Home</a></nav></header>
<main>
  <article>
    <h1>The comet returns</h1>
    ${prose('the comet')}
    <div class="postscript"><p>The observatory opens its doors to visitors every Saturday from March, weather permitting.</p></div>
  </article>
  <section class="notes"><p>Editor's note: this piece was written for the print edition and then updated online twice.</p></section>
</main>
</body></html>`;

describe('site extraction rules', () => {
  it('remove strips elements before the automatic extraction', () => {
    const plain = extractPage(PAGE, 'https://sky.example/comet');
    expect(plain.text).toContain('observatory opens');
    const page = extractPage(PAGE, 'https://sky.example/comet', { rule: { site: 'sky.example', remove: ['.postscript'] } });
    expect(page.text).not.toContain('observatory opens');
    expect(page.text).toContain('Paragraph 6 about the comet');
    expect(page.rule).toEqual({ site: 'sky.example', removed: 1 });
  });

  it('select takes the matched elements as the body; title and metadata still come from the page', () => {
    const page = extractPage(PAGE, 'https://sky.example/comet', { rule: { site: 'sky.example', select: 'section.notes', remove: [] } });
    expect(page.strategy).toBe('rule');
    expect(page.text).toBe("Editor's note: this piece was written for the print edition and then updated online twice.");
    expect(page.title).toBe('The comet returns');
    expect(page.lang).toBe('en');
    expect(page.rule?.select).toEqual({ selector: 'section.notes', matched: 1, used: true });
  });

  it('select with several matches joins them in page order, remove applying first', () => {
    const page = extractPage(PAGE, 'https://sky.example/comet', { rule: { site: 'sky.example', select: 'article p, section.notes', remove: ['.postscript'] } });
    expect(page.strategy).toBe('rule');
    expect(page.text.startsWith('Paragraph 1 about the comet')).toBe(true);
    expect(page.text.endsWith('updated online twice.')).toBe(true);
    expect(page.text).not.toContain('observatory opens');
    expect(page.rule).toMatchObject({ removed: 1, select: { matched: 7, used: true } });
  });

  it('falls back to the automatic extraction when select matches nothing, and says so', () => {
    const page = extractPage(PAGE, 'https://sky.example/comet', { rule: { site: 'sky.example', select: '.post-body', remove: [] } });
    expect(page.strategy).not.toBe('rule');
    expect(page.text).toContain('Paragraph 1 about the comet');
    expect(page.rule?.select).toEqual({ selector: '.post-body', matched: 0, used: false, note: 'it matches nothing on this page' });
  });
});
