import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { listSegments } from '../../crawler/store/segments.ts';
import { openState } from '../../crawler/store/state.ts';
import { openUpgradedState } from '../../crawler/upgrade/index.ts';
import { buildSite, type BuildReport } from '../../scripts/build.ts';
import { demoConfig, startSampleWeb } from '../../scripts/dev/demo/index.ts';
import { sampleSubset } from '../crash/helpers/sample-subset.ts';
import { snapshot } from '../site/helpers/dist.ts';

// A site made by the previous version (tests/store/fixtures/legacy-site: data/site.sqlite,
// content/<topic>/<slug>.md, media/<name>) upgraded in place by the first run of this one:
// every article, URL state, occurrence, tag and run is still there; files moved to period
// folders with their bytes unchanged (but for one article whose Markdown an older clean stage
// left unrenderable, which the upgrade repairs); the site's pages are the same; and the next
// crawl carries on where the old one stopped.

const FIXTURE = new URL('./fixtures/legacy-site/', import.meta.url).pathname;
const BROKEN = 'space/europas-ocean-the-evidence-beneath-the-ice';

interface Legacy {
  articles: Array<Record<string, unknown>>;
  urls: Array<Record<string, unknown>>;
  occurrences: Array<Record<string, unknown>>;
  tags: Array<Record<string, unknown>>;
  runs: Array<Record<string, unknown>>;
  sources: Array<Record<string, unknown>>;
}

let root: string;
let paths: SitePaths;
let legacy: Legacy;
let contentBefore: Map<string, Buffer>;
let mediaBefore: Map<string, Buffer>;
let before: BuildReport;
let after: BuildReport;
let distBefore: Map<string, Buffer>;
let distAfter: Map<string, Buffer>;
const config = parseConfig({ ...demoConfig({ resolve: {} }), publish: { ...demoConfig({ resolve: {} }).publish, pageSize: 2 } });

async function readLegacy(file: string): Promise<Legacy> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(readFileSync(file));
  const rows = (sql: string) => {
    const result = db.exec(sql)[0];
    return (result?.values ?? []).map((v) => Object.fromEntries(result!.columns.map((c, i) => [c, v[i]])));
  };
  const out = {
    articles: rows(`SELECT a.id, a.url_id, t.slug AS topic, a.slug, a.status, a.title, a.source_url, a.page, a.position, a.published_on_site, a.related, a.image FROM articles a JOIN topics t ON t.id = a.topic_id ORDER BY a.id`),
    urls: rows('SELECT id, url, state, reason, error_code, attempts, duplicate_of FROM urls ORDER BY id'),
    occurrences: rows('SELECT url_id, source_id, post_id, context, in_quote FROM link_occurrences ORDER BY id'),
    tags: rows('SELECT at.article_id, t.slug, t.name FROM article_tags at JOIN tags t ON t.id = at.tag_id ORDER BY at.article_id, t.slug'),
    runs: rows('SELECT id, started_at, status FROM runs ORDER BY id'),
    sources: rows('SELECT id, kind, url, origin FROM sources ORDER BY id'),
  };
  db.close();
  return out;
}

