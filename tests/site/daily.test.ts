import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema, type FrontmatterInput } from '../../crawler/publish/frontmatter.ts';
import { CLOSE_AFTER_MS, dailyEditions } from '../../site/model/daily.ts';
import { buildSiteIndex, type ArticleInput } from '../../site/model/site-index.ts';

// The daily edition: articles grouped into days of the site's zone by their own time, a story
// on its first telling's day, ranked as of the day's end, frozen once the day is over.

const HOUR = 3_600_000;

function entry(id: number, topic: string, published: string, onSite: string, over: Partial<FrontmatterInput> = {}): ArticleInput {
  return {
    id: `${topic}/a${id}`,
    file: `content/${topic}/a${id}.md`,
    bodySha: 'x',
    data: frontmatterSchema.parse({
      id,
      title: `A${id}`,
      url: `https://s${id}.example/${id}`,
      canonical: `https://s${id}.example/${id}`,
      published,
      fetched: onSite,
      topic,
      page: 1,
      position: id,
      publishedOnSite: onSite,
      wordCount: 400,
      readingTime: 2,
      ...over,
    }),
  };
}

function config(timeZone = 'UTC') {
  return parseConfig({
    site: { title: 'T', url: 'https://news.example.com', timeZone },
    topics: [
      { slug: 'science', name: 'Science', sources: ['https://a.example/feed'] },
      { slug: 'tech', name: 'Tech', sources: ['https://b.example/feed'] },
    ],
  });
}


