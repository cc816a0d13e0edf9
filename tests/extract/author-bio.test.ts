import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture, page, PROSE, URL_BASE } from './helpers.ts';

// Author bios closing a post that do not read "is a/an/the <role>" (issue 17).

describe('author bios with a capitalised title', () => {
  it('drops an italic "X is Director of …" line closing the post', () => {
    const text = extractPage(fixture('author-bio.html'), 'https://valleycourier.example/2024/09/second-bridge').text;
    expect(text).not.toContain('Margaret Okafor');
    expect(text.split('\n\n')).toHaveLength(4);
    expect(text.endsWith('no other scheme in the county is ready to bid for it.')).toBe(true);
  });

  it('drops an italic "X, an engineer at Y, …" line closing the post', () => {
    const bio = 'Tom Reed, an engineering manager at Millworks, looks forward to crossing the river by bicycle.';
    const text = extractPage(page({ paragraphs: [...PROSE, `<em>${bio}</em>`] }), URL_BASE).text;
    expect(text).not.toContain('Tom Reed');
    expect(text.split('\n\n')).toEqual(PROSE);
  });

  it('keeps closing news lines of the same shapes that are not set apart', () => {
    const lines = [
      'Councillor Jane Hill is Chair of the planning committee, which meets again in March to decide the scheme.',
      'John Smith, a spokesman for the county council, said the bridge would open in May if the weather holds.',
    ];
    for (const last of lines) expect(extractPage(page({ paragraphs: [...PROSE, last] }), URL_BASE).text).toContain(last);
  });

  it('keeps the introductions of an expert round-up, even in italics at the end', () => {
    const experts = [
      ['Tom Reed is Head of Engineering at Millworks.', 'Build the bridge for bicycles first; the cars will follow the money.'],
      ['Asha Patel is Director of the River Trust.', 'Nothing should be built until the flood plain has been surveyed again.'],
    ];
    const paragraphs = [...PROSE, ...experts.flatMap(([intro, answer]) => [`<em>${intro}</em>`, answer])];
    const text = extractPage(page({ paragraphs }), URL_BASE).text;
    for (const [intro, answer] of experts) {
      expect(text).toContain(intro);
      expect(text).toContain(answer);
    }
  });
});
