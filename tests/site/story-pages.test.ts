import { describe, expect, it } from 'vitest';
import type { Article, StoryInfo } from '../../site/model/site-index.ts';
import { delayText, imageMember, storyReach, storyTimeline } from '../../site/model/story-timeline.ts';
import { newestStories, storyArchive, storyFormed, widestStories } from '../../site/model/story-list.ts';
import { sentencesOf, storySummary, summarizedTellings, TELLINGS_PER_OUTLET } from '../../site/model/story-summary.ts';

// The pure parts of the story pages: timeline rows, reach, the pictured member, the lists of
// /stories/ and its archive pages, and the extractive summary.

interface Opts {
  host?: string;
  source?: string;
  published: string;
  lang?: string;
  words?: number;
  image?: boolean;
}

function article(n: number, o: Opts): Article {
  const host = o.host ?? `s${n}.test`;
  return {
    id: `news/a${n}`,
    path: `/news/a${n}/`,
    host,
    source: o.source ?? host,
    data: { id: n, url: `https://${host}/a${n}`, title: `Title ${n}`, published: o.published, fetched: o.published, lang: o.lang ?? 'en', wordCount: o.words ?? 100, image: o.image ? { src: `/media/${n}.jpg` } : null },
  } as unknown as Article;
}

/** `members` newest first, as the site index keeps them; the lead is the oldest. */
function story(members: Article[]): StoryInfo {
  const lead = members[members.length - 1]!;
  return { id: lead.data.id, path: `/stories/${lead.data.id}/`, lead, members };
}

describe('storyTimeline', () => {
  it('orders tellings by their own time, first with no delay, each later one with its delay', () => {
    const a = article(1, { published: '2026-11-01T10:00:00Z' });
    const b = article(2, { published: '2026-11-01T13:20:00Z' });
    const c = article(3, { published: '2026-11-01T10:45:00Z' });
    const rows = storyTimeline([b, c, a]);
    expect(rows.map((r) => [r.article.id, r.delay])).toEqual([
      ['news/a1', 0],
      ['news/a3', 45 * 60_000],
      ['news/a2', (3 * 60 + 20) * 60_000],
    ]);
  });

  it('breaks a tie in time by id, so the order never flips', () => {
    const a = article(5, { published: '2026-11-01T10:00:00Z' });
    const b = article(4, { published: '2026-11-01T10:00:00Z' });
    expect(storyTimeline([a, b]).map((r) => r.article.id)).toEqual(['news/a4', 'news/a5']);
  });
});

describe('delayText', () => {
  it('says minutes, hours and minutes, days and hours', () => {
    expect(delayText(0)).toBe('+0 min');
    expect(delayText(45 * 60_000)).toBe('+45 min');
    expect(delayText(3 * 3_600_000)).toBe('+3 h');
    expect(delayText(200 * 60_000)).toBe('+3 h 20 min');
    expect(delayText(26 * 3_600_000)).toBe('+1 d 2 h');
    expect(delayText(48 * 3_600_000)).toBe('+2 d');
  });
});

describe('storyReach and imageMember', () => {
  const a = article(1, { host: 'x.test', published: '2026-11-01T10:00:00Z', lang: 'en-GB', words: 300, image: true });
  const b = article(2, { host: 'x.test', published: '2026-11-01T11:00:00Z', lang: 'en', words: 900 });
  const c = article(3, { host: 'y.test', published: '2026-11-01T12:00:00Z', lang: 'de', words: 500, image: true });

  it('counts outlets, hosts and languages once each', () => {
    expect(storyReach([c, b, a])).toEqual({ outlets: 2, hosts: 2, languages: ['de', 'en'] });
  });

  it('pictures the longest telling that has an image', () => {
    expect(imageMember([a, b, c])?.id).toBe('news/a3');
    expect(imageMember([b])).toBeNull();
  });
});

