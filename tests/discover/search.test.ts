import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { discoverSources } from '../../crawler/pipeline/discover-phase.ts';
import { silent } from '../../crawler/pipeline/events.ts';
import { emptySummary } from '../../crawler/pipeline/summary.ts';
import { SEARCH_SOURCE_URL } from '../../crawler/store/sources.ts';
import { urlByAddress } from '../../crawler/store/urls.ts';
import { demoConfig, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { smallSampleWeb } from '../crawler/helpers.ts';
import { discoveryHarness, type Harness } from './fixtures/harness.ts';

// Keyword search through the sample web's SearXNG stub (search.test).

const COMETS = 'http://orbitalnotes.test/2026/03/how-comets-get-their-tails/';

let web: SampleWeb;
let h: Harness;
beforeAll(async () => {
  web = await smallSampleWeb();
});
afterEach(async () => {
  await h?.close();
  web.searches.length = 0;
});
afterAll(async () => {
  await web?.close();
});

function searchConfig(topics: Array<{ slug: string; keywords: string[] }>, search: Record<string, unknown> = {}) {
  const base = demoConfig(web);
  return {
    ...base,
    topics: topics.map((t) => ({ slug: t.slug, name: t.slug, keywords: t.keywords, sources: [{ kind: 'search' as const }] })),
    search: { searxngUrl: 'http://search.test', keywordsPerRun: 1, resultsPerQuery: 10, ...search },
    crawl: { ...base.crawl, perHostDelayMs: 0 },
  };
}

/** Reads every search source the way a run does: topics with the fewest unpublished articles first. */
async function searchRun(backlog: Record<string, number> = {}) {
  const ids = new Map(h.db.all<{ id: number; slug: string }>('SELECT id, slug FROM topics').map((t) => [t.id, t.slug]));
  const ctx = { ...h.ctx, backlog: (id: number) => backlog[ids.get(id)!] ?? 0 };
  const sources = h.db.all<never>(`SELECT * FROM sources WHERE kind = 'search' ORDER BY id`);
  const outcomes = await discoverSources(ctx, sources, { deadline: Infinity, report: silent, summary: emptySummary(false) });
  h.clock.now += 3600_000;
  return outcomes;
}

describe('search source (SearXNG)', () => {
  it('takes keywords round-robin, keeping its place in the cursor', async () => {
    h = await discoveryHarness(searchConfig([{ slug: 'space', keywords: ['radar', 'comet', 'telescope', 'mars', 'planet'] }]));
    const queries: string[][] = [];
    for (let run = 0; run < 3; run++) queries.push((await searchRun())[0]!.queries!);
    expect(queries).toEqual([['radar'], ['comet'], ['telescope']]);
    expect(web.searches.map((s) => `${s.q} ${s.format}`)).toEqual(['radar json', 'comet json', 'telescope json']);
    expect(JSON.parse(h.db.scalar(`SELECT cursor FROM sources WHERE url = ?`, [SEARCH_SOURCE_URL]) as string)).toEqual({ last: 'telescope' });
    expect(urlByAddress(h.db, COMETS)).toMatchObject({ state: 'discovered' });
    const occurrence = h.db.get<{ context: string }>('SELECT context FROM link_occurrences o JOIN urls u ON u.id = o.url_id WHERE u.url = ?', [COMETS]);
    expect(occurrence?.context).toBe('search');
  });

  it('goes on past keywordsPerRun while nothing new turns up, at most once round the list', async () => {
    h = await discoveryHarness(searchConfig([{ slug: 'space', keywords: ['radar', 'comet', 'telescope', 'mars', 'planet'] }]));
    for (let run = 0; run < 3; run++) await searchRun();
    const fourth = (await searchRun())[0]!;
    // "mars" finds nothing and "planet" only known pages; every keyword is asked once, then the round ends.
    expect(fourth.queries).toEqual(['mars', 'planet', 'radar', 'comet', 'telescope']);
    expect(fourth.newUrls).toBe(0);
  });

  it('serves topics with the fewest unpublished articles first, so a shared result goes to the neediest topic', async () => {
    const topics = [
      { slug: 'space', keywords: ['comet'] },
      { slug: 'climate', keywords: ['solar'] },
    ];
    h = await discoveryHarness(searchConfig(topics));
    await searchRun({ space: 12, climate: 0 });
    expect(web.searches.map((s) => s.q)).toEqual(['solar', 'comet']);
    const topicOf = (url: string) => h.db.scalar('SELECT t.slug FROM urls u JOIN topics t ON t.id = u.topic_id WHERE u.url = ?', [url]);
    expect(topicOf(COMETS)).toBe('climate');
    await h.close();

    web.searches.length = 0;
    h = await discoveryHarness(searchConfig(topics));
    await searchRun({ space: 0, climate: 12 });
    expect(web.searches.map((s) => s.q)).toEqual(['comet', 'solar']);
    expect(topicOf(COMETS)).toBe('space');
  });

  it('takes at most resultsPerQuery results', async () => {
    h = await discoveryHarness(searchConfig([{ slug: 'space', keywords: ['the'] }], { resultsPerQuery: 2 }));
    const [outcome] = await searchRun();
    expect(outcome).toMatchObject({ items: 2, newUrls: 2 });
  });

  it('is refused at config load without a configured instance, naming the field', () => {
    const config = searchConfig([{ slug: 'space', keywords: ['comet'] }]);
    expect(() => parseConfig({ ...config, search: {} })).toThrow(/search\.searxngUrl is not set, but topics\.0\.sources\.0 is a keyword search/);
    expect(parseConfig(config).search.searxngUrl).toBe('http://search.test');
  });
});
