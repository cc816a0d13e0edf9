import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config, type UserConfig } from '../../crawler/config/index.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { buildSite, type BuildReport } from '../../scripts/build.ts';
import { imagePool, writeHistoryRun } from '../../scripts/dev/bench/lib/longevity-history.ts';
import { demoConfig } from '../../scripts/dev/demo/config.ts';
import { EXCERPT_LIMITS } from '../../site/model/reuse.ts';
import { readContent, type ContentFile } from './helpers/content.ts';

// A real crawler state (segments, so /data/ is written from it) and a real Astro build with one
// source in excerpt mode (space: orbitalnotes.test), one topic in link mode (climate) and one
// left full (software). Then the space source is turned to full, as an owner would after getting
// permission: the next build is not cold, and the already-published space pages change with it.

let root: string;
/** The first build's files (the second build replaces some). */
const first = new Map<string, string>();
let firstReport: BuildReport;
let second: BuildReport;
let content: ContentFile[];
let fragments: string;
let data: Array<Record<string, unknown>>;

function configWith(spaceMode: 'excerpt' | 'full'): Config {
  const user: UserConfig = demoConfig({ resolve: {} });
  const [space, climate] = user.topics;
  space!.sources = [{ kind: 'feed', url: 'http://orbitalnotes.test/feed.xml', mode: spaceMode }, ...space!.sources.slice(1)];
  climate!.mode = 'link';
  return parseConfig(user);
}

const doc = (html: string) => parseHTML(html).document;
const article = (topic: string) => content.find((c) => c.data.topic === topic)!;
const pageFile = (c: ContentFile) => `${c.id}/index.html`;
const ampFile = (c: ContentFile) => `amp/${c.id}/index.html`;
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** A sentence near the end of the body, plain text (no Markdown, no quotes to be made curly) and in no other article: an excerpt never reaches it. */
function deepText(c: ContentFile): string {
  const paragraphs = c.body.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => /^[A-Z]/.test(p) && !/[[\]*_`>#"'“”‘’]/.test(p));
  for (const paragraph of paragraphs.reverse()) {
    for (const sentence of paragraph.split(/(?<=\.)\s+/)) {
      if (sentence.length > 40 && content.every((other) => other === c || !other.body.includes(sentence))) return sentence;
    }
  }
  throw new Error(`no sentence of ${c.id} is its own`);
}
const ldOf = (d: Document) => [...d.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!)).find((ld) => ld['@type'] === 'NewsArticle');

beforeAll(async () => {
  const parent = join(process.cwd(), '.astro', 'site-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'reuse-'));
  const dist = join(root, 'dist');
  const config = configWith('excerpt');
  await writeHistoryRun({ paths: sitePaths(root), config, first: 0, count: 9, startMs: Date.UTC(2026, 0, 10), spacingMs: 3_600_000, images: await imagePool(config) });
  content = await readContent(root);
  firstReport = await buildSite({ root, config, quiet: true });
  for (const topic of ['space', 'climate', 'software']) {
    first.set(`${topic}`, readFileSync(join(dist, pageFile(article(topic))), 'utf8'));
    first.set(`${topic}-amp`, readFileSync(join(dist, ampFile(article(topic))), 'utf8'));
  }
  for (const file of ['rss.xml', 'atom.xml', 'feed.json', 'sitemaps/articles-space-1.xml', 'sitemaps/articles-software-1.xml']) {
    try {
      first.set(file, readFileSync(join(dist, file), 'utf8'));
    } catch {
      first.set(file, '');
    }
  }
  const fragmentDir = join(dist, 'pagefind', 's0000', 'fragment');
  fragments = readdirSync(fragmentDir)
    .map((f) => gunzipSync(readFileSync(join(fragmentDir, f))).toString('utf8'))
    .join('\n');
  const SQL = await initSqlJs();
  const db = new SQL.Database(readFileSync(join(dist, 'data', 'site.sqlite')));
  const result = db.exec('SELECT a.source_url, t.slug AS topic, a.markdown, a.text FROM articles a JOIN topics t ON t.id = a.topic_id')[0]!;
  data = result.values.map((row) => Object.fromEntries(result.columns.map((c, i) => [c, row[i]])));
  db.close();
  second = await buildSite({ root, config: configWith('full'), quiet: true });
  first.set('space-after', readFileSync(join(dist, pageFile(article('space'))), 'utf8'));
}, 300_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('an excerpt source', () => {
  it('shows the lead paragraphs only, a prominent link to the original, canonical and og:url to the source', () => {
    const c = article('space');
    const d = doc(first.get('space')!);
    const body = d.querySelector('article .body')!;
    expect(body.querySelectorAll('p').length).toBeGreaterThan(0);
    expect(body.querySelectorAll('p').length).toBeLessThanOrEqual(EXCERPT_LIMITS.paragraphs);
    expect(words(body.textContent!)).toBeLessThanOrEqual(EXCERPT_LIMITS.maxWords);
    expect(first.get('space')).not.toContain(deepText(c));
    const link = d.querySelector('.read-original a')!;
    expect(link.textContent).toBe(`Read the full article at ${c.data.siteName}`);
    expect(link.getAttribute('href')).toBe(c.data.url);
    const canonical = d.querySelector('link[rel="canonical"]')!.getAttribute('href');
    expect(canonical).toBe(c.data.canonical);
    expect(d.querySelector('meta[property="og:url"]')!.getAttribute('content')).toBe(canonical);
    expect(ldOf(d).url).toBe(canonical);
    expect(d.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('gives the AMP page the same excerpt and link', () => {
    const amp = doc(first.get('space-amp')!);
    expect(amp.querySelectorAll('.body > p').length).toBeLessThanOrEqual(EXCERPT_LIMITS.paragraphs + 1);
    expect(amp.querySelector('.read-original a')!.getAttribute('href')).toBe(article('space').data.url);
    expect(first.get('space-amp')).not.toContain(deepText(article('space')));
  });
});

describe('a link topic', () => {
  it('shows no body and no image: the source’s description and the link, canonical to the source, noindex', () => {
    const c = article('climate');
    const d = doc(first.get('climate')!);
    expect(d.querySelector('article .body')).toBeNull();
    expect(d.querySelector('figure.lead')).toBeNull();
    expect(d.querySelector('article .link-summary')!.textContent).toBe(c.data.description);
    expect(d.querySelector('.read-original a')!.getAttribute('href')).toBe(c.data.url);
    expect(d.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(c.data.canonical);
    expect(d.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex, follow');
    expect(first.get('climate-amp')).not.toContain(deepText(c));
  });
});

describe('a full source', () => {
  it('is as before: the whole body, canonical to the page, no link button, in the sitemap', () => {
    const c = article('software');
    const d = doc(first.get('software')!);
    expect(d.querySelectorAll('article .body p').length).toBeGreaterThan(EXCERPT_LIMITS.paragraphs);
    expect(first.get('software')).toContain(deepText(c));
    expect(d.querySelector('.read-original')).toBeNull();
    expect(d.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`http://localhost:4321/${c.id}/`);
    expect(first.get('sitemaps/articles-software-1.xml')).toContain(`/${c.id}/`);
    expect(first.get('sitemaps/articles-space-1.xml')).not.toContain(`/${article('space').id}/`);
  });
});