function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) out.set(relative(dir, join(e.parentPath, e.name)).split(sep).join('/'), readFileSync(join(e.parentPath, e.name)));
  return out;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gleaner-upgrade-'));
  for (const dir of ['content', 'data', 'media']) cpSync(join(FIXTURE, dir), join(root, dir), { recursive: true });
  paths = sitePaths(root);
  legacy = await readLegacy(paths.legacyDatabase);
  contentBefore = filesOf(paths.content);
  mediaBefore = filesOf(paths.media);
  before = await buildSite({ root, config, quiet: true });
  distBefore = await snapshot(paths.dist);

  const db = await openUpgradedState(paths, { nearDuplicateThreshold: config.quality.nearDuplicateThreshold });
  db.close();
  after = await buildSite({ root, config, quiet: true, cold: true });
  distAfter = await snapshot(paths.dist);
}, 300_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('upgrading a site of the single-file layout', () => {
  it('replaces data/site.sqlite with segments, none of them large', () => {
    expect(existsSync(paths.legacyDatabase)).toBe(false);
    const segments = listSegments(paths.segments);
    expect(segments.length).toBeGreaterThanOrEqual(1);
    for (const s of segments) {
      expect(s.name).toMatch(/-upgrade\.sqlite$/);
      expect(statSync(join(paths.segments, s.name)).size).toBeLessThan(25 * 1024 * 1024);
    }
  });

  it('keeps every article, URL state, occurrence, tag, source and run', async () => {
    const db = await openState(paths, { readOnly: true });
    const rows = <T>(sql: string) => db.all(sql) as T[];
    expect(rows(`SELECT a.id, a.url_id, t.slug AS topic, a.slug, a.status, a.title, a.source_url, a.page, a.position, a.published_on_site, a.related, a.image FROM articles a JOIN topics t ON t.id = a.topic_id ORDER BY a.id`)).toEqual(legacy.articles);
    expect(rows('SELECT id, url, state, reason, error_code, attempts, duplicate_of FROM urls ORDER BY id')).toEqual(legacy.urls);
    expect(rows('SELECT url_id, source_id, post_id, context, in_quote FROM link_occurrences ORDER BY id')).toEqual(legacy.occurrences);
    expect(rows('SELECT at.article_id, t.slug, t.name FROM article_tags at JOIN tags t ON t.id = at.tag_id ORDER BY at.article_id, t.slug')).toEqual(legacy.tags);
    expect(rows('SELECT id, started_at, status FROM runs ORDER BY id')).toEqual(legacy.runs);
    expect(rows('SELECT id, kind, url, origin FROM sources ORDER BY id')).toEqual(legacy.sources);
    // The body left the state for published articles; each has a term vector for related-article choice.
    expect(rows(`SELECT id FROM articles WHERE markdown IS NOT NULL OR terms IS NULL OR file IS NULL`)).toEqual([]);
    db.close();
  });

  it('moves every article file to content/<topic>/<yyyy>/<mm>/ and every image to media/<yyyy>/<mm>/, bytes unchanged', () => {
    const contentAfter = filesOf(paths.content);
    expect(contentAfter.size).toBe(contentBefore.size);
    for (const [file, bytes] of contentAfter) {
      expect(file).toMatch(/^[a-z]+\/\d{4}\/\d{2}\/[a-z0-9-]+\.md$/);
      const old = contentBefore.get(`${file.split('/')[0]}/${basename(file)}`)!;
      if (file.endsWith(`${BROKEN.split('/')[1]}.md`)) {
        expect(bytes.toString()).toContain('](https://img.example/plumes-100%25.png)');
        expect(bytes.toString().replace('100%25', '100%').replace('50%25off', '50%off')).toBe(old.toString());
      } else {
        expect(bytes.equals(old), file).toBe(true);
      }
    }
    // The two runs were five days apart, across a month's end: two period folders.
    expect(new Set([...contentAfter.keys()].map((f) => f.split('/').slice(1, 3).join('/')))).toEqual(new Set(['2026/10', '2026/11']));
    const mediaAfter = filesOf(paths.media);
    expect([...mediaAfter.keys()].map((f) => basename(f)).sort()).toEqual([...mediaBefore.keys()].sort());
    for (const [file, bytes] of mediaAfter) {
      expect(file).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{16}-\d+\.webp$/);
      expect(bytes.equals(mediaBefore.get(basename(file))!)).toBe(true);
    }
  });

  it('leaves the pages as they were, and publishes the article the old clean stage had left unrenderable', () => {
    expect(before.skipped.map((s) => s.file)).toEqual([`content/${BROKEN}.md`]);
    expect(after.skipped).toEqual([]);
    // Every article page but those listing the repaired article among their related ones (it was left out before), and every AMP page.
    const others = legacy.articles.filter((a) => `${a.topic}/${a.slug}` !== BROKEN);
    const pages = [
      ...others.filter((a) => !String(a.related).includes(BROKEN)).map((a) => `${a.topic}/${a.slug}/index.html`),
      ...others.map((a) => `amp/${a.topic}/${a.slug}/index.html`),
    ];
    expect(pages.every((p) => distBefore.has(p))).toBe(true);
    expect(pages.length).toBeGreaterThanOrEqual(8 + 4);
    for (const page of pages) expect(distAfter.get(page)?.equals(distBefore.get(page)!), page).toBe(true);
    expect(distAfter.has(`${BROKEN}/index.html`)).toBe(true);
  });

  it('carries on: the next crawl publishes new articles after the old ones', async () => {
    const articles = sampleSubset(4);
    const web = await startSampleWeb({ articlesDir: articles });
    try {
      const base = demoConfig(web);
      const summary = await runCrawl(parseConfig({ ...base, crawl: { ...base.crawl, perHostDelayMs: 0, retries: 0 }, publish: { ...base.publish, pageSize: 2 } }), paths);
      expect(summary.published).toBe(3);
    } finally {
      await web.close();
      rmSync(articles, { recursive: true, force: true });
    }
    const db = await openState(paths, { readOnly: true });
    const positions = db.all<{ topic: string; positions: string }>(
      `SELECT t.slug AS topic, group_concat(a.position) AS positions FROM (SELECT * FROM articles ORDER BY position) a JOIN topics t ON t.id = a.topic_id GROUP BY t.slug ORDER BY t.slug`,
    );
    expect(positions.map((p) => p.positions)).toEqual(['0,1,2,3', '0,1,2,3', '0,1,2,3']);
    db.close();
    expect(listSegments(paths.segments).filter((s) => !s.name.endsWith('-upgrade.sqlite'))).toHaveLength(1);
  });
});

describe('opening a site of the single-file layout', () => {
  it('for writing without its upgrade is refused (E_STATE), and the old database stays as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-legacy-open-'));
    try {
      cpSync(join(FIXTURE, 'data'), join(dir, 'data'), { recursive: true });
      const site = sitePaths(dir);
      const bytes = readFileSync(site.legacyDatabase);
      await expect(openState(site, {})).rejects.toMatchObject({ code: 'E_STATE' });
      expect(readFileSync(site.legacyDatabase).equals(bytes)).toBe(true);
      expect(listSegments(site.segments)).toHaveLength(0);
      // Read-only, it opens as it is.
      const db = await openState(site, { readOnly: true });
      expect(db.get<{ n: number }>('SELECT count(*) AS n FROM articles')!.n).toBeGreaterThan(0);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
