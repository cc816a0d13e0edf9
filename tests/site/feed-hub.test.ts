import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { renderArticleFile } from '../../crawler/publish/article-file.ts';
import { frontmatterSchema } from '../../crawler/publish/frontmatter.ts';
import { endpointDocuments } from '../../site/model/pages/documents.ts';
import { buildSiteIndex, type ArticleInput } from '../../site/model/site-index.ts';
import { isFeedFile } from '../../site/outputs/feed-files.ts';
import { checkAtom, checkJsonFeed, checkRss } from '../e2e/helpers/feed-format.ts';

// Every feed document the build writes (the site's, each topic's, the stories', the daily
// edition's) declares the config's WebSub hub beside its own address, and still validates; with
// no hub, none names one. Articles are real files, read the way the build reads them.

const HUB = 'https://hub.example.net/';
const root = mkdtempSync(join(tmpdir(), 'gleaner-feed-hub-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function entries(): ArticleInput[] {
  // Two days of articles, two of them one story: so the daily feed has a closed day and the stories feed a story.
  return Array.from({ length: 12 }, (_, i) => {
    const topic = i % 2 ? 'space' : 'climate';
    const at = new Date(Date.UTC(2026, 2, 1) + i * 4 * 3_600_000).toISOString();
    const data = frontmatterSchema.parse({
      id: i + 1, title: `Article ${i}`, url: `https://src${i % 3}.example/${i}`, canonical: `https://src${i % 3}.example/${i}`, fetched: at, topic,
      page: 1, position: Math.floor(i / 2), publishedOnSite: at, wordCount: 400, readingTime: 2, cluster: i === 10 || i === 11 ? 11 : null,
    });
    const file = `content/${topic}/a${i}.md`;
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), renderArticleFile(data, `Body of article ${i}, long enough to read.`));
    return { id: `${topic}/a${i}`, data, file, bodySha: `sha-${i}` };
  });
}

async function feeds(websubHub?: string): Promise<Array<[string, string]>> {
  const config = parseConfig({
    site: { title: 'Hub test', url: 'https://news.example.org/', websubHub },
    topics: [{ slug: 'space', name: 'Space', sources: ['https://a.example/feed'] }, { slug: 'climate', name: 'Climate', sources: ['https://b.example/feed'] }],
  });
  const documents: Array<[string, string]> = [];
  for await (const document of endpointDocuments(buildSiteIndex(entries(), config), root, [])) documents.push(document);
  return documents.filter(([path]) => isFeedFile(path));
}

const check = (path: string) => (path.endsWith('.json') ? checkJsonFeed : path.endsWith('atom.xml') ? checkAtom : checkRss);

describe('the feeds the build writes', () => {
  it('all declare the hub beside their self link, and validate', async () => {
    const list = await feeds(HUB);
    expect(list.map(([path]) => path).sort()).toEqual(
      ['atom.xml', 'climate/atom.xml', 'climate/feed.json', 'climate/rss.xml', 'daily.atom.xml', 'daily.xml', 'feed.json', 'rss.xml', 'space/atom.xml', 'space/feed.json', 'space/rss.xml', 'stories/atom.xml', 'stories/feed.json', 'stories/rss.xml'],
    );
    for (const [path, text] of list) {
      const result = check(path)(text);
      expect(result.problems, path).toEqual([]);
      expect(result.items.length, path).toBeGreaterThan(0);
      const declares = path.endsWith('.json') ? JSON.parse(text).hubs?.[0]?.url === HUB : text.includes(`href="${HUB}" rel="hub"`) || text.includes(`rel="hub" href="${HUB}"`);
      expect(declares, path).toBe(true);
      // The self link a subscriber gives the hub is the feed's own public address.
      expect(text, path).toContain(`https://news.example.org/${path}`);
    }
  });

  it('name no hub when none is set', async () => {
    for (const [path, text] of await feeds()) expect(text, path).not.toMatch(/rel="hub"|"hubs"/);
  });
});
