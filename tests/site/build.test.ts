import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { buildSite, type BuildReport } from '../../scripts/build.ts';
import { listFiles, sha256File } from '../../scripts/deploy/files.ts';
import { syntheticConfig, syntheticTopics, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { tagSlug } from '../../crawler/enrich/tag-slug.ts';
import { sourceHost } from '../../crawler/url/source-host.ts';
import { cspHash } from '../../site/html/csp.ts';
import { ampProblems } from './helpers/amp-check.ts';
import { newestFirst, readContent, type ContentFile } from './helpers/content.ts';
import { sampleDatabase } from './helpers/database.ts';
import { existsForUrl, readUrl, snapshot } from './helpers/dist.ts';

// Two real builds for the whole file: 35 articles, then 10 more published as the next
// crawl would (new positions, new pages), to check the output and that old pages stay
// byte-identical. The root lives inside the project: Astro writes its prerender bundle
// inside outDir only when outDir is under the working directory (otherwise into the
// shared ./.astro/.prerender), so a private root keeps parallel builds apart.

const PAGE_SIZE = 5;
const SITE = 'https://news.example.com';
const topics = syntheticTopics(3);

let root: string;
let dist: string;
let config: Config;
let first: BuildReport;
let second: BuildReport;
let before: Map<string, Buffer>;
let oldContent: ContentFile[];
let content: ContentFile[];

function doc(html: string): Document {
  return parseHTML(html).document;
}

function htmlPages(files: string[]): string[] {
  return files.filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/'));
}

beforeAll(async () => {
  const parent = join(process.cwd(), '.astro', 'site-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'build-'));
  dist = join(root, 'dist');
  config = parseConfig(syntheticConfig({ topics: 3, pageSize: PAGE_SIZE, url: SITE }));
  await writeSyntheticSite(root, { articles: 35, topics: 3, pageSize: PAGE_SIZE, seed: 11 });
  await mkdir(join(root, 'data'), { recursive: true });
  await writeFile(join(root, 'data', 'site.sqlite'), await sampleDatabase());
  first = await buildSite({ root, config, quiet: true });
  before = await snapshot(dist);
  oldContent = await readContent(root);

  await writeSyntheticSite(root, { articles: 45, topics: 3, pageSize: PAGE_SIZE, seed: 11 });
  second = await buildSite({ root, config, quiet: true });
  content = await readContent(root);
  console.log(`test site: first build ${first.pages} pages in ${first.timings.totalMs} ms; second build ${second.pages} pages in ${second.timings.totalMs} ms`);
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('build report', () => {
  it('counts what it wrote and indexed only the articles', async () => {
    const files = (await listFiles(dist)).filter((f) => !f.startsWith('.gleaner/'));
    expect(second.pages).toBe(htmlPages(files).length);
    expect(second.files).toBe(files.length);
    // The second build rendered only what the ten new articles changed.
    expect(first.mode).toBe('cold');
    expect(second.mode).toBe('incremental');
    expect(second.rendered).toBeLessThan(first.rendered);
    // Less than a third of the files changed, besides the daily edition's few (a new day's page, the day it closed, the index, its feeds and sitemap).
    const after = await snapshot(dist);
    const daily = [...after].filter(([f, bytes]) => /^(daily\/|daily\.|sitemaps\/daily-)/.test(f) && !before.get(f)?.equals(bytes)).length;
    expect(daily).toBeLessThanOrEqual(8);
    expect(second.changed.files - daily).toBeLessThan(second.files / 3);
    expect(first.indexedPages).toBe(35);
    expect(second.indexedPages).toBe(45);
    // 45 articles + 45 AMP pages, at least: lists, tags and legal pages come on top.
    expect(second.pages).toBeGreaterThan(90);
    expect(second.mediaFiles).toBeGreaterThan(0);
  });

  it('links the lead images into dist/ rather than writing them a second time', async () => {
    const sources = (await listFiles(join(root, 'media'))).filter((f) => !f.endsWith('.tmp'));
    expect(sources.length).toBeGreaterThan(0);
    for (const file of sources) {
      const served = statSync(join(dist, 'media', file.slice(file.lastIndexOf('/') + 1)));
      expect(served.ino).toBe(statSync(join(root, 'media', file)).ino);
    }
  });
});

describe('articles', () => {
  it('has every article page and its AMP page, with the title, linked both ways', async () => {
    expect(content).toHaveLength(45);
    for (const article of content) {
      const url = `/${article.id}/`;
      const page = doc(await readUrl(dist, url));
      expect(page.querySelector('h1')?.textContent, url).toBe(article.data.title);
      expect(page.querySelector('link[rel="amphtml"]')?.getAttribute('href')).toBe(`${SITE}/amp/${article.id}/`);
      expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${url}`);
      const amp = doc(await readUrl(dist, `/amp/${article.id}/`));
      expect(amp.querySelector('h1')?.textContent).toBe(article.data.title);
      expect(amp.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${url}`);
    }
  });

  it('shows source, author, date, tags, lead image and related articles', async () => {
    const article = content.find((a) => a.data.image && a.data.author && a.data.related.length === 3 && a.data.published)!;
    const page = doc(await readUrl(dist, `/${article.id}/`));
    const main = page.querySelector('main')!;
    expect(main.querySelector(`.source-note a[href="${article.data.url}"]`)?.textContent).toBe(article.data.siteName);
    // The source's icon and name link to its page; the icon is the site's own copy, never the source's server.
    const host = sourceHost(article.data.url)!;
    const label = main.querySelector('header a.source')!;
    expect(label.textContent).toBe(article.data.siteName);
    expect(label.getAttribute('href')).toBe(`/sources/${host}/`);
    expect(label.querySelector('img')?.getAttribute('src')).toBe(`/sources/${host}/icon.webp`);
    expect(existsForUrl(dist, `/sources/${host}/icon.webp`)).toBe(true);
    expect(main.querySelector(`img[src="${article.data.favicon}"]`)).toBeNull();
    expect(main.textContent).toContain(`By ${article.data.author}`);
    expect(main.querySelector('time')?.getAttribute('datetime')).toBe(article.data.published);
    // Its tags that at least minTagArticles articles carried when it was published (itself included); not the others.
    const upToIt = newestFirst(content).reverse();
    const carried = (tag: string) => upToIt.slice(0, upToIt.indexOf(article) + 1).filter((a) => a.data.tags.map(tagSlug).includes(tagSlug(tag))).length;
    const shown = article.data.tags.filter((t) => carried(t) >= config.publish.minTagArticles);
    expect(shown.length).toBeGreaterThan(0);
    for (const tag of article.data.tags) expect(main.querySelector(`a[href="/tags/${tagSlug(tag)}/"]`)?.textContent ?? null, tag).toBe(shown.includes(tag) ? tag : null);
    const lead = main.querySelector('figure.lead img')!;
    expect(lead.getAttribute('srcset')).toBe(article.data.image!.variants.map((v) => `${v.src} ${v.width}w`).join(', '));
    expect(lead.getAttribute('width')).toBe('1024');
    expect(lead.getAttribute('height')).toBe('576');
    expect(lead.getAttribute('fetchpriority')).toBe('high');
    expect(lead.getAttribute('loading')).toBe('eager');
    const related = [...main.querySelectorAll('.related h3 a')].map((a) => a.getAttribute('href'));
    expect(related).toEqual(article.data.related.map((id) => `/${id}/`));
    for (const img of main.querySelectorAll('.related img')) expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('marks an article in another language with lang and an hreflang alternate', async () => {
    const other = content.find((a) => a.data.lang !== 'en')!;
    const page = doc(await readUrl(dist, `/${other.id}/`));
    expect(page.querySelector('article')?.getAttribute('lang')).toBe(other.data.lang);
    expect(page.querySelector(`link[rel="alternate"][hreflang="${other.data.lang}"]`)?.getAttribute('href')).toBe(`${SITE}/${other.id}/`);
    const english = doc(await readUrl(dist, `/${content.find((a) => a.data.lang === 'en')!.id}/`));
    expect(english.querySelector('link[hreflang]')).toBeNull();
  });

  it('has AMP pages that pass the structural AMP check', async () => {
    const amp = (await listFiles(dist)).filter((f) => f.startsWith('amp/'));
    expect(amp).toHaveLength(45);
    for (const file of amp) expect(ampProblems(await readFile(join(dist, file), 'utf8')), file).toEqual([]);
  });

  it('describes articles with NewsArticle JSON-LD, OpenGraph and Twitter cards', async () => {
    const article = content.find((a) => a.data.image && a.data.author)!;
    const html = await readUrl(dist, `/${article.id}/`);
    const page = doc(html);
    const ld = [...page.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
    const news = ld.find((l) => l['@type'] === 'NewsArticle');
    expect(news).toMatchObject({ headline: article.data.title, datePublished: article.data.published, author: { '@type': 'Person', name: article.data.author }, image: [`${SITE}${article.data.image!.src}`], publisher: { name: config.site.title } });
    expect(ld.some((l) => l['@type'] === 'BreadcrumbList')).toBe(true);
    expect(page.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    expect(page.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`${SITE}${article.data.image!.src}`);
    expect(page.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe('summary_large_image');
  });
});

describe('topic and archive pages', () => {
  it('numbers archive pages from the oldest; a page the front lists is the front\'s, and no link leads to an empty page', async () => {
    for (const topic of topics) {
      const inTopic = content.filter((a) => a.data.topic === topic.slug);
      expect(inTopic).toHaveLength(15);
      const lastPage = Math.max(...inTopic.map((a) => a.data.page));
      expect(lastPage).toBe(3);
      // The front lists page 3 whole (a page's worth): page 3 is the front's, its canonical.
      const front = `/${topic.slug}/`;
      for (let n = 1; n <= lastPage; n++) {
        const page = doc(await readUrl(dist, `/${topic.slug}/page/${n}/`));
        const listed = [...page.querySelectorAll('main .cards h2 a')].map((a) => a.getAttribute('href'));
        const expected = inTopic.filter((a) => a.data.page === n).sort((a, b) => b.data.position - a.data.position).map((a) => `/${a.id}/`);
        expect(listed).toEqual(expected);
        expect(page.querySelector('.pager a[rel="prev"]')?.getAttribute('href') ?? null).toBe(n > 1 ? `/${topic.slug}/page/${n - 1}/` : null);
        expect(page.querySelector('.pager a[rel="next"]')?.getAttribute('href') ?? null).toBe(n < 3 ? `/${topic.slug}/page/${n + 1}/` : null);
        expect(page.querySelector('.pager a.next')?.getAttribute('href')).toBe(n < 3 ? `/${topic.slug}/page/${n + 1}/` : front);
        expect(page.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${n === 3 ? front : `/${topic.slug}/page/${n}/`}`);
        expect(page.querySelector('meta[name="robots"]') !== null, `page ${n} noindex`).toBe(n === 3);
        expect(page.body.textContent).not.toMatch(/of \d+/);
        expect(page.querySelector(`a[href="/${topic.slug}/page/4/"]`)).toBeNull();
      }
      // The newest page is full, so page 4 still answers (an address once linked), empty and the front's; nothing links to it.
      const empty = doc(await readUrl(dist, `/${topic.slug}/page/4/`));
      expect(empty.querySelector('main')?.textContent).toContain('No articles on this page yet');
      expect(empty.querySelector(`main a[href="${front}"]`)).not.toBeNull();
      expect(empty.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}${front}`);
      expect(existsForUrl(dist, `/${topic.slug}/page/5/`)).toBe(false);
      const frontPage = doc(await readUrl(dist, front));
      expect(frontPage.querySelector(`a[href="/${topic.slug}/page/4/"]`)).toBeNull();
      expect([...frontPage.querySelectorAll('main .pager a')].map((a) => a.textContent)).toEqual(['← Older: page 2 of 3', 'First page']);
    }
  });

  it('leads a topic front with its best-ranked story, then the newest, with a link into the archive that repeats none of them', async () => {
    const topic = topics[0];
    const page = doc(await readUrl(dist, `/${topic.slug}/`));
    const listed = [...page.querySelectorAll('main .card > h2 a, main .card > h3 a')].map((a) => a.getAttribute('href'));
    // Whole archive pages until a page's worth: the "older" page repeats none of them. No two
    // articles of this site tell one story, so the lead is the freshest and the rest follow newest first.
    const mine = newestFirst(content.filter((a) => a.data.topic === topic.slug));
    const fromPage = mine[PAGE_SIZE - 1]!.data.page;
    const front = mine.filter((a) => a.data.page >= fromPage);
    expect(content.some((a) => a.data.cluster !== null)).toBe(false);
    expect(page.querySelector('main .news-top .main-stories .card.feature h2 a')?.getAttribute('href')).toBe(listed[0]);
    expect(listed).toEqual(front.map((a) => `/${a.id}/`));
    expect(listed.length).toBeGreaterThanOrEqual(PAGE_SIZE);
    expect(listed.length).toBeLessThan(2 * PAGE_SIZE);
    const older = page.querySelector('main .pager a.prev')!;
    expect(older.getAttribute('href')).toBe(`/${topic.slug}/page/${fromPage - 1}/`);
    expect(older.textContent).toMatch(new RegExp(`page ${fromPage - 1} of \\d+`));
    const olderListed = [...doc(await readUrl(dist, `/${topic.slug}/page/${fromPage - 1}/`)).querySelectorAll('main .card > h2 a')].map((a) => a.getAttribute('href'));
    expect(olderListed.length).toBeGreaterThan(0);
    expect(olderListed.filter((href) => listed.includes(href))).toEqual([]);
    const ld = JSON.parse(page.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld['@type']).toBe('CollectionPage');
  });

  it('opens the home page with the top stories, then each topic\'s newest in its own column, none twice, with WebSite JSON-LD and a SearchAction', async () => {
    const page = doc(await readUrl(dist, '/'));
    const top = [...page.querySelectorAll('main .news-top .card > h2 a')].map((a) => a.getAttribute('href')!);
    expect(top.length).toBe(12);
    expect(page.querySelector('main h1')?.textContent).toBe('Top stories');
    const columns = [...page.querySelectorAll('main .front-topic')];
    expect(columns.map((c) => c.querySelector('h2')?.textContent)).toEqual(config.topics.map((t) => t.name));
    const all = [...top];
    for (const [i, column] of columns.entries()) {
      const listed = [...column.querySelectorAll('.card h3 a')].map((a) => a.getAttribute('href')!);
      const newest = newestFirst(content.filter((a) => a.data.topic === config.topics[i]!.slug)).map((a) => `/${a.id}/`).filter((href) => !top.includes(href));
      expect(listed.length).toBeGreaterThanOrEqual(5);
      expect(listed).toEqual(newest.slice(0, listed.length));
      all.push(...listed);
    }
    expect(new Set(all).size).toBe(all.length);
    const ld = JSON.parse(page.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld['@type']).toBe('WebSite');
    expect(ld.potentialAction.target.urlTemplate).toBe(`${SITE}/search/?q={search_term_string}`);
  });

  it('has a page per tag, and indexes, lists and maps only tags that recur', async () => {
    const counts = new Map<string, number>();
    for (const a of content) for (const slug of new Set(a.data.tags.map(tagSlug))) counts.set(slug, (counts.get(slug) ?? 0) + 1);
    const index = doc(await readUrl(dist, '/tags/'));
    const sitemaps = (await listFiles(join(dist, 'sitemaps'))).map((f) => f);
    const mapped = (await Promise.all(sitemaps.map((f) => readFile(join(dist, 'sitemaps', f), 'utf8')))).join('');
    const listed = [...counts].filter(([, n]) => n >= config.publish.minTagArticles);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(counts.size);
    for (const [slug, n] of counts) {
      const recurs = n >= config.publish.minTagArticles;
      expect(existsForUrl(dist, `/tags/${slug}/`), slug).toBe(true);
      expect(index.querySelector(`a[href="/tags/${slug}/"]`) !== null, slug).toBe(recurs);
      expect(mapped.includes(`/tags/${slug}/<`), slug).toBe(recurs);
      const robots = doc(await readUrl(dist, `/tags/${slug}/`)).querySelector('meta[name="robots"]')?.getAttribute('content') ?? null;
      expect(robots, slug).toBe(recurs ? null : 'noindex, follow');
    }
    // An accented tag gets an ASCII slug and lists every article that carries it.
    const cafe = content.filter((a) => a.data.tags.includes('Café culture'));
    expect(cafe.length).toBeGreaterThan(0);
    const page = doc(await readUrl(dist, '/tags/cafe-culture/'));
    expect(page.querySelectorAll('main .cards li')).toHaveLength(cafe.length);
  });
});

describe('feeds', () => {
  const parser = new Parser({ customFields: { item: ['content:encoded'] } });
  const scopes = () => [{ dir: '', articles: content }, ...topics.map((t) => ({ dir: `${t.slug}/`, articles: content.filter((a) => a.data.topic === t.slug) }))];

  it('writes RSS 2.0 and Atom feeds for the site and every topic, newest first, with full absolute content', async () => {
    for (const { dir, articles } of scopes()) {
      const expected = newestFirst(articles).slice(0, config.publish.feedItems).map((a) => `${SITE}/${a.id}/`);
      const rss = await parser.parseString(await readUrl(dist, `/${dir}rss.xml`));
      expect(rss.items.map((i) => i.guid), `${dir}rss.xml`).toEqual(expected);
      // Each item carries its article's own time (its source's date, else when it was found), not the run's.
      const newest = newestFirst(articles)[0].data;
      expect(rss.items[0].pubDate).toBe(new Date(newest.published ?? newest.fetched).toUTCString());
      expect(rss.items[0]['content:encoded']).toContain('<p>');
      expect(rss.items[0]['content:encoded']).not.toMatch(/(src|href)="\//);
      const atom = await parser.parseString(await readUrl(dist, `/${dir}atom.xml`));
      expect(atom.items.map((i) => (i as { id?: string }).id), `${dir}atom.xml`).toEqual(expected);
    }
  });

  it('writes JSON Feed 1.1 for the site and every topic', async () => {
    for (const { dir, articles } of scopes()) {
      const feed = JSON.parse(await readUrl(dist, `/${dir}feed.json`));
      expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
      expect(feed.feed_url).toBe(`${SITE}/${dir}feed.json`);
      expect(feed.items.map((i: { id: string }) => i.id)).toEqual(newestFirst(articles).slice(0, config.publish.feedItems).map((a) => `${SITE}/${a.id}/`));
      for (const item of feed.items) expect(item.content_html ?? item.content_text).toBeTruthy();
    }
  });

  it('links the feeds from every page', async () => {
    for (const file of htmlPages(await listFiles(dist))) {
      if (file.startsWith('amp/')) continue;
      const html = await readFile(join(dist, file), 'utf8');
      expect(html, file).toContain('<link rel="alternate" type="application/rss+xml" title="Gleaner Test News (RSS)" href="/rss.xml">');
      expect(html, file).toContain('type="application/atom+xml"');
      expect(html, file).toContain('type="application/feed+json"');
    }
    const topicPage = await readUrl(dist, `/${topics[1].slug}/`);
    expect(topicPage).toContain(`href="/${topics[1].slug}/rss.xml"`);
  });
});

describe('for machines', () => {
  it('has a sitemap index whose sitemaps list only URLs that exist', async () => {
    const robots = await readUrl(dist, '/robots.txt');
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap-index.xml`);
    const index = await readUrl(dist, '/sitemap-index.xml');
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(sitemaps).toEqual([...topics.flatMap((t) => [`${SITE}/sitemaps/topic-${t.slug}-1.xml`, `${SITE}/sitemaps/articles-${t.slug}-1.xml`]), `${SITE}/sitemaps/site-1.xml`, `${SITE}/sitemaps/tags-1.xml`, `${SITE}/sitemaps/sources-1.xml`, `${SITE}/sitemaps/daily-1.xml`]);
    let urls = 0;
    for (const sitemap of sitemaps) {
      const xml = await readUrl(dist, sitemap);
      for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
        expect(loc.startsWith(SITE), loc).toBe(true);
        expect(existsForUrl(dist, loc), loc).toBe(true);
        urls++;
      }
      if (!sitemap.includes('/tags-') && !sitemap.includes('/sources-') && !sitemap.includes('/daily-')) expect(xml).toContain('<lastmod>');
    }
    expect(urls).toBeGreaterThan(45);
    for (const a of content) expect(await readUrl(dist, `/sitemaps/articles-${a.data.topic}-1.xml`)).toContain(`<loc>${SITE}/${a.id}/</loc>`);
  });

  it('has a web app manifest whose icons exist', async () => {
    const manifest = JSON.parse(await readUrl(dist, '/manifest.webmanifest'));
    expect(manifest.name).toBe(config.site.title);
    expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
    for (const icon of manifest.icons) expect(existsForUrl(dist, icon.src), icon.src).toBe(true);
    const png = await readFile(join(dist, 'icons', 'icon-512.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('indexes every article for search, in shards listed newest first, with topic and tag filters', async () => {
    const list = JSON.parse(await readFile(join(dist, 'pagefind', 'shards.json'), 'utf8'));
    expect(list).toEqual({ shards: [{ bundle: 'pagefind/s0000/', articles: 45 }], articles: 45, firstTier: 2000 });
    const bundle = join(dist, 'pagefind', 's0000');
    expect(existsSync(join(bundle, 'pagefind.js'))).toBe(true);
    const entry = JSON.parse(await readFile(join(bundle, 'pagefind-entry.json'), 'utf8'));
    const languages = Object.values(entry.languages) as Array<{ page_count: number }>;
    expect(languages.reduce((n, l) => n + l.page_count, 0)).toBe(45);
    expect((await readdir(join(bundle, 'filter'))).length).toBeGreaterThan(0);
    // Only what the site's search uses: no UI bundles.
    expect((await readdir(bundle)).filter((f) => /ui|highlight|worker/.test(f))).toEqual([]);
    expect(existsForUrl(dist, '/search/')).toBe(true);
  });

  it('publishes the database with its checksum and describes it on the data page', async () => {
    const copy = join(dist, 'data', 'site.sqlite');
    const sha = await sha256File(copy);
    expect(sha).toBe(await sha256File(join(root, 'data', 'site.sqlite')));
    expect(await readFile(`${copy}.sha256`, 'utf8')).toBe(`${sha}  site.sqlite\n`);
    expect(second.database?.sha256).toBe(sha);
    const page = await readUrl(dist, '/data/');
    expect(page).toContain(sha);
    expect(page).toContain('CREATE TABLE articles');
    expect(page).toContain('href="/data/site.sqlite"');
  });

  it('has a 404 page and the legal pages filled from the config', async () => {
    expect(await readUrl(dist, '/404.html')).toContain('Page not found');
    expect(await readUrl(dist, '/dmca/')).toContain(config.site.legal.dmcaEmail);
    expect(await readUrl(dist, '/privacy/')).toContain(config.site.legal.owner);
    expect(await readUrl(dist, '/terms/')).toContain(config.site.legal.jurisdiction);
    expect(await readUrl(dist, '/about/')).toContain(config.site.legal.email);
  });
});

describe('markup', () => {
  it('is ready for a strict CSP: no inline handlers or styles, one constant inline script, scripts as files', async () => {
    const inline = new Set<string>();
    for (const file of htmlPages(await listFiles(dist))) {
      if (file.startsWith('amp/')) continue;
      const page = doc(await readFile(join(dist, file), 'utf8'));
      for (const el of page.querySelectorAll('*')) {
        for (const attr of [...el.attributes]) {
          expect(attr.name === 'style' || attr.name.startsWith('on'), `${file}: ${attr.name} on <${el.tagName}>`).toBe(false);
          if (attr.name === 'href' || attr.name === 'src') expect(attr.value, file).not.toMatch(/^javascript:/i);
        }
      }
      for (const script of page.querySelectorAll('script')) {
        if (script.getAttribute('type') === 'application/ld+json') continue;
        if (script.getAttribute('src')) expect(script.getAttribute('src'), file).toMatch(/^\/_astro\/[\w.-]+\.js$/);
        else inline.add(script.textContent ?? '');
      }
    }
    expect(inline.size).toBe(1);
    expect([...inline][0]).toContain("localStorage.getItem('theme')");
  });

  it('puts one strict CSP <meta> in every page, ahead of every script and style, with the hash of each inline one', async () => {
    const policies = new Set<string>();
    for (const file of htmlPages(await listFiles(dist))) {
      if (file.startsWith('amp/')) continue;
      const html = await readFile(join(dist, file), 'utf8');
      const page = doc(html);
      const metas = page.querySelectorAll('meta[http-equiv="content-security-policy"]');
      expect(metas.length, file).toBe(1);
      const policy = metas[0].getAttribute('content')!;
      policies.add(policy);
      expect(policy, file).not.toMatch(/'unsafe-inline'|'unsafe-eval'|'unsafe-hashes'/);
      const directive = (name: string) => policy.split(';').map((d) => d.trim().split(/\s+/)).find((d) => d[0] === name)?.slice(1) ?? [];
      expect(metas[0].parentElement?.tagName.toLowerCase(), file).toBe('head');
      const metaAt = html.indexOf('<meta http-equiv="content-security-policy"');
      for (const m of html.matchAll(/<(script|style)\b/g)) {
        if (/^<script type="application\/ld\+json"/.test(html.slice(m.index))) continue;
        expect(m.index, `${file}: <${m[1]}> before the policy`).toBeGreaterThan(metaAt);
      }
      for (const script of page.querySelectorAll('script:not([src]):not([type="application/ld+json"])')) expect(directive('script-src'), file).toContain(cspHash(script.textContent ?? ''));
      for (const style of page.querySelectorAll('style')) expect(directive('style-src'), file).toContain(cspHash(style.textContent ?? ''));
    }
    // One policy for the whole site, so a CDN can send it as one header too.
    expect(policies.size).toBe(1);
  });

  it('has no broken internal links', async () => {
    const checked = new Set<string>();
    for (const file of htmlPages(await listFiles(dist))) {
      const page = doc(await readFile(join(dist, file), 'utf8'));
      for (const el of page.querySelectorAll('[href], [src], [srcset]')) {
        const urls = [el.getAttribute('href'), el.getAttribute('src'), ...(el.getAttribute('srcset') ?? '').split(',').map((part) => part.trim().split(/\s+/)[0])];
        for (const raw of urls) {
          if (!raw) continue;
          const url = raw.startsWith(SITE) ? raw.slice(SITE.length) : raw;
          if (!url.startsWith('/') || url.startsWith('//')) continue;
          const path = url.split(/[?#]/)[0];
          if (checked.has(path)) continue;
          checked.add(path);
          expect(existsForUrl(dist, path), `${file} links to ${path}`).toBe(true);
        }
      }
    }
    expect(checked.size).toBeGreaterThan(200);
  });

  it('has one <h1> per page and headings that never skip a level', async () => {
    const samples = ['/', `/${topics[0].slug}/`, `/${topics[0].slug}/page/1/`, `/${content[0].id}/`, '/tags/', '/search/', '/data/', '/about/', '/dmca/', '/404.html'];
    for (const url of samples) {
      const page = doc(await readUrl(dist, url));
      const levels = [...page.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
      expect(levels.filter((l) => l === 1), url).toHaveLength(1);
      expect(levels[0], url).toBe(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `${url} heading ${i}`).toBeLessThanOrEqual(1);
      for (const img of page.querySelectorAll('img')) expect(img.hasAttribute('alt'), url).toBe(true);
      expect(page.querySelector('main#main'), url).not.toBeNull();
      expect(page.querySelector('html')?.getAttribute('lang')).toBe('en');
    }
  });
});

describe('stability', () => {
  it('keeps every archive page the front no longer listed, and every old article page, byte-identical', async () => {
    const after = await snapshot(dist);
    let compared = 0;
    for (const article of oldContent) {
      for (const file of [`${article.id}/index.html`, `amp/${article.id}/index.html`]) {
        expect(before.get(file), file).toBeDefined();
        expect(after.get(file)?.equals(before.get(file)!), file).toBe(true);
        compared++;
      }
    }
    for (const topic of topics) {
      const counts = new Map<number, number>();
      for (const a of oldContent) if (a.data.topic === topic.slug) counts.set(a.data.page, (counts.get(a.data.page) ?? 0) + 1);
      // Full pages the front did not list whole (it lists the newest pages until a page's worth).
      const last = Math.max(...counts.keys());
      let olderPage = last;
      for (let shown = 0; olderPage > 0 && shown < PAGE_SIZE; olderPage--) shown += counts.get(olderPage) ?? 0;
      const full = [...counts].filter(([page, n]) => n >= PAGE_SIZE && page <= olderPage).map(([page]) => page);
      expect(full.length).toBeGreaterThan(0);
      for (const page of full) {
        const file = `${topic.slug}/page/${page}/index.html`;
        expect(after.get(file)?.equals(before.get(file)!), file).toBe(true);
        compared++;
      }
      // The page that was still growing did change: the comparison can tell.
      const growing = [...counts].find(([, n]) => n < PAGE_SIZE)![0];
      const file = `${topic.slug}/page/${growing}/index.html`;
      expect(after.get(file)?.equals(before.get(file)!), file).toBe(false);
    }
    expect(compared).toBe(35 * 2 + 3);
  });
});
