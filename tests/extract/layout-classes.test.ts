import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture, page, URL_BASE } from './helpers.ts';

// Layouts that measured extraction failures on real pages (issue 17), each reproduced by a small
// hand-written fixture.

describe('captions and credits (class 2)', () => {
  const result = extractPage(fixture('captions-and-credits.html'), 'https://valleycourier.example/2024/06/wet-spring');

  it('keeps every paragraph of the article', () => {
    expect(result.text.split('\n\n')).toHaveLength(5);
    expect(result.text.startsWith('Allotment holders across the valley')).toBe(true);
    expect(result.text).toContain('Next year the beans go up, not down.');
  });

  it('keeps figure captions, gallery captions and counters out of the text', () => {
    for (const phrase of ['not the rabbit', 'Standing water on the lower beds', 'Seed trays drying', 'Image 1 of 5', 'Image 2 of 5', 'used as a pump store']) {
      expect(result.text).not.toContain(phrase);
    }
  });

  it('drops credit lines, including one glued to the caption ("rabbitCredit")', () => {
    for (const phrase of ['Credit', 'Jane Doe/AP', 'Photo: Mark Jones', 'Reuters']) {
      expect(result.text).not.toContain(phrase);
      expect(result.html).not.toContain(phrase);
    }
  });

  it('keeps a figure caption with its image in the HTML', () => {
    expect(result.html).toMatch(/<figcaption>\s*<span class="caption-text">Growers blame the losses on slugs, not the rabbit<\/span>\s*<\/figcaption>/);
  });

  it('keeps the captions of a photo story, where they are most of the text', () => {
    const captions = [
      'Lanterns hang over the harbour road on the first night of the festival, when the fishing fleet stays in port.',
      'Children carry paper boats to the water at dusk; each boat holds a candle and a wish written by a grandparent.',
      'By midnight the bay is full of small lights, and the ferry waits at the pier until the last of them has drifted past.',
    ];
    const figures = captions.map((c, i) => `<figure><img src="/photos/${i}.jpg" alt="" width="1200" height="800"><figcaption>${c}</figcaption></figure>`);
    const result = extractPage(page({ paragraphs: ['Photos from the lantern festival.', ...figures] }), URL_BASE);
    for (const caption of captions) expect(result.text).toContain(caption);
  });
});
