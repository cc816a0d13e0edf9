import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractTags, tagSlug } from '../../crawler/enrich/index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8');

function expectHumanTags(tags: string[]): void {
  expect(tags.length).toBeGreaterThanOrEqual(3);
  expect(tags.length).toBeLessThanOrEqual(8);
  for (const tag of tags) {
    expect(tag.split(' ').length, tag).toBeLessThanOrEqual(3);
    expect(tag, tag).not.toMatch(/^[\d\s.,%-]+$/);
    expect(tag.trim(), tag).toBe(tag);
  }
  const slugs = tags.map(tagSlug);
  expect(new Set(slugs).size).toBe(slugs.length);
  // no tag is another tag in a different form or a part of another tag
  const stems = tags.map((t) => t.toLowerCase().split(' ').map((w) => w.replace(/s$/, '')));
  for (let i = 0; i < stems.length; i++) {
    for (let j = 0; j < stems.length; j++) {
      if (i !== j) expect(stems[i].every((w) => stems[j].includes(w)), `${tags[i]} ⊂ ${tags[j]}`).toBe(false);
    }
  }
}

describe('extractTags', () => {
  it('finds the topical phrases of an English article', () => {
    const tags = extractTags({ title: 'Building a solar garden shed', text: fixture('solar-shed'), lang: 'en' });
    expectHumanTags(tags);
    expect(tags).toEqual(expect.arrayContaining(['solar panels', 'battery', 'garden shed', 'charge controller']));
    expect(tags.slice(0, 3)).toContain('solar panels');
    // "solar panel" and "solar panels" are one tag; "solar" and "panels" give way to it
    expect(tags).not.toContain('solar panel');
    expect(tags).not.toContain('solar');
    expect(tags).not.toContain('panels');
  });

  it('keeps acronyms in capitals and everything else that is not a name in lowercase', () => {
    const tags = extractTags({ title: 'The strange history of the CAPTCHA', text: fixture('captcha-article'), lang: 'en' });
    expectHumanTags(tags);
    expect(tags[0]).toBe('CAPTCHA');
    for (const tag of tags.slice(1)) expect(tag).toBe(tag.toLowerCase());
  });

  it('keeps proper nouns as written', () => {
    const text =
      'Last week we flew to Lisbon. In Lisbon the trams are yellow and the hills are steep. ' +
      'Our guide in Lisbon recommended the old trams, and the yellow trams really are the best way up the hills. ' +
      'We also visited Sintra, an hour from Lisbon, where the palaces sit on misty hills.';
    const tags = extractTags({ title: 'Three days in Lisbon', text, lang: 'en' });
    expectHumanTags(tags);
    expect(tags[0]).toBe('Lisbon');
    expect(tags).toContain('hills');
  });

  it('ends phrases at a possessive and keeps multi-word names as written', () => {
    const text =
      "Jupiter's magnetic field is enormous. Europa sits inside Jupiter's magnetic field, and the magnetic field changes as Jupiter rotates. " +
      'Data from the Galileo Orbiter showed it. Later, the Galileo Orbiter team confirmed the signal, and the Galileo Orbiter archive still holds it.';
    const tags = extractTags({ title: "Inside Jupiter's magnetic field", text, lang: 'en' });
    expect(tags).toContain('magnetic field');
    expect(tags).toContain('Jupiter');
    expect(tags).toContain('Galileo Orbiter');
    expect(tags.some((t) => /['’]s\b/.test(t))).toBe(false);
  });

  it('uses the stopwords of the article language', () => {
    const tags = extractTags({ title: 'NASA plant Mondmission zum Südpol', text: fixture('nasa-de'), lang: 'de-DE' });
    expectHumanTags(tags);
    expect(tags).toEqual(expect.arrayContaining(['NASA', 'Raumsonde', 'Wassereis', 'Mondmission']));
    for (const stop of ['die', 'der', 'und', 'eine']) expect(tags.map((t) => t.toLowerCase())).not.toContain(stop);
  });

  it('segments languages written without spaces', () => {
    const text = '人工智能正在改变医疗行业。医生使用人工智能诊断疾病。人工智能可以分析医学影像。医疗行业需要更多的数据。医学影像的数据越来越多。';
    const tags = extractTags({ title: '人工智能与医疗', text, lang: 'zh' });
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags).toContain('人工智能');
    for (const tag of tags) expect([...tag].length).toBeGreaterThanOrEqual(2);
  });

  it('respects min and max and returns what it can for tiny texts', () => {
    const text = fixture('solar-shed');
    expect(extractTags({ title: 'Solar shed', text, lang: 'en' }, { max: 4 })).toHaveLength(4);
    expect(extractTags({ title: 'Solar shed', text, lang: 'en' }, { min: 8, max: 8 })).toHaveLength(8);
    // Only what recurs, or what the title names: a phrase met once in so short a text is no tag.
    expect(extractTags({ title: 'Python', text: 'Python is a programming language. Python runs almost everywhere.', lang: 'en' })).toEqual(['Python']);
    expect(extractTags({ title: 'Python programming', text: 'Python is a programming language. Python runs almost everywhere.', lang: 'en' })).toEqual(['Python', 'programming language']);
    expect(extractTags({ title: '', text: '', lang: null })).toEqual([]);
  });

  it('never produces numeric or stopword-only tags', () => {
    const numbersAndStopwords = 'In 2024 the 100 people said that it was 42. It was, they said, 42 and 2024. The 100 agreed that 42 it was.';
    expect(extractTags({ title: 'It was 42', text: numbersAndStopwords, lang: 'en' })).toEqual([]);
    const text = 'In 2024 the 100 engineers said that the bridge was 42 metres long. It was, they said, 42 and 2024. The 100 engineers agreed that the bridge was 42 metres, and the bridge opened in 2024.';
    const tags = extractTags({ title: 'The bridge was 42 metres', text, lang: 'en' });
    expect(tags).toContain('bridge');
    for (const tag of tags) {
      expect(tag).not.toMatch(/\d/);
      expect(['in', 'it', 'was', 'the', 'they', 'said', 'that', 'and']).not.toContain(tag);
    }
  });
});

describe('tagSlug', () => {
  it('folds to ASCII, lowercases and joins words with hyphens', () => {
    expect(tagSlug('Solar Panels')).toBe('solar-panels');
    expect(tagSlug('  Crème   brûlée! ')).toBe('creme-brulee');
    expect(tagSlug('Ærø Straße Łódź')).toBe('aero-strasse-lodz');
    expect(tagSlug("Children's books")).toBe('childrens-books');
    expect(tagSlug('COVID-19')).toBe('covid-19');
  });

  it('spells out symbols that carry meaning', () => {
    expect(tagSlug('C++')).toBe('c-plus-plus');
    expect(tagSlug('C#')).toBe('c-sharp');
    expect(tagSlug('.NET')).toBe('dotnet');
    expect(tagSlug('AT&T')).toBe('at-and-t');
  });

  it('transliterates Cyrillic and Greek, hashes other scripts to a stable ASCII slug, and is empty without letters or digits', () => {
    expect(tagSlug('Москва')).toBe('moskva');
    expect(tagSlug('Αθήνα')).toBe('athina');
    expect(tagSlug('東京 タワー')).toMatch(/^tag-[0-9a-f]{10}$/);
    expect(tagSlug('日本')).toBe('tag-44da6bbcf2'); // the site's URLs for such tags, before the two slug functions became one
    expect(tagSlug('日本')).not.toBe(tagSlug('中国'));
    expect(tagSlug('!!!')).toBe('');
  });

  it('is idempotent and bounded', () => {
    const slug = tagSlug('A Very Long Tag '.repeat(10));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).not.toMatch(/-$/);
    expect(tagSlug(slug)).toBe(slug);
    expect(tagSlug(tagSlug('日本'))).toBe(tagSlug('日本'));
  });
});
