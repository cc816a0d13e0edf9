import { describe, expect, it } from 'vitest';
import { withTopicKeywords } from '../../crawler/enrich/index.ts';

// A topic's keywords recur across its articles where an article's own keyphrases mostly do not:
// the ones an article uses lead its tags, spelled as the owner wrote them.

describe('withTopicKeywords', () => {
  const article = { title: 'A radio telescope on the far side of the Moon', text: 'Radio astronomers want quiet. Telescopes on Earth hear our noise; wind power farms too.' };

  it('puts the keywords the article is about first, as whole words, any case, plural allowed', () => {
    expect(withTopicKeywords(['cosmic dark ages', 'Moon'], ['mars', 'telescope', 'astronomy', 'orbit'], article)).toEqual(['telescope', 'cosmic dark ages', 'Moon']);
  });

  it('leaves out a keyword the article only mentions in passing: once in its text, not in its title', () => {
    const comet = { title: 'Periodic comet flares up three hundredfold', text: 'The comet orbits between Mars and Jupiter. Its outburst exposed fresh ice.' };
    expect(withTopicKeywords([], ['mars', 'wind power'], comet)).toEqual([]);
    expect(withTopicKeywords([], ['wind power'], article)).toEqual([]);
    expect(withTopicKeywords([], ['mars'], { ...comet, text: `${comet.text} Mars crossed its path again in 2019.` })).toEqual(['mars']);
  });

  it('does not match inside another word, and adds nothing the article does not say', () => {
    expect(withTopicKeywords([], ['tele', 'astro', 'ear'], article)).toEqual([]);
  });

  it('keeps one tag per slug and at most max tags', () => {
    expect(withTopicKeywords(['Telescope', 'radio', 'noise'], ['telescope', 'radio'], article, 3)).toEqual(['telescope', 'radio', 'noise']);
    expect(withTopicKeywords(['a1', 'a2', 'a3'], [], article, 2)).toEqual(['a1', 'a2']);
  });

  it('treats keyword text as words, not as a pattern', () => {
    expect(withTopicKeywords([], ['c++', '.*'], { title: 'Why C++ compiles slowly', text: '' })).toEqual(['c++']);
  });
});
