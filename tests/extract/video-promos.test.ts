import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture } from './helpers.ts';

// One-line promos for videos on other pages, inside the article body (issue 17).

describe('video promo lines', () => {
  const result = extractPage(fixture('video-promos.html'), 'https://valleycourier.example/2024/08/flood-barrier');

  it('drops "… Watch Video", "WATCH: …" and "Video: …" lines that link to a video', () => {
    for (const phrase of ['Watch Video', 'WATCH:', 'The barrier gates close as the river rises', 'the clean-up begins', 'wet summer', 'A night with the barrier crew']) {
      expect(result.text).not.toContain(phrase);
    }
  });

  it('keeps every paragraph: one opening with "Video:" without a link, a sentence followed by a "Watch video" link', () => {
    expect(result.text.split('\n\n')).toHaveLength(6);
    expect(result.text).toContain('The agency has put its own footage of the night online.');
    expect(result.text).toContain("Video: the council's own footage shows the gates closing");
    expect(result.text).toContain('We watched the water come up to the top step and stop');
  });
});
