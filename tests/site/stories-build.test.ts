import { rm } from 'node:fs/promises';
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import type { BuildReport } from '../../scripts/build.ts';
import { htmlText } from '../../crawler/clean/html-text.ts';
import { renderMarkdown } from '../../site/html/markdown.ts';
import { syntheticConfig } from '../../scripts/dev/lib/synthetic-content.ts';
import type { ContentFile } from './helpers/content.ts';
import { storyBuilds } from './helpers/stories.ts';
import { readUrl } from './helpers/dist.ts';

// /stories/, its archive pages, the stories feed and the story pages, from two real builds:
// 12 synthetic articles grouped into three stories (each article from its own outlet), then a
// 13th that forms a fourth story with article 11. Story archive pages hold two stories.

const PAGE_SIZE = 2;
const SITE = 'https://news.example.com';
/** Story id → its members' ids (the story's id is its first article's). */
const FIRST: Record<number, number[]> = { 1: [1, 4, 7], 2: [2, 5], 3: [3, 9] };
const SECOND: Record<number, number[]> = { ...FIRST, 11: [11, 13] };
const SHARED: Record<number, string> = {
  1: 'Officials in Brackenford confirmed that the rebuilt river barrier will open to traffic next spring after repairs.',
  2: 'The Harwick council voted to fund the northern tram extension with a levy on new office developments.',
  3: 'Engineers at Loxley Labs traced the outage to a faulty cooling valve inside the main reactor hall.',
  11: 'Farmers across the Dunmere valley reported the earliest apple harvest since records began in 1921.',
};

let root: string;
let dist: string;
let config: Config;
let first: BuildReport;
let second: BuildReport;
let before: Map<string, Buffer>;
let after: Map<string, Buffer>;
let content: ContentFile[];

function doc(html: string): Document {
  return parseHTML(html).document;
}