describe('daily editions', () => {
  it("puts an article on its own time's day in the site's zone: 23:30 UTC is the next day in Berlin", () => {
    const entries = [entry(1, 'science', '2026-11-26T23:30:00Z', '2026-11-27T01:00:00Z'), entry(2, 'science', '2026-11-26T12:00:00Z', '2026-11-26T13:00:00Z')];
    expect(dailyEditions(buildSiteIndex(entries, config('UTC'))).map((e) => [e.day, e.sections[0].items.map((i) => i.lead.id)])).toEqual([['2026-11-26', ['science/a1', 'science/a2']]]);
    const berlin = dailyEditions(buildSiteIndex(entries, config('Europe/Berlin')));
    expect(berlin.map((e) => [e.day, e.sections[0].items.map((i) => i.lead.id)])).toEqual([
      ['2026-11-26', ['science/a2']],
      ['2026-11-27', ['science/a1']],
    ]);
    // The 27th's 00:30 article does not close the 26th in Berlin: two hours into the next day do.
    expect(berlin.map((e) => [e.prev, e.next, e.closed, e.path])).toEqual([
      [null, '2026-11-27', false, '/daily/2026-11-26/'],
      ['2026-11-26', null, false, '/daily/2026-11-27/'],
    ]);
    // Ranked as of the day's end (midnight in Berlin).
    expect(berlin[0].end).toBe(Date.parse('2026-11-26T23:00:00Z'));
  });

  it("ranks a day's stories as of its end, by outlets and recency, per topic, up to five", () => {
    const day = '2026-11-26T';
    const entries = [
      // A story told by three outlets in the morning beats a lone article in the evening.
      entry(1, 'science', `${day}08:00:00Z`, `${day}08:10:00Z`),
      entry(2, 'science', `${day}09:00:00Z`, `${day}09:10:00Z`, { cluster: 1 }),
      entry(3, 'tech', `${day}12:00:00Z`, `${day}12:10:00Z`, { cluster: 1 }),
      entry(4, 'science', `${day}22:00:00Z`, `${day}22:10:00Z`),
      ...[5, 6, 7, 8, 9, 10].map((n) => entry(n, 'tech', `${day}1${n - 5}:00:00Z`, `${day}1${n - 5}:30:00Z`)),
    ];
    const [edition] = dailyEditions(buildSiteIndex(entries, config()));
    expect(edition.sections.map((s) => [s.slug, s.items.map((i) => i.lead.id)])).toEqual([
      ['science', ['science/a1', 'science/a4']],
      ['tech', ['tech/a10', 'tech/a9', 'tech/a8', 'tech/a7', 'tech/a6']],
    ]);
    const story = edition.sections[0].items[0];
    expect([story.outlets, story.members.map((m) => m.id), story.story?.members.length]).toEqual([3, ['tech/a3', 'science/a2', 'science/a1'], 3]);
    // What the /daily/ index lists of every day is known without ranking it, and is what the sections hold.
    expect([edition.count, edition.topics]).toEqual([7, ['Science', 'Tech']]);
    // The sections are ranked when first read, and written with the edition (Astro's page data).
    expect((JSON.parse(JSON.stringify(edition)) as typeof edition).sections.map((s) => s.items.length)).toEqual([2, 5]);
  });

  it("counts a story on its first telling's day, with only the tellings the day had", () => {
    const entries = [
      entry(1, 'science', '2026-11-26T20:00:00Z', '2026-11-26T20:10:00Z'),
      entry(2, 'science', '2026-11-26T21:00:00Z', '2026-11-26T21:10:00Z', { cluster: 1 }),
      // Told again the next day: still the 26th's story, and not a story of the 27th.
      entry(3, 'science', '2026-11-27T09:00:00Z', '2026-11-27T09:10:00Z', { cluster: 1 }),
      entry(4, 'science', '2026-11-27T10:00:00Z', '2026-11-27T10:10:00Z'),
    ];
    const editions = dailyEditions(buildSiteIndex(entries, config()));
    expect(editions.map((e) => [e.day, e.sections[0].items.map((i) => [i.lead.id, i.members.map((m) => m.id)])])).toEqual([
      ['2026-11-26', [['science/a1', ['science/a2', 'science/a1']]]],
      ['2026-11-27', [['science/a4', ['science/a4']]]],
    ]);
  });

  it('closes a day two hours into the next by the site clock: articles of it a later run publishes join no edition', () => {
    const base = [entry(1, 'science', '2026-11-26T10:00:00Z', '2026-11-26T10:10:00Z'), entry(2, 'science', '2026-11-27T01:00:00Z', '2026-11-27T01:10:00Z')];
    // 01:00 is not two hours past midnight: the 26th is still open, and a late article joins it.
    const late = entry(3, 'tech', '2026-11-26T15:00:00Z', '2026-11-27T03:00:00Z');
    const open = dailyEditions(buildSiteIndex([...base, late], config()));
    expect([open[0].closed, open[0].sections.map((s) => s.slug)]).toEqual([false, ['science', 'tech']]);
    // The run at 04:00 brings an article of 02:30: the 26th closes, with what that run published too.
    const closingRun = '2026-11-27T04:00:00Z';
    const closes = [entry(4, 'science', '2026-11-27T02:30:00Z', closingRun), entry(5, 'tech', '2026-11-26T16:00:00Z', closingRun)];
    // A later run's article of the 26th, or telling of its story, is late.
    const after = [entry(6, 'tech', '2026-11-26T17:00:00Z', '2026-11-27T05:00:00Z'), entry(7, 'science', '2026-11-26T18:00:00Z', '2026-11-27T05:00:00Z', { cluster: 1 })];
    const first = dailyEditions(buildSiteIndex([...base, late, ...closes, ...after], config()))[0];
    expect(first.closed).toBe(true);
    expect(first.sections.map((s) => [s.slug, s.items.map((i) => [i.lead.id, i.members.length])])).toEqual([
      ['science', [['science/a1', 1]]],
      ['tech', [['tech/a5', 1], ['tech/a3', 1]]],
    ]);
    expect(dailyEditions(buildSiteIndex([...base, late, ...closes], config()))[0]).toEqual(first);
    expect(CLOSE_AFTER_MS).toBe(2 * HOUR);
  });

  it('gives a day with nothing no edition, and an empty site none', () => {
    const entries = [entry(1, 'science', '2026-11-24T10:00:00Z', '2026-11-24T10:10:00Z'), entry(2, 'science', '2026-11-26T10:00:00Z', '2026-11-26T10:10:00Z')];
    expect(dailyEditions(buildSiteIndex(entries, config())).map((e) => [e.day, e.prev, e.next])).toEqual([
      ['2026-11-24', null, '2026-11-26'],
      ['2026-11-26', '2026-11-24', null],
    ]);
    expect(dailyEditions(buildSiteIndex([], config()))).toEqual([]);
  });
});
