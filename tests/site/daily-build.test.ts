import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { buildSite } from '../../scripts/build.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { dailyEditions, type DailyEdition } from '../../site/model/daily.ts';
import { escapeHtml } from '../../site/html/html.ts';
import { buildSiteIndex } from '../../site/model/site-index.ts';
import { readContent } from './helpers/content.ts';
import { sampleDatabase } from './helpers/database.ts';

// The daily edition in two real builds (as build.test.ts): 30 articles, then 12 more as later
// crawls publish them. A closed day's page and feed item stay byte-identical; every day with
// articles has a page; the feed parses and carries one item per closed day.

const SITE = 'https://news.example.com';
let root: string;
let dist: string;
let config: Config;
let firstEditions: DailyEdition[];
let secondEditions: DailyEdition[];
let firstPages: Map<string, Buffer>;
let firstFeed: string;
let secondFeed: string;

async function editions(): Promise<DailyEdition[]> {
  const files = await readContent(root);
  return dailyEditions(buildSiteIndex(files.map((f) => ({ id: f.id, data: f.data, file: relative(root, f.path), bodySha: 'x' })), config));
}

async function pages(list: DailyEdition[]): Promise<Map<string, Buffer>> {
  return new Map(await Promise.all(list.map(async (e) => [e.day, await readFile(join(dist, 'daily', e.day, 'index.html'))] as const)));
}

function items(xml: string) {
  const doc = parseDocument(xml, { xmlMode: true });
  return DomUtils.getElementsByTagName('item', doc).map((item) => {
    const text = (name: string) => DomUtils.textContent(DomUtils.getElementsByTagName(name, item)[0]!);
    return { guid: text('guid'), link: text('link'), title: text('title'), content: text('content:encoded'), xml: DomUtils.getOuterHTML(item, { xmlMode: true }) };
  });
}

beforeAll(async () => {
  const parent = join(process.cwd(), '.astro', 'site-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'daily-'));
  dist = join(root, 'dist');
  const user = syntheticConfig({ topics: 3, pageSize: 5, url: SITE });
  config = parseConfig({ ...user, site: { ...user.site, timeZone: 'Europe/Berlin' } });
  await writeSyntheticSite(root, { articles: 30, topics: 3, pageSize: 5, seed: 5 });
  await mkdir(join(root, 'data'), { recursive: true });
  await writeFile(join(root, 'data', 'site.sqlite'), await sampleDatabase());
  await buildSite({ root, config, quiet: true });
  firstEditions = await editions();
  firstPages = await pages(firstEditions);
  firstFeed = await readFile(join(dist, 'daily.xml'), 'utf8');

  await writeSyntheticSite(root, { articles: 42, topics: 3, pageSize: 5, seed: 5 });
  await buildSite({ root, config, quiet: true });
  secondEditions = await editions();
  secondFeed = await readFile(join(dist, 'daily.xml'), 'utf8');
}, 600_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('daily edition in a build', () => {
  it('has a page for every day with articles, linked to its neighbours, and an index', async () => {
    expect(firstEditions.length).toBeGreaterThan(2);
    expect(secondEditions.at(-1)!.day > firstEditions.at(-1)!.day).toBe(true);
    for (const e of secondEditions) {
      const html = await readFile(join(dist, 'daily', e.day, 'index.html'), 'utf8');
      for (const item of e.sections.flatMap((s) => s.items)) expect(html).toContain(`href="${item.lead.path}"`);
      if (e.prev) expect(html).toContain(`href="/daily/${e.prev}/"`);
      if (e.next) expect(html).toContain(`href="/daily/${e.next}/"`);
      expect(html).toContain('href="/daily.xml"');
    }
    const index = await readFile(join(dist, 'daily', 'index.html'), 'utf8');
    expect(index.indexOf(`/daily/${secondEditions.at(-1)!.day}/`)).toBeLessThan(index.indexOf(`/daily/${secondEditions[0].day}/`));
    // Each day's item count and topics (known without ranking the day) are what its page's sections hold.
    for (const e of secondEditions) {
      const count = e.sections.reduce((n, s) => n + s.items.length, 0);
      const line = ` · ${count} ${count === 1 ? 'story' : 'stories'}: ${e.sections.map((s) => s.name).join(', ')}`;
      const at = index.indexOf(`/daily/${e.day}/`);
      expect(index.slice(at, at + 400), e.day).toContain(line);
    }
    expect(await readFile(join(dist, 'index.html'), 'utf8')).toContain(`href="/daily/${secondEditions.at(-1)!.day}/"`);
    expect(existsSync(join(dist, 'daily.atom.xml'))).toBe(true);
  });

  it("keeps a closed day's page byte-identical after a build that adds later articles", async () => {
    const closed = firstEditions.filter((e) => e.closed);
    expect(closed.length).toBeGreaterThan(2);
    const now = await pages(closed);
    for (const e of closed) expect(now.get(e.day)!.equals(firstPages.get(e.day)!), e.day).toBe(true);
  });

  it('feeds one item per closed day with stable guids and escaped HTML, no CDATA', () => {
    for (const [xml, list] of [
      [firstFeed, firstEditions],
      [secondFeed, secondEditions],
    ] as const) {
      expect(xml).not.toContain('CDATA');
      const closed = list.filter((e) => e.closed).reverse();
      const got = items(xml);
      expect(got.map((i) => i.guid)).toEqual(closed.map((e) => `${SITE}/daily/${e.day}/`));
      expect(got.map((i) => i.link)).toEqual(got.map((i) => i.guid));
      expect(got.every((i) => i.title === `Gleaner Test News — ${i.guid.slice(-11, -1)}`)).toBe(true);
      for (const [i, e] of closed.entries()) {
        // The decoded content is HTML: each headline once escaped, never twice.
        for (const item of e.sections.flatMap((s) => s.items)) expect(got[i].content).toContain(`>${escapeHtml(item.lead.data.title)}</a>`);
        expect(got[i].content).not.toMatch(/&amp;(amp|lt|gt|quot|#\d+);/);
      }
    }
    // An item, once published, never changes.
    const before = new Map(items(firstFeed).map((i) => [i.guid, i.xml]));
    for (const item of items(secondFeed)) if (before.has(item.guid)) expect(item.xml).toBe(before.get(item.guid));
    expect(items(secondFeed).length).toBeGreaterThan(before.size);
  });

  it('lists the daily pages in the sitemap', async () => {
    const sitemap = await readFile(join(dist, 'sitemaps', 'daily-1.xml'), 'utf8');
    for (const e of secondEditions) expect(sitemap).toContain(`<loc>${SITE}/daily/${e.day}/</loc>`);
  });
});
