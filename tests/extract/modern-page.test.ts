import { describe, expect, it } from 'vitest';
import { makeExcerpt } from '../../crawler/enrich/index.ts';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture } from './helpers.ts';

// A current-day page: utility-class markup (Tailwind), a Yoast-style JSON-LD @graph, a lazy hero
// image, a consent banner and a newsletter call-to-action inside the article body.

describe('modern article page', () => {
  const result = extractPage(fixture('modern-article.html'), 'https://railwayreview.example/night-trains/?ref=home');

  it('reads metadata from the JSON-LD graph', () => {
    expect(result).toMatchObject({
      title: 'How Night Trains Came Back to Europe',
      authors: ['Lena Brandt'],
      siteName: 'Railway Review',
      publishedAt: '2023-11-02T06:00:00+00:00',
      modifiedAt: '2023-11-03T09:30:00+00:00',
      lang: 'en-US',
      favicon: 'https://railwayreview.example/favicon.svg',
    });
    // The JSON-LD image has no caption: the alt text comes from the page's own <img>.
    expect(result.image).toEqual({ url: 'https://cdn.railwayreview.example/night-train-1600.jpg', alt: 'A sleeper train at dusk in Vienna' });
  });

  it('keeps content hidden only on small screens ("hidden md:block")', () => {
    expect(result.text).toContain('the longest route now runs for nineteen hours');
  });

  it('drops the kicker, byline, newsletter call-to-action, share row, sidebar and consent banner', () => {
    for (const phrase of ['Features', 'By Lena', '2 Nov 2023', 'Get Railway Review weekly', 'Post', 'Most read', 'We value your privacy', '© 2023']) {
      expect(result.text).not.toContain(phrase);
    }
    expect(result.text.split('\n\n').at(-1)).toBe('Operators say more routes will open when the next batch of carriages arrives. Until then, the advice is simple: book early, and bring earplugs.');
  });

  it('keeps the caption with its image, out of the text, and the excerpt starts at the first paragraph', () => {
    expect(result.html).toContain('A sleeper train leaves Vienna at dusk.</figcaption>');
    expect(result.text.startsWith("Ten years ago, Europe's night trains looked finished.")).toBe(true);
    expect(makeExcerpt(result.description, result.text).startsWith("Ten years ago, Europe's night trains looked finished.")).toBe(true);
  });
});
