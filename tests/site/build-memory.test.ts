import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { buildSite } from '../../scripts/build.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { memoryFile, packHtml, unpackHtml } from '../../site/html/html-cache.ts';
import { readUrl } from './helpers/dist.ts';
import { loadContentIndex } from '../../site/builder/content-index.ts';
import { sourceHost } from '../../crawler/url/source-host.ts';
import type { Frontmatter } from '../../crawler/publish/frontmatter.ts';

// The build's memory (site/builder/memory.ts): one SQLite file holding the content index, the
// manifest and each body's HTML. Real builds of a small site: the pages, AMP pages and feeds
// show the HTML the memory holds for a body (so it is rendered once, by the content index), a
// renderer of another version renders every body again, an edited body's old HTML is dropped,
// and the file list the deploy reads is the manifest's.

const SITE = 'https://news.example.com';
let root: string;
let config: Config;
let article: { id: string; file: string; sha: string };

function withMemory<T>(work: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(memoryFile(root));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const htmlOf = (sha: string) => withMemory((db) => (db.prepare('SELECT html FROM html WHERE body_sha = ?').get(sha) as { html: Uint8Array } | undefined)?.html);

beforeAll(async () => {
  const parent = join(process.cwd(), '.astro', 'site-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'memory-'));
  config = parseConfig(syntheticConfig({ topics: 1, pageSize: 5, url: SITE }));
  await writeSyntheticSite(root, { articles: 6, topics: 1, pageSize: 5, seed: 5 });
  await buildSite({ root, config, quiet: true });
  const row = withMemory((db) => db.prepare('SELECT id, file, body_sha AS sha FROM content ORDER BY file LIMIT 1').get() as { id: string; file: string; sha: string });
  article = row;
}, 300_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the build memory', () => {
  it('is one SQLite file: no whole-site JSON beside it, and the deploy\'s file list is its files table', () => {
    expect(readdirSync(join(root, '.gleaner', 'build')).sort()).toEqual(['memory.sqlite']);
    const list = JSON.parse(readFileSync(join(root, 'dist', '.gleaner', 'files.json'), 'utf8')) as { buildId: string; files: Record<string, { md5: string; size: number }> };
    const rows = withMemory((db) => db.prepare('SELECT file, md5, size FROM files ORDER BY file').all() as Array<{ file: string; md5: string; size: number }>);
    expect(Object.keys(list.files).sort()).toEqual(rows.map((r) => r.file));
    for (const r of rows) expect(list.files[r.file]).toEqual({ md5: r.md5, size: Number(r.size) });
    expect(list.buildId).toBe(withMemory((db) => (db.prepare("SELECT value FROM meta WHERE name = 'manifest.buildId'").get() as { value: string }).value));
  });

  it('keeps the HTML of every body the content index read, and the pages, AMP pages and feeds show it', async () => {
    expect(unpackHtml(htmlOf(article.sha)!)).toMatch(/<p>/);
    withMemory((db) => db.prepare('UPDATE html SET html = ? WHERE body_sha = ?').run(packHtml('<p>Held in the build memory.</p>'), article.sha));
    await buildSite({ root, config, quiet: true, cold: true });
    const dist = join(root, 'dist');
    expect(await readUrl(dist, `/${article.id}/`)).toContain('Held in the build memory.');
    expect(await readUrl(dist, `/amp/${article.id}/`)).toContain('Held in the build memory.');
    expect(await readUrl(dist, '/rss.xml')).toContain('Held in the build memory.');
  }, 300_000);

  it('renders every body again under another renderer version', async () => {
    withMemory((db) => db.prepare("UPDATE meta SET value = 'another renderer' WHERE name = 'renderer'").run());
    // A new renderer is a code change too (the lockfile, markdown.ts): a cold build.
    await buildSite({ root, config, quiet: true, cold: true });
    expect(unpackHtml(htmlOf(article.sha)!)).not.toContain('Held in the build memory.');
    expect(await readUrl(join(root, 'dist'), `/${article.id}/`)).not.toContain('Held in the build memory.');
  }, 300_000);

  it("reads again only an edited file, keeps its new body's HTML and drops the old", async () => {
    const path = join(root, article.file);
    writeFileSync(path, `${readFileSync(path, 'utf8')}\nA paragraph added by hand.\n`);
    const report = await buildSite({ root, config, quiet: true });
    expect(report.mode).toBe('incremental');
    const now = withMemory((db) => db.prepare('SELECT body_sha AS sha FROM content WHERE file = ?').get(article.file) as { sha: string });
    expect(now.sha).not.toBe(article.sha);
    expect(htmlOf(article.sha)).toBeUndefined();
    expect(unpackHtml(htmlOf(now.sha)!)).toContain('A paragraph added by hand.');
    expect(await readUrl(join(root, 'dist'), `/${article.id}/`)).toContain('A paragraph added by hand.');
  }, 300_000);

  it('upgrades a memory made before each article\'s facts were kept apart, in place: every row gets them, nothing is rendered again', async () => {
    const page = await readUrl(join(root, 'dist'), `/${article.id}/`);
    // What a build with nothing new renders (the pages rendered every build).
    const unchanged = (await buildSite({ root, config, quiet: true })).rendered;
    // The previous version's content table had neither column.
    withMemory((db) => db.exec('ALTER TABLE content DROP COLUMN facts; ALTER TABLE content DROP COLUMN data_sha'));
    const report = await buildSite({ root, config, quiet: true });
    expect(report.mode).not.toBe('cold');
    expect(report.rendered).toBe(unchanged);
    const rows = withMemory((db) => db.prepare('SELECT data, facts, data_sha FROM content').all() as Array<{ data: string; facts: string | null; data_sha: string | null }>);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      expect(JSON.parse(row.facts!)).toEqual({ id: data.id, title: data.title, url: data.url, siteName: data.siteName, published: data.published, modified: data.modified, fetched: data.fetched, tags: data.tags, topic: data.topic, page: data.page, position: data.position, publishedOnSite: data.publishedOnSite, related: data.related, cluster: data.cluster });
      expect(row.data_sha).toMatch(/^[\w-]{27}$/);
    }
    expect(await readUrl(join(root, 'dist'), `/${article.id}/`)).toBe(page);
  }, 300_000);

  it("hands the index each article's host and tags as it loads its facts: the frontmatter it holds has neither, and loads them with the rest when asked", () => {
    withMemory((db) => {
      const { entries } = loadContentIndex(db);
      expect(entries).toHaveLength(6);
      for (const entry of entries) {
        const stored = JSON.parse((db.prepare('SELECT data FROM content WHERE file = ?').get(entry.file) as { data: string }).data) as Frontmatter;
        expect(Object.keys(entry.data)).not.toContain('url');
        expect(Object.keys(entry.data)).not.toContain('tags');
        expect(entry.host).toBe(sourceHost(stored.url));
        expect(entry.tagSpellings).toEqual(stored.tags);
        expect(entry.data.url).toBe(stored.url);
        expect(entry.data.tags).toEqual(stored.tags);
        expect(JSON.parse(JSON.stringify(entry.data))).toEqual(stored);
      }
    });
  });

  it("treats the whole-site JSON memory of the version before as no memory: a cold build, and the files removed", async () => {
    const build = join(root, '.gleaner', 'build');
    writeFileSync(join(build, 'manifest.json'), '{"version":2}');
    writeFileSync(join(build, 'content.json'), '[]');
    rmSync(memoryFile(root));
    const report = await buildSite({ root, config, quiet: true });
    expect(report.mode).toBe('cold');
    expect(existsSync(join(build, 'manifest.json')) || existsSync(join(build, 'content.json'))).toBe(false);
  }, 300_000);
});
