import { describe, expect, it } from 'vitest';
import { chooseStory, featuresOf, stemEnglish, storyItem, termKey, termStats, titleFeatures } from '../../crawler/cluster/index.ts';

describe('stemEnglish', () => {
  it('gives every inflection of a word one key', () => {
    for (const forms of [['sue', 'sues', 'sued', 'suing'], ['price', 'prices', 'priced', 'pricing'], ['die', 'dies', 'died', 'dying'], ['stop', 'stopped', 'stopping'], ['obituary', 'obituaries'], ['tax', 'taxes'], ['meet', 'meeting', 'meetings']]) {
      expect(new Set(forms.map(stemEnglish)), forms.join(' ')).toHaveProperty('size', 1);
    }
  });

  it('leaves derivations, short words, numbers and words like "news" apart', () => {
    expect(stemEnglish('national')).not.toBe(stemEnglish('nation'));
    const unchanged = ['news', 'virus', 'crisis', 'mh370', 'spring'];
    expect(unchanged.map(stemEnglish)).toEqual(unchanged);
  });

  it('stems English (and an unknown language) only', () => {
    expect(termKey('sued', 'en-GB')).toBe(termKey('sue', 'en'));
    expect(termKey('sued', null)).toBe(termKey('sue', null));
    expect(termKey('sued', 'de')).toBe('sued');
    expect(termKey('maisons', 'fr')).toBe('maisons');
  });
});

describe('titleFeatures', () => {
  it('reads names from case where the title is in sentence case', () => {
    expect([...titleFeatures('Wall Street scores a big win with Alibaba', 'en').names]).toEqual(expect.arrayContaining(['street', 'alibaba']));
    expect([...titleFeatures('China consumer prices rise in March', 'en').names]).toEqual(['china']);
  });

  it('keeps acronyms and numbers in Title Case, and nothing in ALL CAPS', () => {
    expect([...titleFeatures('BAIOO Tests $250 Million Hong Kong IPO', 'en').names].sort()).toEqual(['250', 'baioo', 'ipo']);
    expect(titleFeatures('Quarterly Results Beat Forecasts', 'en').names.size).toBe(0);
    expect(titleFeatures('MARKETS RALLY AS FED HOLDS', 'en').names.size).toBe(0);
  });

  it('adds a title’s numbers and two-letter acronyms as keys (stored terms leave them out)', () => {
    const f = featuresOf(storyItem({ id: 1, title: 'US jobs report: 288000 added', lang: 'en', host: 'a.test', time: 0, minhash: null, cluster: null }));
    expect([...f.vector.keys()]).toEqual(expect.arrayContaining(['us', '288000', 'job']));
  });
});

describe('stored terms', () => {
  it('compare across rows stored before and after: stemming happens at comparison time', () => {
    // A row stored before issue 26 (plain lowercased words) and one made now from its title alone.
    const old = storyItem({ id: 1, title: 'Regulators fine carmakers', terms: new Map([['regulators', 1], ['fine', 1], ['carmakers', 1]]), lang: 'en', host: 'a.test', time: 0, minhash: null, cluster: null });
    const fresh = storyItem({ id: 2, title: 'Carmaker fined by regulator', text: '', lang: 'en', host: 'b.test', time: 3_600_000, minhash: null, cluster: null });
    expect(fresh.terms.has('fined')).toBe(true);
    expect(chooseStory(fresh, [old], termStats([old, fresh]))).toMatchObject({ cluster: 1 });
  });

  it('works on the terms alone when an item has no title (an outside caller’s StoryItem)', () => {
    const a = { id: 1, host: 'a.test', time: 0, terms: new Map([['kestrel', 2], ['arcadia', 1], ['lander', 1]]), minhash: null, cluster: null };
    const b = { id: 2, host: 'b.test', time: 3_600_000, terms: new Map([['kestrel', 1], ['arcadia', 1], ['landed', 1]]), minhash: null, cluster: null };
    expect(chooseStory(b, [a], termStats([a, b]))).toMatchObject({ cluster: 1 });
  });
});
