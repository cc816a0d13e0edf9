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

describe('author profile boxes named as such', () => {
  const profile = `<div id="profile"><a href="/jane-hill/" class="photo"><img src="/jane.jpg" width="59" height="62" alt=""></a>
<div class="profileDescription"><p class="bio"><span class="authors"><a href="/jane-hill/" rel="author">Jane Hill</a></span> - Jane Hill writes about rivers, boats and the people who work on them for the Valley Courier.</p>
<div class="extendedBio"><p>Born in 1971 on a narrowboat, raised on the towpath, she has walked every mile of the canal from the estuary to the hills.</p></div></div></div>`;

  it('drops the profile box at the top of the post body, whatever its lines say', () => {
    const html = page().replace('<div class="entry-content">', `<div class="entry-content">${profile}`);
    const text = extractPage(html, URL_BASE).text;
    expect(text.split('\n\n')).toEqual(PROSE);
  });

  it('keeps an article whose own wrapper is named like a profile (too large to be a box)', () => {
    const html = page().replace('<div class="entry-content">', '<div class="profile-story">');
    expect(extractPage(html, URL_BASE).text.split('\n\n')).toEqual(PROSE);
  });
});
