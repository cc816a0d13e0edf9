import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { runCrawl, type RunSummary } from '../../crawler/pipeline/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import { miniConfig, startMiniWeb, XML, type MiniWeb } from '../discover/fixtures/mini-web.ts';
import { articleHtml, rss, type ArticleFixture } from '../rules/fixtures.ts';
import { clock, query, removeTempRoots, tempRoot } from './helpers.ts';

// Block and keep rules and extraction rules in a real crawl against local servers: which pages
// are published, which are rejected (state `rejected`, reason `rule`, the rule named), and that a
// URL a rule blocks is never requested.

const PAGES: Record<string, ArticleFixture> = {
  'http://news.test/comet': { title: 'The comet returns to the evening sky' },
  'http://news.test/telescopes': { title: 'A SPONSORED look at backyard telescopes' },
  'http://news.test/video/42': { title: 'Watch the launch again' },
  'http://news.test/wire': { title: 'Observatory budget approved', author: 'Press Desk' },
  'http://news.test/casino-upper': { title: 'Lunar hotel plans', lead: 'The Casino opens on the moon.' },
  'http://news.test/casino-lower': { title: 'Orbital gardens grow', lead: 'No casino was built in orbit.' },
  'http://blog.test/casino': { title: 'Mars casino rumours', lead: 'A Casino on Mars, they say.' },
  'http://blog.test/video/7': { title: 'Rocket footage' },
  'http://dev.test/rust': { title: 'Rust 2.0 ships with new borrow rules' },
  'http://dev.test/wasm': { title: 'A new runtime for browsers', lead: 'It runs WebAssembly modules.' },
  'http://dev.test/python': { title: 'Python packaging changes again' },
  'http://free.test/python': { title: 'Python notebooks in the classroom' },
  'http://ext.test/story': {
    title: 'Harbor lights festival',
    extra: '<div class="promo"><p>Promotional paragraph about the harbor lights sponsor and other things.</p></div><aside class="story-notes"><p>A note kept only by the select rule about the harbor.</p></aside>',
  },
};

let web: MiniWeb;
let paths: SitePaths;
let summary: RunSummary;
let urls: Map<string, { state: string; reason: string | null; detail: string | null }>;

beforeAll(async () => {
  web = await startMiniWeb(['news.test', 'blog.test', 'dev.test', 'free.test', 'ext.test']);
  for (const [url, page] of Object.entries(PAGES)) web.set(url, { body: articleHtml(page) });
  const feed = (host: string) => web.set(`http://${host}/feed.xml`, { type: XML, body: rss(host, Object.keys(PAGES).filter((u) => u.startsWith(`http://${host}/`)).map((u) => new URL(u).pathname)) });
  for (const host of ['news.test', 'blog.test', 'dev.test', 'free.test', 'ext.test']) feed(host);

  const config = parseConfig(
    miniConfig(web, [], {
      quality: { minWords: 40 },
      images: { enabled: false },
      rules: { block: ['title:sponsored'] },
      extraction: { 'ext.test': { select: 'article p:not(.byline), .story-notes', remove: ['.promo'] } },
      topics: [
        {
          slug: 'space',
          name: 'Space',
          rules: { block: [{ field: 'url', pattern: '/video/\\d+' }, 'author:press desk'] },
          sources: [{ kind: 'feed', url: 'http://news.test/feed.xml', rules: { block: [{ field: 'text', contains: 'Casino', caseSensitive: true }] } }, 'http://blog.test/feed.xml', 'http://ext.test/feed.xml'],
        },
        {
          slug: 'tech',
          name: 'Tech',
          rules: { keep: ['title:rust', { field: 'text', pattern: '\\bwebassembly\\b' }] },
          sources: ['http://dev.test/feed.xml', { kind: 'feed', url: 'http://free.test/feed.xml', rules: { keep: [] } }],
        },
      ],
    }),
  );
  paths = tempRoot();
  summary = await runCrawl(config, paths, { now: clock().fn });
  const rows = await query<{ url: string; state: string; reason: string | null; detail: string | null }>(paths, 'SELECT url, state, reason, detail FROM urls');
  urls = new Map(rows.map((r) => [r.url, r]));
}, 60_000);

afterAll(async () => {
  await web?.close();
  removeTempRoots();
});

const state = (url: string) => urls.get(url);

describe('block rules', () => {
  it('a site-wide title rule blocks case-insensitively and names the rule', () => {
    expect(state('http://news.test/telescopes')).toMatchObject({ state: 'rejected', reason: 'rule', detail: 'blocked by rule rules.block[0] (title contains "sponsored")' });
  });

  it('a topic URL rule (a regular expression) rejects before fetching: no request is made', () => {
    expect(state('http://news.test/video/42')).toMatchObject({ state: 'rejected', reason: 'rule', detail: 'blocked by rule topics[0].rules.block[0] (url matches /\\/video\\/\\d+/i)' });
    expect(state('http://blog.test/video/7')).toMatchObject({ state: 'rejected', reason: 'rule' });
    expect(web.hits('http://news.test/video/42')).toEqual([]);
    expect(web.hits('http://blog.test/video/7')).toEqual([]);
  });

  it('an author rule blocks after extraction', () => {
    expect(state('http://news.test/wire')).toMatchObject({ state: 'rejected', reason: 'rule', detail: 'blocked by rule topics[0].rules.block[1] (author contains "press desk")' });
    expect(web.hits('http://news.test/wire')).toHaveLength(1);
  });

  it("a source's text rule applies to that source only, with its case when it asks for it", () => {
    expect(state('http://news.test/casino-upper')).toMatchObject({ state: 'rejected', reason: 'rule', detail: 'blocked by rule topics[0].sources[0].rules.block[0] (text contains "Casino" (case-sensitive))' });
    expect(state('http://news.test/casino-lower')?.state).toBe('published');
    expect(state('http://blog.test/casino')?.state).toBe('published');
    expect(state('http://news.test/comet')?.state).toBe('published');
  });
});

describe('keep rules', () => {
  it("publish only what matches the topic's allow-list (title substring or text pattern)", () => {
    expect(state('http://dev.test/rust')?.state).toBe('published');
    expect(state('http://dev.test/wasm')?.state).toBe('published');
    expect(state('http://dev.test/python')).toMatchObject({ state: 'rejected', reason: 'rule' });
    expect(state('http://dev.test/python')?.detail).toMatch(/^matches none of the keep rules \(topics\[1\]\.rules\.keep\[0\]: title contains "rust"; topics\[1\]\.rules\.keep\[1\]: text matches \/\\bwebassembly\\b\/i\)$/);
  });

  it("a source's keep: [] lifts its topic's allow-list", () => {
    expect(state('http://free.test/python')?.state).toBe('published');
  });

  it('rule rejections are counted in the summary as rejections, not failures', () => {
    expect(summary.rejected.rule).toBe(6);
    expect(summary.failed).toEqual({});
  });
});

describe('extraction rules', () => {
  it('select takes the named elements as the body and remove strips elements first', async () => {
    const [article] = await query<{ file: string; strategy: string }>(paths, `SELECT a.file, a.strategy FROM articles a JOIN urls u ON u.id = a.url_id WHERE u.url = 'http://ext.test/story'`);
    expect(article!.strategy).toBe('rule');
    const markdown = readFileSync(join(paths.root, article!.file), 'utf8');
    expect(markdown).toContain('A note kept only by the select rule about the harbor.');
    expect(markdown).not.toContain('Promotional paragraph');
  });
});
