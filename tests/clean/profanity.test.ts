import { describe, expect, it } from 'vitest';
import { maskProfanity } from '../../crawler/clean/index.ts';

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
});