beforeAll(async () => {
  config = parseConfig(syntheticConfig({ topics: 2, pageSize: PAGE_SIZE, url: SITE }));
  ({ root, dist, first, second, before, after, content } = await storyBuilds('stories-', config, 5, [{ articles: 12, stories: FIRST }, { articles: 13, stories: SECOND }], SHARED));
}, 600_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const storyLinks = (html: string) => [...doc(html).querySelectorAll('main li.story-card h2 a')].map((a) => a.getAttribute('href'));

describe('/stories/', () => {
  it('lists each story once, and links the archive page it does not list whole', async () => {
    const links = storyLinks(await readUrl(dist, '/stories/'));
    // Archive: [1, 2] then [3, 11] (in the order they formed); the index lists the newest page whole.
    expect(new Set(links).size).toBe(links.length);
    expect(links.sort()).toEqual(['/stories/11/', '/stories/3/']);
    const page = doc(await readUrl(dist, '/stories/'));
    expect(page.querySelector('a.prev')?.getAttribute('href')).toBe('/stories/page/1/');
    expect(page.querySelector('link[rel="alternate"][href="/stories/rss.xml"]')?.getAttribute('type')).toBe('application/rss+xml');
    expect(page.querySelector('a[href="/stories/widest/"]')).not.toBeNull();
  });

  it('has every story on exactly one archive page, and no empty page', async () => {
    const one = storyLinks(await readUrl(dist, '/stories/page/1/'));
    const two = storyLinks(await readUrl(dist, '/stories/page/2/'));
    expect(one.sort()).toEqual(['/stories/1/', '/stories/2/']);
    expect(two.sort()).toEqual(['/stories/11/', '/stories/3/']);
    expect(after.has('stories/page/3/index.html')).toBe(false);
    // Page 2 is the index's; page 1 is no longer, so it is its own canonical and links "Newer" to page 2.
    const p2 = doc(await readUrl(dist, '/stories/page/2/'));
    expect(p2.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/stories/`);
    expect(p2.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/);
    const p1 = doc(await readUrl(dist, '/stories/page/1/'));
    expect(p1.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/stories/page/1/`);
    expect(p1.querySelector('a.next')?.getAttribute('href')).toBe('/stories/page/2/');
  });

  it('lists the widest story first on /stories/widest/', async () => {
    expect(storyLinks(await readUrl(dist, '/stories/widest/'))[0]).toBe('/stories/1/');
  });
});

describe('a second build with one more article', () => {
  it('renders only what changed: the new story, the page it joined, the page that left the index', () => {
    expect(second.mode).toBe('incremental');
    for (const id of [1, 2, 3]) expect(after.get(`stories/${id}/index.html`)?.equals(before.get(`stories/${id}/index.html`)!), `story ${id}`).toBe(true);
    expect(before.has('stories/11/index.html')).toBe(false);
    expect(after.has('stories/11/index.html')).toBe(true);
    expect(before.has('stories/page/2/index.html')).toBe(true);
    expect(after.get('stories/page/2/index.html')?.equals(before.get('stories/page/2/index.html')!)).toBe(false);
    // Page 1 was the index's in the first build (canonical to it), now it is its own: it changes once.
    expect(after.get('stories/page/1/index.html')?.equals(before.get('stories/page/1/index.html')!)).toBe(false);
    expect(first.rendered).toBeGreaterThan(second.rendered);
  });
});

describe('/stories/rss.xml', () => {
  it('parses, with one item per story, its guid the story page, newest updated first', async () => {
    const feed = parseDocument(await readUrl(dist, '/stories/rss.xml'), { xmlMode: true });
    const items = DomUtils.getElementsByTagName('item', feed);
    expect(items).toHaveLength(Object.keys(SECOND).length);
    const guids = items.map((item) => DomUtils.textContent(DomUtils.getElementsByTagName('guid', item)[0]!));
    expect([...guids].sort()).toEqual(Object.keys(SECOND).map((id) => `${SITE}/stories/${id}/`).sort());
    // The same story keeps its guid across builds.
    const old = parseDocument(before.get('stories/rss.xml')!.toString('utf8'), { xmlMode: true });
    const oldGuids = DomUtils.getElementsByTagName('guid', old).map((g) => DomUtils.textContent(g));
    expect(oldGuids.every((g) => guids.includes(g))).toBe(true);
    // Each item lists its tellings with the outlets' own headlines.
    const story1 = items[guids.indexOf(`${SITE}/stories/1/`)]!;
    const encoded = DomUtils.textContent(DomUtils.getElementsByTagName('content:encoded', story1)[0]!);
    for (const id of SECOND[1]!) expect(encoded).toContain(content.find((c) => c.data.id === id)!.data.title.replaceAll('&', '&amp;'));
    // Atom and JSON Feed carry the same items, updated at the newest telling.
    const atom = parseDocument(await readUrl(dist, '/stories/atom.xml'), { xmlMode: true });
    expect(DomUtils.getElementsByTagName('entry', atom)).toHaveLength(items.length);
    expect(JSON.parse(await readUrl(dist, '/stories/feed.json')).items).toHaveLength(items.length);
  });
});

describe('a story page', () => {
  it('shows the timeline in time order and a summary quoted verbatim from its members', async () => {
    const page = doc(await readUrl(dist, '/stories/1/'));
    const times = [...page.querySelectorAll('.timeline time')].map((t) => Date.parse(t.getAttribute('datetime')!));
    expect(times).toHaveLength(3);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(page.querySelectorAll('.timeline .delay')[0]?.textContent).toBe('first');
    const members = content.filter((c) => SECOND[1]!.includes(c.data.id));
    const bodies = await Promise.all(members.map(async (m) => htmlText(await renderMarkdown(m.body)).replace(/\s+/g, ' ')));
    const quotes = [...page.querySelectorAll('.story-summary blockquote p')].map((p) => p.textContent!);
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.length).toBeLessThanOrEqual(3);
    for (const q of quotes) expect(bodies.some((b) => b.includes(q)), q).toBe(true);
    expect(quotes).toContain(SHARED[1]);
    // /stories/ shows a story's first quoted sentence on its card.
    const card = [...doc(await readUrl(dist, '/stories/page/1/')).querySelectorAll('li.story-card')].find((li) => li.querySelector('h2 a')?.getAttribute('href') === '/stories/1/')!;
    expect(card.querySelector('.story-quote p')?.textContent).toBe(quotes[0]);
  });
});