describe('the feeds', () => {
  it('carry the excerpt and link, the description and link, or the whole body, by mode', () => {
    const [space, climate, software] = ['space', 'climate', 'software'].map(article);
    const json = JSON.parse(first.get('feed.json')!) as { items: Array<{ url: string; content_html?: string; image?: string }> };
    const item = (c: ContentFile) => json.items.find((i) => i.url.endsWith(`/${c!.id}/`))!;
    expect(item(space!).content_html).toContain('Read the full article at');
    expect(item(space!).content_html).not.toContain(deepText(space!));
    expect(item(climate!).content_html).toContain('Read the article at');
    expect(item(climate!).content_html).not.toContain(deepText(climate!));
    expect(item(climate!).image).toBeUndefined();
    expect(item(software!).content_html).toContain(deepText(software!));
    for (const file of ['rss.xml', 'atom.xml']) {
      expect(first.get(file)).not.toContain(deepText(space!));
      expect(first.get(file)).not.toContain(deepText(climate!));
      expect(first.get(file)).toContain(deepText(software!));
      expect(first.get(file)).toContain('Read the full article at');
    }
  });
});

describe('search and the downloadable database', () => {
  it('index only what the page shows', () => {
    expect(fragments).not.toContain(deepText(article('space')));
    expect(fragments).not.toContain(deepText(article('climate')));
    expect(fragments).toContain(deepText(article('software')));
  });

  it('carry the excerpt of excerpt articles, no body of link articles, the whole body of full ones', () => {
    expect(data.length).toBe(9);
    for (const row of data) {
      const c = content.find((f) => f.data.url === row.source_url)!;
      if (row.topic === 'climate') expect([row.markdown, row.text]).toEqual(['', '']);
      else if (String(row.source_url).includes('orbitalnotes.test')) {
        expect(words(String(row.text))).toBeLessThanOrEqual(EXCERPT_LIMITS.maxWords);
        expect(words(String(row.text))).toBeGreaterThan(0);
        expect(String(row.markdown)).not.toContain(deepText(c));
      } else expect(String(row.markdown)).toContain(deepText(c));
    }
  });
});

describe('switching a source’s mode', () => {
  it('changes its published pages in the next build, which is not cold', () => {
    expect(firstReport.mode).toBe('cold');
    expect(second.mode).toBe('incremental');
    const after = doc(first.get('space-after')!);
    expect(after.querySelector('.read-original')).toBeNull();
    expect(first.get('space-after')).toContain(deepText(article('space')));
    expect(after.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`http://localhost:4321/${article('space').id}/`);
    // The space articles' pages and AMP pages, not the others'.
    const spaceArticles = content.filter((c) => c.data.topic === 'space').length;
    expect(second.rendered).toBeLessThan(firstReport.rendered);
    expect(second.rendered).toBeGreaterThanOrEqual(2 * spaceArticles);
  });
});
