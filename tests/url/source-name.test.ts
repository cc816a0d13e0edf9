import { describe, expect, it } from 'vitest';
import { chooseSourceName, feedTitlesName, titleSuffixOf } from '../../crawler/url/source-name.ts';

describe('chooseSourceName', () => {
  const all = {
    configured: 'Owner Name',
    feedTitles: ['Feed Name'],
    siteName: 'OG Name',
    applicationName: 'App Name',
    declared: 'Declared Name',
    titleSuffix: { text: 'Suffix Name', pages: 3 },
  };

  it('takes the evidence in order: config, feed title, og:site_name, application-name, declared, title suffix, host', () => {
    expect(chooseSourceName('x.test', all)).toBe('Owner Name');
    expect(chooseSourceName('x.test', { ...all, configured: null })).toBe('Feed Name');
    expect(chooseSourceName('x.test', { ...all, configured: null, feedTitles: [] })).toBe('OG Name');
    expect(chooseSourceName('x.test', { ...all, configured: null, feedTitles: [], siteName: null })).toBe('App Name');
    expect(chooseSourceName('x.test', { ...all, configured: null, feedTitles: [], siteName: null, applicationName: null })).toBe('Declared Name');
    expect(chooseSourceName('x.test', { titleSuffix: { text: 'Suffix Name', pages: 3 } })).toBe('Suffix Name');
    expect(chooseSourceName('x.test', {})).toBe('x.test');
  });

  it('takes a title suffix only when it repeats across pages', () => {
    expect(chooseSourceName('x.test', { titleSuffix: { text: 'Suffix Name', pages: 1 } })).toBe('x.test');
    expect(chooseSourceName('x.test', { titleSuffix: { text: 'Suffix Name', pages: 2 } })).toBe('Suffix Name');
  });

  it('skips blank, symbol-only and sentence-long values', () => {
    expect(chooseSourceName('x.test', { configured: '  ', feedTitles: ['   '], siteName: '—', applicationName: 'a'.repeat(200) })).toBe('x.test');
    expect(chooseSourceName('x.test', { siteName: '  The   Daily\nParallax ' })).toBe('The Daily Parallax');
  });
});

describe('feedTitlesName', () => {
  it("takes one feed's title, without what says it is a feed", () => {
    expect(feedTitlesName(['Bytesmith'])).toBe('Bytesmith');
    expect(feedTitlesName(['Bytesmith (RSS)', 'Bytesmith (Atom)'])).toBe('Bytesmith');
    expect(feedTitlesName(['Bytesmith - Atom feed'])).toBe('Bytesmith');
    expect(feedTitlesName(['Example Tech - All content'])).toBe('Example Tech');
    expect(feedTitlesName(['Example News | Latest news'])).toBe('Example News');
    expect(feedTitlesName(['Feed-forward Notes'])).toBe('Feed-forward Notes');
    expect(feedTitlesName(['Notes: On Things'])).toBe('Notes: On Things');
  });

  it('takes the leading part several feeds of a host share', () => {
    expect(feedTitlesName(['The Daily Parallax: Space', 'The Daily Parallax: Climate', 'The Daily Parallax: Technology'])).toBe('The Daily Parallax');
    expect(feedTitlesName(['The Daily Parallax', 'The Daily Parallax: Climate'])).toBe('The Daily Parallax');
    expect(feedTitlesName(['News | Example Post', 'News | Example Post | World'])).toBe('News | Example Post');
  });

  it('gives nothing when the feeds share no leading part', () => {
    expect(feedTitlesName(['Space notes', 'Climate notes'])).toBeNull();
    expect(feedTitlesName([])).toBeNull();
  });
});

describe('titleSuffixOf', () => {
  it("takes a <title>'s last segment after a separator", () => {
    expect(titleSuffixOf('Headline | Space | The Daily Parallax')).toBe('The Daily Parallax');
    expect(titleSuffixOf('Headline — Bytesmith')).toBe('Bytesmith');
    expect(titleSuffixOf('Headline · Bytesmith')).toBe('Bytesmith');
    expect(titleSuffixOf('Headline - Example News')).toBe('Example News');
  });

  it('gives nothing for a title without one', () => {
    expect(titleSuffixOf('Mars: what next')).toBeNull();
    expect(titleSuffixOf('Well-known hyphenated-words')).toBeNull();
    expect(titleSuffixOf(null)).toBeNull();
  });
});
