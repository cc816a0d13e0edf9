import { describe, expect, it } from 'vitest';
import { maskProfanity } from '../../crawler/clean/index.ts';
import { processPage } from '../../crawler/process/process-page.ts';
import { page, PROSE, URL_BASE } from '../extract/helpers.ts';

describe('maskProfanity', () => {
  it('masks whole listed words, keeping the first letter, the length and the case of that letter', () => {
    expect(maskProfanity('What the fuck is this shit?')).toBe('What the f*** is this s***?');
    expect(maskProfanity('SHIT. Bullshit! Fucking hell.')).toBe('S***. B*******! F****** hell.');
    expect(maskProfanity('son of a bitch')).toBe('s** ** * *****');
  });

  it('leaves words that merely contain a listed word alone', () => {
    const text = 'Scunthorpe, a cocktail, to assess Dickens in Essex, the Shitake mushroom and a cockpit.';
    expect(maskProfanity(text)).toBe(text);
  });

  it('does not touch URLs, Markdown link targets or email addresses', () => {
    const md = 'See [this shit](https://example.com/shit-happens) at www.example.com/fuck or mail shit@example.com, shit.';
    expect(maskProfanity(md)).toBe('See [this s***](https://example.com/shit-happens) at www.example.com/fuck or mail shit@example.com, s***.');
  });

  it('returns clean text unchanged', () => {
    expect(maskProfanity('A perfectly polite sentence.')).toBe('A perfectly polite sentence.');
  });

  it('covers every text field of a processed article when the option is on', () => {
    const html = page({
      head: '<title>A shit day for the lock | News</title><meta name="description" content="The lock keepers had a shit day, said everyone who waited at the weir.">',
      paragraphs: [...PROSE, 'One skipper called the delay bullshit, and the lock keepers agreed with him.'],
    });
    const masked = processPage(html, URL_BASE, { minWords: 20, maskProfanity: true });
    expect(masked.type).toBe('article');
    if (masked.type !== 'article') return;
    const { title, description, excerpt, text, markdown } = masked.article;
    for (const field of [title, description ?? '', excerpt, text, markdown]) expect(field).not.toMatch(/shit/i);
    expect(description).toBe('The lock keepers had a s*** day, said everyone who waited at the weir.');
    const plain = processPage(html, URL_BASE, { minWords: 20, maskProfanity: false });
    expect(plain.type === 'article' && plain.article.description).toBe('The lock keepers had a shit day, said everyone who waited at the weir.');
  });
});
