import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { sourceHost } from '../../crawler/url/source-host.ts';
import { sourceIconBytes } from '../../site/outputs/source-icon.ts';
import { demoBuild, type DemoBuild } from '../e2e/helpers/demo-build.ts';
import { readContentIndex } from '../../site/builder/content-index.ts';

// The demo site, crawled from the sample web and built for real (the shared e2e demo build):
// its sources index, a page per source host with articles and health, /sources.json, and cards
// that name and link their source with its local icon.

let demo: DemoBuild;
const page = (path: string) => parseHTML(readFileSync(join(demo.dist, path), 'utf8')).document;

beforeAll(async () => {
  demo = await demoBuild();
}, 600_000);

interface SourceJson {
  host: string;
  name: string;
  page: string;
  icon: string;
  urls: Array<{ url: string; kind: string; topic: string }>;
  topics: string[];
  articles: number;
  status: string;
  lastRead: string | null;
  lastError: { code: string; message: string; at: string } | null;
  failures: number;
}

describe('sources', () => {
  it('names a source by its host without www.', () => {
    expect(sourceHost('http://www.orbitalnotes.test/2026/01/x/')).toBe('orbitalnotes.test');
    expect(sourceHost('https://News.Example.com:8443/a')).toBe('news.example.com');
    expect(sourceHost('https://example.com./')).toBe('example.com');
    expect(sourceHost('http://www.com/')).toBe('www.com');
    expect(sourceHost('http://[::1]:8080/')).toBe('---1-');
    expect(sourceHost('https://bücher.example/')).toBe('xn--bcher-kva.example');
    // Never a path: a source page is /sources/<host>/.
    expect(sourceHost('http://../x')).toBeNull();
    expect(sourceHost('http://./')).toBeNull();
    expect(sourceHost('not a url')).toBeNull();
  });

  it('/sources.json lists every source with its health, and /sources/ and each source page exist', async () => {
    const json = JSON.parse(readFileSync(join(demo.dist, 'sources.json'), 'utf8')) as { sources: SourceJson[] };
    const hosts = json.sources.map((s) => s.host);
    expect(hosts).toEqual(['bytesmith.test', 'dailyparallax.test', 'greenledger.test', 'orbitalnotes.test']);
    expect(hosts).not.toContain('www.orbitalnotes.test');
    const orbital = json.sources.find((s) => s.host === 'orbitalnotes.test')!;
    expect(orbital).toMatchObject({ name: 'Orbital Notes', status: 'ok', topics: ['space'] });
    expect(orbital.articles).toBeGreaterThan(5);
    expect(orbital.lastRead).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(orbital.urls.map((u) => u.url)).toContain('http://orbitalnotes.test/feed.xml');
    expect(new URL(orbital.page).pathname).toBe('/sources/orbitalnotes.test/');
    // The sample web's greenledger feed links a page that answers 404.
    const green = json.sources.find((s) => s.host === 'greenledger.test')!;
    expect(green.failures).toBeGreaterThanOrEqual(1);
    expect(green.lastError?.code).toBe('E_FETCH_HTTP');

    const index = page('sources/index.html');
    const rows = [...index.querySelectorAll('table.sources tbody tr')];
    expect(rows).toHaveLength(json.sources.length);
    expect(index.querySelector('a[href="/sources/orbitalnotes.test/"]')?.textContent).toBe('Orbital Notes');
    expect(page('index.html').querySelector('footer a[href="/sources/"]')).not.toBeNull();

    for (const source of json.sources) expect(existsSync(join(demo.dist, 'sources', source.host, 'index.html'))).toBe(true);
  });

  it("a source page shows the source's icon, health and its articles newest first", async () => {
    const doc = page('sources/greenledger.test/index.html');
    expect(doc.querySelector('h1')?.textContent).toBe('The Green Ledger');
    const health = doc.querySelector('dl.source-health')!.textContent!;
    expect(health).toMatch(/Last read/);
    expect(health).toMatch(/E_FETCH_HTTP/);
    const cards = [...doc.querySelectorAll('ol.cards li.card')];
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards) expect(card.querySelector('time')!.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Newest first by when the site published them, as every list orders (the card shows the source's own date).
    const published = new Map<string, string>();
    for (const { id, data } of (await readContentIndex(demo.root)).entries) published.set(`/${id}/`, data.publishedOnSite);
    const order = cards.map((c) => published.get(c.querySelector('h2 a, h3 a')!.getAttribute('href')!)!);
    expect(order.every(Boolean)).toBe(true);
    expect(order).toEqual([...order].sort().reverse());
    for (const card of cards) expect(card.querySelector('a.source')?.getAttribute('href')).toBe('/sources/greenledger.test/');
  });

  it('serves each icon itself (the favicon the crawler saved, else a neutral one), 32×32 WebP', async () => {
    const icon = await sharp(readFileSync(join(demo.dist, 'sources', 'orbitalnotes.test', 'icon.webp'))).metadata();
    expect(icon).toMatchObject({ format: 'webp', width: 32, height: 32 });
    const neutral = await sourceIconBytes(demo.root, null);
    const icons = ['orbitalnotes.test', 'greenledger.test', 'bytesmith.test', 'dailyparallax.test'].map((host) => readFileSync(join(demo.dist, 'sources', host, 'icon.webp')).toString('base64'));
    // Each sample site's own icon (taken from its /favicon.ico: the SVG it declares is refused), none the neutral one.
    expect(new Set([...icons, neutral.toString('base64')]).size).toBe(5);
    expect(await sharp(neutral).metadata()).toMatchObject({ format: 'webp', width: 32, height: 32 });
  });

  it('cards name their source with its icon and link to its page; no page asks another site for an icon', () => {
    const home = page('index.html');
    // A card's own source line (the tellings under a story's card name theirs too).
    const labels = [...home.querySelectorAll('li.card > p.meta a.source')];
    expect(labels.length).toBe(home.querySelectorAll('li.card').length);
    expect(home.querySelectorAll('li.card .tellings a.source').length).toBeGreaterThan(0);
    for (const label of labels) {
      const host = label.getAttribute('href')!.match(/^\/sources\/([^/]+)\/$/)![1];
      const img = label.querySelector('img')!;
      expect(img.getAttribute('src')).toBe(`/sources/${host}/icon.webp`);
      expect(img.getAttribute('alt')).toBe('');
      expect(img.getAttribute('width')).toBe('16');
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(existsSync(join(demo.dist, 'sources', host!, 'index.html'))).toBe(true);
    }
    const article = labels[0]!.closest('li')!.querySelector('h2 a, h3 a')!.getAttribute('href')!;
    const articlePage = page(join(article, 'index.html'));
    expect(articlePage.querySelector('header a.source img')).not.toBeNull();
    for (const img of articlePage.querySelectorAll('img')) expect(img.getAttribute('src')).toMatch(/^\//);
  });

  it('names every source by what it calls itself, never by its host, on cards, pages, feeds and the OPML list', () => {
    // The Daily Parallax's section feeds are "The Daily Parallax: Space" and so on, its pages "Headline | Section | The Daily Parallax";
    // Bytesmith's feed is "Bytesmith" and its pages "Headline · Bytesmith". Neither declares og:site_name.
    const names: Record<string, string> = { 'dailyparallax.test': 'The Daily Parallax', 'bytesmith.test': 'Bytesmith', 'orbitalnotes.test': 'Orbital Notes', 'greenledger.test': 'The Green Ledger' };
    const json = JSON.parse(readFileSync(join(demo.dist, 'sources.json'), 'utf8')) as { sources: SourceJson[] };
    expect(Object.fromEntries(json.sources.map((s) => [s.host, s.name]))).toEqual(names);

    const labels = ['index.html', 'software/index.html', 'space/index.html'].flatMap((file) => [...page(file).querySelectorAll('li.card a.source')]);
    const shown = new Map(labels.map((a) => [a.getAttribute('href'), a.textContent]));
    expect(shown.get('/sources/dailyparallax.test/')).toBe('The Daily Parallax');
    expect(shown.get('/sources/bytesmith.test/')).toBe('Bytesmith');
    for (const label of labels) expect(label.textContent).not.toMatch(/\.test$/);

    const doc = page('sources/dailyparallax.test/index.html');
    expect(doc.querySelector('h1')?.textContent).toBe('The Daily Parallax');
    expect(doc.querySelector('title')?.textContent).toMatch(/^The Daily Parallax/);
    // Its address stays the host's.
    expect(page('sources/index.html').querySelector('a[href="/sources/dailyparallax.test/"]')?.textContent).toBe('The Daily Parallax');

    const card = doc.querySelector('ol.cards li.card')!;
    expect(card.querySelector('a.source')?.textContent).toBe('The Daily Parallax');
    const articlePage = page(join(card.querySelector('h2 a, h3 a')!.getAttribute('href')!, 'index.html'));
    expect(articlePage.querySelector('header a.source')?.textContent).toBe('The Daily Parallax');
    const ld = [...articlePage.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!)).find((j) => j['@type'] === 'NewsArticle');
    expect(ld.isBasedOn.publisher).toEqual({ '@type': 'Organization', name: 'The Daily Parallax' });

    // The site's feed and its topics' (the newest 20 of each: the site's may hold none from one source).
    const feeds = (name: string) => ['', 'space/', 'climate/', 'software/'].map((dir) => readFileSync(join(demo.dist, `${dir}${name}`), 'utf8')).join('\n');
    const rss = feeds('rss.xml');
    expect(rss).toMatch(/<source url="http:\/\/dailyparallax\.test\/section\/[a-z]+\/feed\.xml">The Daily Parallax<\/source>/);
    expect(rss).not.toMatch(/>(dailyparallax|bytesmith)\.test</);
    expect(rss).not.toContain('&apos;');
    expect(rss).not.toContain('<![CDATA[');
    const atom = feeds('atom.xml');
    expect(atom).toMatch(/<source><id>[^<]+<\/id><title type="text">The Daily Parallax<\/title>/);
    expect(atom).toMatch(/<feed[^>]*>[\s\S]*?<author><name>Gleaner Demo<\/name><uri>http:\/\/localhost:4321\/<\/uri><\/author>/);
    const feed = JSON.parse(readFileSync(join(demo.dist, 'space', 'feed.json'), 'utf8')) as { items: Array<{ _gleaner: { source: { name: string } } }> };
    expect(new Set(feed.items.map((i) => i._gleaner.source.name))).toContain('The Daily Parallax');
    const opml = readFileSync(join(demo.dist, 'opml.xml'), 'utf8');
    expect(opml).toContain('text="The Daily Parallax: Space" title="The Daily Parallax: Space" xmlUrl="http://dailyparallax.test/section/space/feed.xml"');
    expect(opml).toContain('text="Bytesmith" title="Bytesmith" xmlUrl="http://bytesmith.test/feed.xml"');
  });

  it('lists the source pages in the sitemap, not sources.json', () => {
    const sitemaps = readFileSync(join(demo.dist, 'sitemaps', 'sources-1.xml'), 'utf8');
    expect(sitemaps).toContain('/sources/</loc>');
    expect(sitemaps).toContain('/sources/orbitalnotes.test/</loc>');
    expect(sitemaps).not.toContain('sources.json');
  });
});
