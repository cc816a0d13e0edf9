import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { articleMode, EXCERPT_LIMITS, excerptHtml, excerptLength, leadSentences, reuseConfig, shownBody } from '../../site/model/reuse.ts';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');

describe('excerptLength: the excerpt rule', () => {
  it('takes the first two paragraphs when they are short', () => {
    expect(excerptLength([20, 30, 40])).toEqual({ paragraphs: 2, shorten: false });
  });

  it('stops once it has minWords words, at a paragraph boundary', () => {
    expect(excerptLength([85, 10, 10])).toEqual({ paragraphs: 1, shorten: false });
    expect(excerptLength([60, 40, 10])).toEqual({ paragraphs: 2, shorten: false });
  });

  it('never passes maxWords: a second paragraph that would is left out', () => {
    expect(excerptLength([60, 70])).toEqual({ paragraphs: 1, shorten: false });
    expect(EXCERPT_LIMITS.maxWords).toBe(120);
  });

  it('shortens a first paragraph that alone is over maxWords', () => {
    expect(excerptLength([300, 20])).toEqual({ paragraphs: 1, shorten: true });
  });

  it('shows nothing of a body without paragraphs', () => {
    expect(excerptLength([])).toEqual({ paragraphs: 0, shorten: false });
  });
});

describe('leadSentences', () => {
  it('keeps whole sentences within the limit', () => {
    expect(leadSentences('One two three. Four five six. Seven eight nine.', 6)).toBe('One two three. Four five six.');
  });

  it('cuts a first sentence longer than the limit at a word, with an ellipsis', () => {
    expect(leadSentences(`${words(10)}.`, 4)).toBe('word word word word…');
  });
});

describe('excerptHtml', () => {
  const body = [
    '<p>The <a href="https://example.com/">first</a> paragraph says what happened.</p>',
    '<figure><img src="a.webp" alt=""></figure>',
    '<h2>Background</h2>',
    '<p>The second paragraph gives context.</p>',
    '<p>The third paragraph is the article, not its lead.</p>',
  ].join('\n');

  it('keeps the lead paragraphs whole, with their links, and quotes no images or headings', () => {
    const out = excerptHtml(body);
    expect(out).toBe('<p>The <a href="https://example.com/">first</a> paragraph says what happened.</p>\n<p>The second paragraph gives context.</p>');
  });

  it('cuts an overlong first paragraph at a sentence, as plain text', () => {
    const long = `<p>${Array.from({ length: 30 }, (_, i) => `Sentence <em>number</em> ${i} is here.`).join(' ')}</p>`;
    const out = excerptHtml(long);
    expect(out).toMatch(/^<p>Sentence number 0 is here\. .*is here\.<\/p>$/);
    expect(out.split(/\s+/).length).toBeLessThanOrEqual(EXCERPT_LIMITS.maxWords);
  });

  it('is the body for full, the excerpt for excerpt, nothing for link', () => {
    expect(shownBody('full', body)).toBe(body);
    expect(shownBody('excerpt', body)).toBe(excerptHtml(body));
    expect(shownBody('link', body)).toBe('');
  });
});

describe('articleMode', () => {
  const config = parseConfig({
    site: { title: 'News', url: 'https://news.example.com' },
    topics: [
      {
        slug: 'space',
        name: 'Space',
        mode: 'excerpt',
        sources: [
          'https://plain.example/feed.xml',
          { kind: 'feed', url: 'https://www.full.example/feed.xml', mode: 'full' },
          { kind: 'sitemap', url: 'https://links.example/sitemap.xml', mode: 'link' },
          { kind: 'site', url: 'https://links.example/', mode: 'excerpt' },
        ],
      },
      { slug: 'climate', name: 'Climate', sources: ['https://full.example/climate.xml'] },
    ],
    publish: { mode: 'full' },
  });
  const reuse = reuseConfig(config);
  const mode = (topic: string, url: string) => articleMode(reuse, { topic, url });

  it('is the mode of the source whose host is the article’s, www. or not, subdomains included', () => {
    expect(mode('space', 'https://full.example/2024/a')).toBe('full');
    expect(mode('space', 'https://blog.full.example/a')).toBe('full');
  });

  it('is the strictest when two sources of one host disagree', () => {
    expect(mode('space', 'https://links.example/a')).toBe('link');
  });

  it('falls back to the topic’s mode, then the site’s', () => {
    expect(mode('space', 'https://plain.example/a')).toBe('excerpt');
    expect(mode('space', 'https://elsewhere.example/a')).toBe('excerpt');
    expect(mode('climate', 'https://full.example/a')).toBe('full');
    expect(mode('gone', 'https://links.example/a')).toBe('full');
  });

  it('defaults to full, so a config that says nothing changes nothing', () => {
    const plain = parseConfig({ site: { title: 'N', url: 'https://n.example.com' }, topics: [{ slug: 's', name: 'S', sources: ['https://a.example/f'] }] });
    expect(articleMode(reuseConfig(plain), { topic: 's', url: 'https://a.example/x' })).toBe('full');
  });
});