describe('the lists of /stories/', () => {
  const h = (n: number) => `2026-11-${String(n).padStart(2, '0')}T10:00:00Z`;
  // Story 1 formed early but grew last; story 3 is the widest.
  const s1 = story([article(9, { published: h(9) }), article(2, { published: h(2) }), article(1, { published: h(1) })]);
  const s3 = story([article(6, { published: h(6) }), article(5, { published: h(5) }), article(4, { published: h(4) }), article(3, { published: h(3) })]);
  const s7 = story([article(8, { published: h(8) }), article(7, { published: h(7) })]);

  it('newest: by the newest telling', () => {
    expect(newestStories([s1, s3, s7]).map((s) => s.id)).toEqual([1, 7, 3]);
  });

  it('widest: by outlets, then newest', () => {
    expect(widestStories([s1, s3, s7]).map((s) => s.id)).toEqual([3, 1, 7]);
  });

  it('a story forms with its second telling', () => {
    expect([s1, s3, s7].map(storyFormed)).toEqual([2, 4, 8]);
  });

  it('archive pages are in the order stories formed, newest first within a page, and only ever appended to', () => {
    const archive = storyArchive([s7, s1, s3], 2);
    expect(archive.pages.map((p) => p.map((s) => s.id))).toEqual([[3, 1], [7]]);
    expect(archive.isFull(1)).toBe(true);
    expect(archive.isFull(2)).toBe(false);
    // The index lists the newest pages whole until it has a page's worth: pages 2 and 1 here.
    expect(archive.index.stories.map((s) => s.id)).toEqual([1, 7, 3]);
    expect(archive.index.olderPage).toBeNull();
    expect(archive.onIndex(1)).toBe(true);
    // An older article gaining a second telling today forms a story after the others: page 1 keeps its stories.
    const late = story([article(10, { published: h(10) }), article(0, { published: h(1) })]);
    const grown = storyArchive([late, s7, s1, s3], 2);
    expect(grown.pages.map((p) => p.map((s) => s.id))).toEqual([[3, 1], [0, 7]]);
    expect(grown.index.olderPage).toBe(1);
    expect(grown.onIndex(1)).toBe(false);
    expect(grown.onIndex(2)).toBe(true);
  });
});

describe('storySummary', () => {
  const tellings = [
    {
      teller: 'A',
      outlet: 'a',
      lang: 'en',
      text: 'Saltire Offshore switched on the last turbine at Dunmore Bank on Tuesday, bringing the wind farm to 1.2 gigawatts.\nOur reporter enjoyed a very pleasant lunch by the harbour afterwards with friends.',
    },
    {
      teller: 'B',
      outlet: 'b',
      lang: 'en',
      text: 'The Dunmore Bank wind farm reached 1.2 gigawatts on Tuesday when Saltire Offshore switched on its last turbine.\nCritics argue the subsidy regime remains far too generous for investors overall.',
    },
    { teller: 'C', outlet: 'c', lang: 'en', text: 'Saltire Offshore says the Dunmore Bank wind farm, with its last turbine switched on Tuesday, now makes 1.2 gigawatts.' },
    { teller: 'B2', outlet: 'b', lang: 'en', text: 'A second piece from outlet b about wind farm turbine prices falling across the whole industry this year.' },
  ];

  it('quotes the sentences the other outlets share, verbatim, each credited', () => {
    const summary = storySummary(tellings);
    expect(summary.length).toBeGreaterThan(0);
    expect(summary.length).toBeLessThanOrEqual(3);
    for (const s of summary) {
      const own = tellings.find((t) => t.teller === s.teller)!;
      expect(own.text).toContain(s.text);
    }
    expect(summary[0]!.text).toMatch(/Dunmore Bank/);
    expect(summary.map((s) => s.text).join(' ')).not.toMatch(/lunch|subsidy/);
  });

  it('never repeats one fact in two sentences', () => {
    expect(storySummary(tellings).filter((s) => /1\.2 gigawatts/.test(s.text))).toHaveLength(1);
  });

  it('has nothing to say with one outlet, and never quotes a source the site only links to', () => {
    expect(storySummary(tellings.filter((t) => t.outlet === 'b'))).toEqual([]);
    const summary = storySummary(tellings.map((t) => ({ ...t, quotable: t.outlet !== 'a' })));
    expect(summary.every((s) => s.teller !== 'A')).toBe(true);
  });

  it('weighs each outlet by its first few tellings, so a story told hundreds of times costs no more to summarise', () => {
    const told = [...Array.from({ length: 200 }, (_, i) => ({ id: i, outlet: 'wire.example' })), { id: 200, outlet: 'daily.example' }, { id: 201, outlet: 'daily.example' }];
    const weighed = summarizedTellings(told, (t) => t.outlet);
    expect(weighed.map((t) => t.id)).toEqual([...Array.from({ length: TELLINGS_PER_OUTLET }, (_, i) => i), 200, 201]);
  });

  it('splits sentences by paragraph', () => {
    expect(sentencesOf('A heading\nFirst one. Second one.')).toEqual(['A heading', 'First one.', 'Second one.']);
  });
});
