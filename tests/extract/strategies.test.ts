import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { page, PROSE, URL_BASE } from './helpers.ts';

describe('pages without an article', () => {
  it('returns an empty body with strategy "none" for a page of links', () => {
    const teasers = Array.from({ length: 12 }, (_, i) => `<li><a href="/story/${i}">Story number ${i} about the river and its locks</a></li>`).join('');
    const html = `<html lang="en"><head><title>Rivers | News Example</title></head><body>
      <nav><a href="/">Home</a> <a href="/rivers">Rivers</a></nav>
      <div class="listing"><h1>Rivers</h1><ul>${teasers}</ul></div>
      <footer>© News Example</footer></body></html>`;
    const result = extractPage(html, 'https://news.example.org/rivers');
    expect(result).toMatchObject({ text: '', html: '', strategy: 'none', reason: 'no_article', wordCount: 0 });
    expect(result.title).toBe('Rivers');
  });

  it('returns no article for an error page and for an empty body', () => {
    const notFound = '<html><head><title>Page not found</title></head><body><h1>404</h1><p>Sorry, no such page.</p></body></html>';
    expect(extractPage(notFound, URL_BASE)).toMatchObject({ text: '', strategy: 'none', reason: 'no_article' });
    expect(extractPage('<html><head><title>Empty</title></head><body></body></html>', URL_BASE)).toMatchObject({ text: '', strategy: 'none' });
  });

  it('keeps an image post with a short caption', () => {
    const html = page({ paragraphs: ['<img src="/photos/lock.jpg" alt="The new lock" width="1200" height="800"> Opening day.'] });
    const result = extractPage(html, URL_BASE);
    expect(result.text).toBe('Opening day.');
    expect(result.html).toContain('<img src="/photos/lock.jpg"');
  });
});

describe('strategy chain', () => {
  it('uses JSON-LD articleBody when the page shows only a teaser', () => {
    const body = ['First paragraph of the full story, which the page itself hides behind a subscription.', ...PROSE].join('\n\n');
    const head = `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', headline: 'Locked story', articleBody: body })}</script>`;
    const result = extractPage(page({ head, paragraphs: ['Subscribe to read the rest of this story about the lock and the weir, and much more besides.'] }), URL_BASE);
    expect(result.strategy).toBe('json-ld');
    expect(result.text.split('\n\n')).toEqual(body.split('\n\n'));
    expect(result.html).toContain(`<p>${PROSE[0]}</p>`);
  });

  it('keeps the DOM body when it holds the JSON-LD text too', () => {
    const head = `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', headline: 'x', articleBody: PROSE.join('\n\n') })}</script>`;
    expect(extractPage(page({ head }), URL_BASE).strategy).toBe('container');
  });

  it('gathers an article split over sibling containers with the same markup', () => {
    const parts = PROSE.map((p) => `<div class="articleBody"><p>${p}</p></div>`).join('<div class="ad">Advertisement</div>');
    const html = `<html><body><div id="story">${parts}</div><div class="articleBody"><p>A lone summary elsewhere on the page, long enough to count.</p></div></body></html>`;
    const result = extractPage(html, URL_BASE);
    expect(result.strategy).toBe('container');
    expect(result.text.split('\n\n')).toEqual(PROSE);
  });

  it('uses Readability when there is no article markup', () => {
    const html = `<html><body><div id="top"><a href="/">Home</a></div><div id="col1">${PROSE.map((p) => `<p>${p}</p>`).join('')}</div><div id="col2"><p>Short note.</p></div></body></html>`;
    const result = extractPage(html, URL_BASE);
    expect(result.strategy).toBe('readability');
    expect(result.text.split('\n\n').slice(0, 3)).toEqual(PROSE);
    expect(result.text).not.toContain('Home');
  });

  it('falls back to the densest prose region on pages too large for Readability', () => {
    const rows = Array.from({ length: 5200 }, (_, i) => `<tr><td>${i}</td><td>x</td></tr>`).join('');
    const html = `<html><body><div id="col1">${PROSE.map((p) => `<p>${p}</p>`).join('')}</div><div id="data"><table>${rows}</table></div></body></html>`;
    const result = extractPage(html, URL_BASE);
    expect(result.strategy).toBe('density');
    expect(result.text.split('\n\n')).toEqual(PROSE);
  });
});
