import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, extractPage } from '../../crawler/extract/index.ts';
import { scanMarkup } from '../../crawler/extract/limits.ts';
import { page, PROSE, URL_BASE } from './helpers.ts';

// Hostile input: extraction refuses it before parsing, returns an empty body with the limit's name
// as the reason, and never throws. (Speed is measured in scripts/dev/bench, not asserted here.)

describe('limits on hostile input', () => {
  it('refuses input longer than maxInputChars (a 50 MB single-line page)', () => {
    const huge = `<html><body><p>${'a'.repeat(50 * 1024 * 1024)}</p></body></html>`;
    const result = extractPage(huge, URL_BASE);
    expect(result).toMatchObject({ text: '', html: '', strategy: 'none', reason: 'max_input_chars', wordCount: 0 });
  });

  it('refuses markup nested 100,000 levels deep', () => {
    const deep = `<html><body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}</body></html>`;
    expect(extractPage(deep, URL_BASE)).toMatchObject({ text: '', strategy: 'none', reason: 'max_depth' });
  });

  it('counts unclosed elements towards depth, but not those whose end tag is implied', () => {
    const unclosed = `<html><body>${'<span>x'.repeat(DEFAULT_LIMITS.maxDepth + 10)}</body></html>`;
    expect(extractPage(unclosed, URL_BASE).reason).toBe('max_depth');
    const paragraphs = `<html><body><article>${`<p>${PROSE[0]}`.repeat(500)}</article></body></html>`;
    const result = extractPage(paragraphs, URL_BASE);
    expect(result.reason).toBeUndefined();
    expect(result.wordCount).toBeGreaterThan(1000);
  });

  it('refuses more markup tokens than maxElements, stray "<" and comments included', () => {
    expect(extractPage(`<html><body>${'<p>x</p>'.repeat(70_000)}</body></html>`, URL_BASE).reason).toBe('max_elements');
    expect(extractPage(`<html><body><p>${'a < b '.repeat(70_000)}</p></body></html>`, URL_BASE).reason).toBe('max_elements');
    expect(extractPage(`<html><body>${'<!-- x -->'.repeat(70_000)}</body></html>`, URL_BASE).reason).toBe('max_elements');
  });

  it('takes limits from options', () => {
    const html = page();
    expect(extractPage(html, URL_BASE, { maxInputChars: 100 }).reason).toBe('max_input_chars');
    expect(extractPage(html, URL_BASE, { maxElements: 5 }).reason).toBe('max_elements');
    expect(extractPage(html, URL_BASE, { maxDepth: 2 }).reason).toBe('max_depth');
    expect(extractPage(html, URL_BASE, { maxDepth: 50 }).strategy).toBe('container');
  });

  it('does not count script, style or textarea content as markup', () => {
    const script = `<script>${'if (a<b) { x = "<div>"; }'.repeat(20_000)}</script>`;
    const result = extractPage(page({ head: script }), URL_BASE);
    expect(result.reason).toBeUndefined();
    expect(result.text.split('\n\n')).toEqual(PROSE);
  });

  it('stays total on input that is not HTML at all', () => {
    const inputs: unknown[] = ['', ' ', 'plain text only', '<', '<<<>>>', '</p></div></body>', '\u0000\uFFFF\uD800', '<!--', '<script>', '<html', null, undefined, 42, {}];
    for (const input of inputs) {
      const result = extractPage(input as string, URL_BASE);
      expect(result).toMatchObject({ text: '', html: '', strategy: 'none', wordCount: 0 });
      expect(result.reason).toBeDefined();
    }
  });

  it('stays total with a URL that does not parse', () => {
    const result = extractPage(page({ head: '<link rel="icon" href="/i.png">' }), 'not a url');
    expect(result.text.split('\n\n')).toEqual(PROSE);
    expect(result.favicon).toBeNull();
  });
});

describe('scanMarkup compaction', () => {
  const limits = { ...DEFAULT_LIMITS };
  const scan = (html: string) => {
    const result = scanMarkup(html, limits);
    if ('reason' in result) throw new Error(result.reason);
    return result.html;
  };

  it('cuts comments, scripts, styles and whitespace between block tags', () => {
    expect(scan('<html><body>\n  <div>\n    <p>a <b>b</b> <i>c</i></p><!-- note -->\n  </div>\n<script>x()</script><style>p{}</style></body></html>')).toBe(
      '<html><body><div><p>a <b>b</b> <i>c</i></p></div></body></html>',
    );
  });

  it('keeps JSON-LD, inline whitespace and everything inside <pre>', () => {
    const ld = '<script type="application/ld+json">{"@type":"Article"}</script>';
    expect(scan(`<head>${ld}</head>`)).toBe(`<head>${ld}</head>`);
    expect(scan('<p><span>a</span> <span>b</span></p>')).toBe('<p><span>a</span> <span>b</span></p>');
    expect(scan('<pre>\n  <div>  x </div>\n</pre>')).toBe('<pre>\n  <div>  x </div>\n</pre>');
  });
});
