import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture } from './helpers.ts';

// Summary boxes set into an article (issue 17): "Story highlights" bullets at the top (CNN), a
// side box of a heading and a list (BBC "story-feature", "Key facts", "At a glance").

const URL = 'https://valleycourier.example/2024/07/canal-vote';

describe('fact boxes and story highlights', () => {
  const result = extractPage(fixture('fact-boxes.html'), URL);

  it('drops a "Story highlights" list at the top', () => {
    for (const phrase of ['STORY HIGHLIGHTS', 'eleven votes to four', 'bring visitors back']) expect(result.text).not.toContain(phrase);
  });

  it('drops a side box of a heading and a list named as a feature box', () => {
    for (const phrase of ['The canal trust', 'retired lock keepers', 'four hundred members']) expect(result.text).not.toContain(phrase);
  });

  it('keeps the paragraphs, a list under an ordinary heading and a paragraph that opens with "Key facts"', () => {
    expect(result.text.startsWith('The town council voted on Tuesday night')).toBe(true);
    for (const phrase of ['What the council agreed', 'peppercorn rent', 'survey of the culvert', "Key facts about the canal's history", 'within five years']) {
      expect(result.text).toContain(phrase);
    }
  });

  it('keeps a "Key facts" heading over prose, a "Highlights" list, and a feature box that is mostly prose', () => {
    const prose = '<h3>Key facts</h3><p>The evening began with a petition of two thousand names, read aloud by the youngest member of the trust.</p>';
    const list = '<h3>Highlights</h3><ul><li>A brass band played the trust in from the station.</li><li>The oldest lock keeper, now ninety-four, cut the ribbon.</li></ul>';
    const box = '<div class="story-feature"><h2>Why now</h2><p>The trust says the grants on offer this year will not come again, and that the culvert under Mill Lane needs rebuilding whatever happens to the canal.</p></div>';
    const html = fixture('fact-boxes.html').replace('<p>Opponents on the council', `${prose}${list}${box}<p>Opponents on the council`);
    const text = extractPage(html, URL).text;
    expect(text).toContain('Key facts');
    expect(text).toContain('Highlights');
    expect(text).toContain('now ninety-four, cut the ribbon');
    expect(text).toContain('read aloud by the youngest member');
    expect(text).toContain('will not come again');
  });
});
