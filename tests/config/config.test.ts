import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, parseConfig } from '../../crawler/config/index.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { RESERVED_TOPIC_SLUGS } from '../../crawler/config/schema.ts';

const minimal = { site: { title: 'My News', url: 'https://news.example.com' }, topics: [{ slug: 'science', name: 'Science', sources: ['https://example.com/feed.xml'] }] };

function problemsOf(value: unknown) {
  try {
    parseConfig(value);
  } catch (error) {
    expect(error).toBeInstanceOf(GleanerError);
    return { message: (error as GleanerError).message, problems: (error as GleanerError).problems };
  }
  throw new Error('expected the config to be rejected');
}

describe('parseConfig', () => {
  it('fills every default into a minimal config', () => {
    const config = parseConfig(minimal);
    expect(config.topics[0]!.sources).toEqual([{ kind: 'feed', url: 'https://example.com/feed.xml' }]);
    expect(config.publish.pageSize).toBe(10);
    expect(config.quality.minWords).toBe(300);
    expect(config.crawl.allowPrivateAddresses).toBe(false);
    expect(config.site.language).toBe('en');
  });

  it('names a bad time zone or ranking setting, with the fix', () => {
    const zone = problemsOf({ ...minimal, site: { ...minimal.site, timeZone: 'Berlin' } });
    expect(zone.problems).toEqual([expect.objectContaining({ field: 'site.timeZone', problem: expect.stringContaining('IANA time zone, like "UTC", "Europe/Berlin"') })]);
    const ranking = problemsOf({ ...minimal, publish: { ranking: { gravity: -1, breadh: 2 } } });
    expect(ranking.problems.map((p) => p.field).sort()).toEqual(['publish.ranking', 'publish.ranking.gravity']);
    expect(parseConfig({ ...minimal, site: { ...minimal.site, timeZone: 'America/New_York' } }).site.timeZone).toBe('America/New_York');
    expect(parseConfig(minimal).publish.ranking).toEqual({ gravity: 1.2, breadth: 1.5 });
  });

  it('takes an optional WebSub hub, and names a bad one with the fix', () => {
    expect(parseConfig(minimal).site.websubHub).toBeUndefined();
    expect(parseConfig({ ...minimal, site: { ...minimal.site, websubHub: 'https://pubsubhubbub.appspot.com/' } }).site.websubHub).toBe('https://pubsubhubbub.appspot.com/');
    const bad = problemsOf({ ...minimal, site: { ...minimal.site, websubHub: 'pubsubhubbub.appspot.com' } });
    expect(bad.problems).toEqual([{ field: 'site.websubHub', problem: expect.stringContaining('absolute http(s) URL'), example: expect.stringContaining("websubHub: 'https://pubsubhubbub.appspot.com/'") }]);
    expect(problemsOf({ ...minimal, site: { ...minimal.site, websubHub: 'https://me:secret@hub.example/' } }).problems).toEqual([
      expect.objectContaining({ field: 'site.websubHub', problem: expect.stringContaining('must not contain a user name or password') }),
    ]);
  });

  it('accepts every source kind', () => {
    const config = parseConfig({
      ...minimal,
      topics: [
        {
          slug: 'science',
          name: 'Science',
          keywords: ['fusion'],
          sources: [
            { kind: 'feed', url: 'https://a.example/feed' },
            { kind: 'sitemap', url: 'https://a.example/sitemap.xml' },
            { kind: 'discourse', url: 'https://forum.example/posts.rss' },
            { kind: 'site', url: 'https://blog.example/' },
            { kind: 'search' },
          ],
        },
      ],
      search: { searxngUrl: 'https://searx.example.org' },
    });
    expect(config.topics[0]!.sources.map((s) => s.kind)).toEqual(['feed', 'sitemap', 'discourse', 'site', 'search']);
  });

  it('names the field, says what is wrong and gives an example', () => {
    const { message, problems } = problemsOf({ ...minimal, site: { title: 'X', url: 'ftp://example.com' } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ field: 'site.url' });
    expect(problems[0]!.problem).toMatch(/absolute http\(s\) URL/);
    expect(problems[0]!.example).toMatch(/https:\/\//);
    expect(message).toContain('site.url');
    expect(message).toContain('for example');
  });

  it('gives a field without a written example its default value as one', () => {
    const { message, problems } = problemsOf({ ...minimal, crawl: { concurrency: 'lots', retries: 99 }, topics: [{ ...minimal.topics[0], description: 5 }] });
    const examples = Object.fromEntries(problems.map((p) => [p.field, p.example]));
    const defaults = parseConfig(minimal);
    expect(examples['crawl.concurrency']).toBe(`concurrency: ${defaults.crawl.concurrency}`);
    expect(examples['crawl.retries']).toBe(`retries: ${defaults.crawl.retries}`);
    expect(examples['topics.0.description']).toBeNull(); // its default, '', shows nothing useful
    expect(message).toContain(`for example: retries: ${defaults.crawl.retries}`);
  });

  it('reports a missing field, a wrong type and an unknown key together', () => {
    const { problems } = problemsOf({ site: { url: 'https://x.example', titel: 'typo' }, topics: minimal.topics, crawl: { concurrency: 'many' } });
    const byField = Object.fromEntries(problems.map((p) => [p.field, p.problem]));
    expect(byField['site.title']).toMatch(/missing/);
    expect(byField['site']).toMatch(/unknown key "titel"/);
    expect(byField['crawl.concurrency']).toMatch(/must be a number, not string "many"/);
  });

  it("reserves every name the site's own pages take at the top level: a topic there would lose its front to them", () => {
    // site/pages/stories/index.astro and site/pages/daily/index.astro are the pages a topic called "stories" or "daily" would also be at.
    const taken = readdirSync(join(import.meta.dirname, '../../site/pages'))
      .map((name) => name.replace(/\.(astro|ts)$/, ''))
      .filter((name) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name !== 'index');
    expect(taken.length).toBeGreaterThan(10);
    expect(taken.filter((name) => !RESERVED_TOPIC_SLUGS.includes(name))).toEqual([]);
    expect(problemsOf({ ...minimal, topics: [{ slug: 'stories', name: 'Stories', sources: ['https://a.example/feed'] }] }).problems[0]?.problem).toMatch(/is a page the site uses itself/);
  });

  it('rejects bad topic slugs, duplicate slugs, reserved slugs and empty sources', () => {
    const { problems } = problemsOf({
      ...minimal,
      topics: [
        { slug: 'Web Dev', name: 'A', sources: ['https://a.example/feed'] },
        { slug: 'space', name: 'B', sources: ['https://a.example/feed'] },
        { slug: 'space', name: 'C', sources: ['https://a.example/feed'] },
        { slug: 'tags', name: 'D', sources: ['https://a.example/feed'] },
        { slug: 'empty', name: 'E', sources: [] },
      ],
    });
    const fields = problems.map((p) => `${p.field}: ${p.problem}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^topics\.0\.slug: must be lowercase/),
        expect.stringMatching(/^topics\.2\.slug: duplicates/),
        expect.stringMatching(/^topics\.3\.slug: is a page the site uses itself/),
        expect.stringMatching(/^topics\.4\.sources: must have at least 1/),
      ]),
    );
  });

  it('explains a malformed source', () => {
    const { problems } = problemsOf({ ...minimal, topics: [{ slug: 'a', name: 'A', sources: [{ kind: 'rss', url: 'https://a.example/' }] }] });
    expect(problems[0]!.field).toBe('topics.0.sources.0');
    expect(problems[0]!.problem).toMatch(/not a valid source/);
  });

  it("takes a source's name, and explains an empty or overlong one", () => {
    const config = parseConfig({ ...minimal, topics: [{ slug: 'a', name: 'A', sources: [{ kind: 'feed', url: 'https://a.example/feed', name: ' The Daily Parallax ' }] }] });
    expect(config.topics[0]!.sources[0]).toMatchObject({ name: 'The Daily Parallax' });
    for (const name of ['  ', 'x'.repeat(81), 42]) {
      const { problems } = problemsOf({ ...minimal, topics: [{ slug: 'a', name: 'A', sources: [{ kind: 'feed', url: 'https://a.example/feed', name }] }] });
      expect(problems).toHaveLength(1);
      expect(problems[0]!.field).toBe('topics.0.sources.0.name');
      expect(problems[0]!.problem).toMatch(typeof name === 'number' ? /string/ : /must (not be empty|be at most 80 characters)/);
    }
  });

  it('rejects out-of-range limits', () => {
    const { problems } = problemsOf({ ...minimal, publish: { pageSize: 0 }, quality: { nearDuplicateThreshold: 1.5 } });
    expect(problems.map((p) => p.field).sort()).toEqual(['publish.pageSize', 'quality.nearDuplicateThreshold']);
  });
});

describe('loadConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads and validates a config module', async () => {
    const file = join(dir, 'good.config.mjs');
    writeFileSync(file, `export default ${JSON.stringify(minimal)};`);
    const config = await loadConfig(file);
    expect(config.site.title).toBe('My News');
  });

  it('explains a missing file and a missing default export', async () => {
    await expect(loadConfig(join(dir, 'nope.config.ts'))).rejects.toThrow(/config file not found/);
    const file = join(dir, 'named.config.mjs');
    writeFileSync(file, `export const config = {};`);
    await expect(loadConfig(file)).rejects.toThrow(/must have a default export/);
  });

  it('loads the repository site.config.ts', async () => {
    const config = await loadConfig('site.config.ts');
    expect(config.topics.length).toBeGreaterThan(0);
  });
});

// Mistakes a crawl would only meet on its first read of a source are refused when the config is read.
describe('search sources', () => {
  const searchTopic = (keywords: string[]) => ({ slug: 'a', name: 'A', keywords, sources: ['https://a.example/feed', { kind: 'search' }] });

  it('need a SearXNG instance: the problem names search.searxngUrl, the source that needs it and an example', () => {
    const { message, problems } = problemsOf({ ...minimal, topics: [searchTopic(['comet'])] });
    expect(problems).toEqual([
      { field: 'search.searxngUrl', problem: 'is not set, but topics.0.sources.1 is a keyword search, which queries a SearXNG instance through it', example: "searxngUrl: 'https://searx.example.org'" },
    ]);
    expect(message).toContain('✗ search.searxngUrl is not set');
    expect(() => parseConfig({ ...minimal, topics: [searchTopic(['comet'])], search: { searxngUrl: 'https://searx.example.org' } })).not.toThrow();
  });

  it('need keywords in their topic, which is named', () => {
    const { problems } = problemsOf({ ...minimal, topics: [minimal.topics[0], searchTopic([])], search: { searxngUrl: 'https://searx.example.org' } });
    expect(problems).toEqual([{ field: 'topics.1.keywords', problem: 'is empty, but the topic has a keyword search source, which queries these keywords', example: "keywords: ['astronomy', 'physics']" }]);
  });

  it('report both mistakes at once', () => {
    expect(problemsOf({ ...minimal, topics: [searchTopic([])] }).problems.map((p) => p.field)).toEqual(['search.searxngUrl', 'topics.0.keywords']);
  });
});

describe('crawl.resolve', () => {
  it('refuses a value that is not an IP address with an optional port, naming the host', () => {
    const { problems } = problemsOf({ ...minimal, crawl: { resolve: { 'blog.test': '127.0.0.1:8080', 'a.test': 'localhost:8080', 'b.test': '127.0.0.1:99999' } } });
    expect(problems.map((p) => p.field)).toEqual(['crawl.resolve.a.test', 'crawl.resolve.b.test']);
    expect(problems[0]!.problem).toBe('must be an IP address with an optional port, like "127.0.0.1:8080" or "[::1]:8080"');
    expect(problems[0]!.example).toBe("resolve: { 'blog.test': '127.0.0.1:8080' }");
  });

  it('accepts IPv4 and IPv6, with and without a port', () => {
    const resolve = { 'a.test': '10.0.0.1', 'b.test': '127.0.0.1:8080', 'c.test': '::1', 'd.test': '[::1]:8080' };
    expect(parseConfig({ ...minimal, crawl: { resolve } }).crawl.resolve).toEqual(resolve);
  });
});

describe('a source that fits one shape but is wrong inside', () => {
  const source = (s: unknown) => problemsOf({ ...minimal, topics: [{ slug: 'a', name: 'A', sources: [s] }] }).problems;

  it('names the field inside the source', () => {
    expect(source({ kind: 'sitemap', url: 'not a url' })[0]).toMatchObject({ field: 'topics.0.sources.0.url', problem: expect.stringMatching(/absolute http\(s\) URL/) });
    expect(source({ kind: 'feed', url: 'https://a.example/feed', user: 'x' })[0]).toMatchObject({ field: 'topics.0.sources.0', problem: expect.stringMatching(/unknown key "user"/) });
    expect(source('ftp://a.example/feed')[0]!.problem).toMatch(/absolute http\(s\) URL/);
    expect(source({ kind: 'opml', url: 'feeds.opml' })[0]).toMatchObject({ field: 'topics.0.sources.0.url', problem: expect.stringMatching(/absolute http\(s\) URL/) });
    expect(() => parseConfig({ ...minimal, topics: [{ slug: 'a', name: 'A', sources: [{ kind: 'opml', url: 'https://a.example/opml.xml' }] }] })).not.toThrow();
  });

  it('lists the shapes when the kind itself is unknown', () => {
    expect(source({ kind: 'rss', url: 'https://a.example/' })[0]!.problem).toMatch(/not a valid source: .*"opml"/);
  });
});

describe('reuse modes', () => {
  const withSources = (sources: unknown[], extra: Record<string, unknown> = {}) => ({ ...minimal, topics: [{ slug: 'a', name: 'A', sources, ...extra }] });

  it('default to full, and are allowed on the site, a topic and every source object with a URL', () => {
    expect(parseConfig(minimal).publish.mode).toBe('full');
    const config = parseConfig({
      ...withSources(['https://a.example/feed', { kind: 'feed', url: 'https://b.example/feed', mode: 'excerpt' }, { kind: 'sitemap', url: 'https://c.example/s.xml', mode: 'link' }, { kind: 'site', url: 'https://d.example/', mode: 'full' }, { kind: 'discourse', url: 'https://e.example/posts.rss', mode: 'excerpt' }], { mode: 'link' }),
      publish: { mode: 'excerpt' },
    });
    expect(config.publish.mode).toBe('excerpt');
    expect(config.topics[0]!.mode).toBe('link');
    expect(config.topics[0]!.sources).toEqual([
      { kind: 'feed', url: 'https://a.example/feed' },
      { kind: 'feed', url: 'https://b.example/feed', mode: 'excerpt' },
      { kind: 'sitemap', url: 'https://c.example/s.xml', mode: 'link' },
      { kind: 'site', url: 'https://d.example/', mode: 'full' },
      { kind: 'discourse', url: 'https://e.example/posts.rss', mode: 'excerpt' },
    ]);
  });

  it('name the field, the choices and an example when wrong', () => {
    const source = problemsOf(withSources([{ kind: 'feed', url: 'https://b.example/feed', mode: 'summary' }])).problems[0]!;
    expect(source).toMatchObject({ field: 'topics.0.sources.0.mode', problem: 'must be one of "full", "excerpt", "link"' });
    expect(source.example).toContain("mode: 'excerpt'");
    const site = problemsOf({ ...minimal, publish: { mode: 'partial' } });
    expect(site.problems[0]).toMatchObject({ field: 'publish.mode', problem: 'must be one of "full", "excerpt", "link"', example: expect.stringContaining("mode: 'excerpt'") });
    expect(site.message).toContain('✗ publish.mode must be one of');
    expect(problemsOf(withSources(['https://a.example/feed'], { mode: 'none' })).problems[0]).toMatchObject({ field: 'topics.0.mode', example: expect.stringContaining("mode: 'excerpt'") });
  });

  it('are not a key of a keyword search source (its articles come from any host: the topic’s mode covers them)', () => {
    const { problems } = problemsOf({ ...withSources([{ kind: 'search', mode: 'link' }]), search: { searxngUrl: 'https://searx.example.org' } });
    expect(problems[0]).toMatchObject({ field: 'topics.0.sources.0', problem: expect.stringMatching(/unknown key "mode"/) });
  });
});
