import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromHandoff, configHandoff, parseConfig, type UserConfig } from '../../crawler/config/index.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { demoConfig } from '../../scripts/dev/demo/config.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { sampleSubset } from '../crash/helpers/sample-subset.ts';
import { removeTempRoots, tempRoot } from '../crawler/helpers.ts';
import { runCommand } from '../helpers/run-command.ts';

// A site whose config has block and keep rules of every documented form, site-wide, per topic
// and per source, crawls and builds with the owner's commands (npm run crawl, npm run build, as
// real processes, with --config naming a file that is not site.config.ts). The build hands the
// parsed config to Astro's process, which takes it as it is: a parsed rule no longer has the
// input's shape, so parsing it again would refuse every rule.

/** One software article of the sample subset (bytesmith.test), blocked by its source's rule. */
const BLOCKED_TITLE = 'Read the Query Plan Before You Add Another Index';

function withRules(user: UserConfig): UserConfig {
  const [space, climate, software] = user.topics;
  return {
    ...user,
    // Two more owner settings the crawl, the build and the pages must all honour: a time zone and a source's own name.
    site: { ...user.site, timeZone: 'Asia/Tokyo', websubHub: 'https://hub.rules-test-press.org/', legal: { owner: 'Rules Test Press', dmcaEmail: 'takedown@rules-test-press.org' } },
    images: { enabled: false },
    crawl: { ...user.crawl, perHostDelayMs: 0, retries: 0 },
    rules: { block: ['title:sponsored', 'url~/video/\\d+', { field: 'url', pattern: '/casino/', flags: '' }, { field: 'author', contains: 'Ad Bot', caseSensitive: true }] },
    topics: [
      { ...space!, rules: { block: [{ field: 'text', pattern: '\\bcasino\\b' }], keep: ['text~.', { field: 'title', contains: ' ' }] } },
      { ...climate!, rules: { keep: ['text:the'] }, sources: [climate!.sources[0]!, { kind: 'feed', url: climate!.sources[1] as string, rules: { keep: [] } }] },
      { ...software!, sources: [{ kind: 'feed', url: software!.sources[0] as string, name: 'Bytesmith Weekly', rules: { block: [{ field: 'title', contains: 'query plan' }, 'author~^Spam'] } }, software!.sources[1]!] },
    ],
  };
}

let articles: string;
let web: SampleWeb;

beforeAll(async () => {
  articles = sampleSubset(3);
  web = await startSampleWeb({ articlesDir: articles });
}, 120_000);

afterAll(async () => {
  await web?.close();
  removeTempRoots();
  if (articles) rmSync(articles, { recursive: true, force: true });
});

describe('a site with rules', () => {
  it('is parsed once: the handoff carries the parsed value, which a second parse would refuse', () => {
    const config = parseConfig(withRules(demoConfig(web)));
    expect(config.topics[2]!.sources[0]).toMatchObject({ rules: { block: [{ field: 'title', kind: 'contains', value: 'query plan', flags: 'i' }, { field: 'author', kind: 'pattern', value: '^Spam', flags: 'i' }] } });
    expect(configFromHandoff(configHandoff(config))).toEqual(config);
    expect(() => parseConfig(config)).toThrow(GleanerError);
    expect(() => configFromHandoff(JSON.stringify(config))).toThrow(/not a config handed over by the build/);
  });

  it('crawls and builds with npm run crawl and npm run build; cards show the owner\'s source name and times in the owner\'s zone', async () => {
    const paths = tempRoot();
    const configFile = join(paths.root, 'rules.config.mjs');
    writeFileSync(configFile, `export default ${JSON.stringify(withRules(demoConfig(web)), null, 2)};\n`);
    const args = ['--config', configFile, '--root', paths.root];
    const crawl = await runCommand('scripts/crawl/main.ts', args, { CI: '1' });
    expect(crawl.code, crawl.err).toBe(0);
    const build = await runCommand('scripts/build.ts', args, { CI: '1' });
    expect(build.code, `${build.out}\n${build.err}`).toBe(0);
    expect(build.err).not.toMatch(/site\.config\.ts|unknown keys/);

    const pages = readdirSync(paths.dist, { recursive: true }).map(String).filter((f) => f.endsWith('index.html'));
    const html = pages.map((f) => readFileSync(join(paths.dist, f), 'utf8'));
    for (const topic of ['space', 'climate', 'software']) expect(existsSync(join(paths.dist, topic, 'index.html')), topic).toBe(true);
    expect(html.some((h) => h.includes('dailyparallax'))).toBe(true);
    expect(html.some((h) => h.includes(BLOCKED_TITLE))).toBe(false);
    // The same source's other articles pass its rules.
    const software = readFileSync(join(paths.dist, 'software', 'index.html'), 'utf8');
    expect(software).toContain('Cache Invalidation Is a Consistency Problem in Disguise');
    // The owner's name for bytesmith.test's feed, on its cards and in the feeds, never the name the feed gives.
    expect(software).toMatch(/<a class="source" href="\/sources\/bytesmith\.test\/">.*?Bytesmith Weekly<\/a>/);
    expect(readFileSync(join(paths.dist, 'software', 'rss.xml'), 'utf8')).toContain('>Bytesmith Weekly</source>');
    // The config's WebSub hub, through the crawl's config file and the build, in the feeds a reader subscribes to.
    for (const feed of ['rss.xml', 'software/rss.xml', 'software/atom.xml']) expect(readFileSync(join(paths.dist, feed), 'utf8'), feed).toMatch(/<(atom:)?link[^>]*rel="hub"[^>]*href="https:\/\/hub\.rules-test-press\.org\/"|<(atom:)?link[^>]*href="https:\/\/hub\.rules-test-press\.org\/"[^>]*rel="hub"/);
    // Every card's time is its instant told in Tokyo.
    const tokyo = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
    const home = readFileSync(join(paths.dist, 'index.html'), 'utf8');
    const times = [...`${home}${software}`.matchAll(/<time datetime="([^"]+)" data-ago[^>]*>([^<]+)<\/time>/g)];
    expect(times.length).toBeGreaterThan(5);
    for (const [, datetime, text] of times) expect(text!.replace(/^Found /, ''), datetime).toBe(tokyo.format(new Date(datetime!)));
  }, 600_000);
});
