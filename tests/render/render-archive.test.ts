import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import { runCrawl, type CrawlEvent, type RunSummary } from '../../crawler/pipeline/index.ts';
import { deploy } from '../../scripts/deploy/index.ts';
import { chromiumAvailable } from '../../scripts/dev/lib/chromium.ts';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { query, removeTempRoots, tempRoot } from '../crawler/helpers.ts';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../deploy/helpers/s3.ts';
import { startBrowser } from '../helpers/browser.ts';
import { PLAIN_TITLE, SPA_PARAGRAPHS, SPA_TITLE, startSpaWeb, type SpaWeb } from './fixtures/spa-web.ts';

// Script-rendered pages and archived copies, end to end: a crawl of a local single-page-app web
// with Chromium (the article exists only after its scripts run; the browser's requests to
// loopback and metadata addresses are refused), the archived copies it keeps, served by
// scripts/serve.ts and deployed to s3rver, where the archived page's own script never runs; and
// the same crawl without Chromium.

let web: SpaWeb;
afterAll(async () => {
  await web?.close();
  removeTempRoots();
});
beforeAll(async () => {
  web = await startSpaWeb();
});

function config(): Config {
  return parseConfig({
    site: { title: 'Render test', url: 'https://render.example.org/' },
    topics: [
      {
        slug: 'lights',
        name: 'Lights',
        sources: [
          { kind: 'feed', url: `${web.origin}/feed.xml`, archive: true },
          { kind: 'feed', url: `${web.origin}/render-feed.xml`, render: true },
        ],
      },
    ],
    images: { enabled: false },
    crawl: { resolve: web.resolve, privateHosts: ['spa.test', 'meta.example.com'], perHostDelayMs: 0, retries: 0, renderTimeoutMs: 10_000 },
  });
}

async function crawl(): Promise<{ paths: SitePaths; summary: RunSummary; notes: string[] }> {
  const paths = tempRoot();
  const notes: string[] = [];
  const summary = await runCrawl(config(), paths, { reporter: (e: CrawlEvent) => void (e.type === 'note' && notes.push(e.message)) });
  return { paths, summary, notes };
}

const urlRow = async (paths: SitePaths, path: string) =>
  (await query<{ state: string; reason: string | null; detail: string | null }>(paths, 'SELECT state, reason, detail FROM urls WHERE url = ?', [`${web.origin}${path}`]))[0];

describe.skipIf(!chromiumAvailable())('with Chromium', () => {
  let paths: SitePaths;
  let summary: RunSummary;
  let notes: string[];
  let browser: Browser;
  let archives: Array<{ id: string; url: string; files: string; provenance: string; headers: string }>;

  beforeAll(async () => {
    ({ paths, summary, notes } = await crawl());
    archives = await query(paths, 'SELECT id, url, files, provenance, headers FROM archives ORDER BY url');
    browser = await startBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('publishes the single-page app’s article with the text its scripts built', async () => {
    expect(await urlRow(paths, '/spa/article')).toMatchObject({ state: 'published' });
    const [row] = await query<{ file: string }>(paths, `SELECT file FROM articles WHERE title = ? AND status = 'published'`, [SPA_TITLE]);
    const markdown = readFileSync(join(paths.root, row!.file), 'utf8');
    expect(markdown).toContain(SPA_PARAGRAPHS[0]!.slice(0, 60));
    expect(markdown).toContain(SPA_PARAGRAPHS.at(-1)!.slice(0, 60));
    expect(summary.render.pages).toBe(2); // the shell (fallback) and the render: true source's page
    expect(web.hits.shell).toBe(1); // rendered from the bytes the crawl fetched, not fetched again
  });

  it('refuses the browser’s requests to loopback and metadata addresses; the secret is never reached', async () => {
    expect(await urlRow(paths, '/spa/evil')).toMatchObject({ state: 'published' });
    expect(web.hits.secret).toBe(0);
    const refused = notes.filter((n) => n.includes(': refused '));
    for (const target of [`http://127.0.0.1:${web.port}/secret?literal`, `http://127.0.0.1:${web.port}/secret?image`, `http://rebind.example.com:${web.port}/secret?name`, 'http://169.254.169.254/latest/meta-data/', `http://meta.example.com:${web.port}/secret?metadata`]) {
      expect(refused.some((n) => n.includes(`refused ${target}:`)), target).toBe(true);
    }
    expect(refused.find((n) => n.includes('rebind.example.com'))).toMatch(/loopback/);
    expect(refused.find((n) => n.includes('meta.example.com'))).toMatch(/metadata/);
    expect(summary.render.refusedRequests).toBeGreaterThanOrEqual(5);
  });

  it('keeps archived copies with hashes, sizes, headers and provenance, named in the article', async () => {
    expect(archives.map((a) => a.url)).toEqual([`${web.origin}/plain/article`, `${web.origin}/spa/article`]);
    for (const a of archives) {
      const files = JSON.parse(a.files) as Array<{ name: string; type: string; bytes: number; sha256: string }>;
      expect(files.map((f) => f.name)).toEqual(['page.html.gz', 'screenshot.png', 'page.pdf']);
      for (const f of files) expect(readFileSync(join(paths.archive, a.id, f.name)).length).toBe(f.bytes);
      expect(readFileSync(join(paths.archive, a.id, 'screenshot.png')).subarray(1, 4).toString()).toBe('PNG');
      expect(readFileSync(join(paths.archive, a.id, 'page.pdf')).subarray(0, 4).toString()).toBe('%PDF');
      expect(JSON.parse(a.headers)).toMatchObject({ 'content-type': 'text/html; charset=utf-8', etag: '"v1"', 'last-modified': 'Tue, 03 Mar 2026 10:00:00 GMT' });
      expect(JSON.parse(a.provenance)).toEqual([expect.objectContaining({ context: 'feed', source: { kind: 'feed', url: `${web.origin}/feed.xml` } })]);
      expect(existsSync(join(paths.archive, a.id, 'index.html'))).toBe(true);
    }
    const [plain] = await query<{ file: string }>(paths, 'SELECT file FROM articles WHERE title = ?', [PLAIN_TITLE]);
    const id = archives.find((a) => a.url.endsWith('/plain/article'))!.id;
    expect(readFileSync(join(paths.root, plain!.file), 'utf8')).toContain(`archive: "${id}"`);
    expect(gunzipSync(readFileSync(join(paths.archive, id, 'page.html.gz'))).toString()).toContain("document.title = 'SCRIPT RAN'");
  });

  /**
   * Opens `url` in a fresh context. A page (the control) is read once its beacon request has been
   * answered; a download once the browser has it. Either way, reports the title the page ended with.
   */
  async function open(url: string, as: 'page' | 'download'): Promise<{ title: string | null; downloaded: boolean }> {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const settled = as === 'download' ? page.waitForEvent('download', { timeout: 30_000 }) : page.waitForResponse((r) => r.url().endsWith('/beacon'), { timeout: 30_000 });
    await page.goto(url).catch(() => {}); // a download aborts the navigation
    await settled;
    const title = await page.title().catch(() => null);
    await context.close();
    return { title, downloaded: as === 'download' };
  }

  it('never runs the archived page’s script: not as served by scripts/serve.ts, not from the bucket', async () => {
    const plainId = archives.find((a) => a.url.endsWith('/plain/article'))!.id;
    // The control: the original page's script does run in a browser (and calls the beacon).
    const original = await open(`http://127.0.0.1:${web.port}/plain/article`, 'page');
    expect(original.title).toBe('SCRIPT RAN');
    expect(web.hits.beacon).toBe(1);
    web.hits.beacon = 0;

    const dist = join(paths.root, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>home</title>');
    const server: StaticServer = await serveStatic(dist, { port: 0, archive: paths.archive });
    let s3: LocalS3 | null = null;
    try {
      const served = await fetch(`${server.url}archive/${plainId}/page.html.gz`);
      expect(served.headers.get('content-type')).toBe('application/gzip');
      expect(served.headers.get('content-disposition')).toBe(`attachment; filename="${plainId}.html.gz"`);
      expect(served.headers.get('content-encoding')).toBeNull();
      const index = await fetch(`${server.url}archive/${plainId}/`);
      expect(index.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await index.text()).toContain('page.html.gz');

      const fromServe = await open(`${server.url}archive/${plainId}/page.html.gz`, 'download');
      expect(fromServe.downloaded).toBe(true);
      expect(fromServe.title).not.toBe('SCRIPT RAN');

      s3 = await startLocalS3();
      const report = await deploy({ dir: dist, settings: s3.settings({ S3_PREFIX: 'render/' }), credentials: S3RVER_CREDENTIALS, archiveDir: paths.archive });
      expect(report.archive.uploaded.count).toBe(10); // two copies × (html, png, pdf, manifest, index)
      const head = (name: string) => s3!.client.send(new HeadObjectCommand({ Bucket: s3!.bucket, Key: `render/archive/${plainId}/${name}` }));
      const html = await head('page.html.gz');
      expect(html.ContentType).toBe('application/gzip');
      expect(html.ContentDisposition).toBe(`attachment; filename="${plainId}.html.gz"`);
      expect(html.ContentEncoding).toBeUndefined();
      expect((await head('screenshot.png')).ContentType).toBe('image/png');
      expect((await head('page.pdf')).ContentType).toBe('application/pdf');
      expect((await head('manifest.json')).ContentType).toBe('application/json; charset=utf-8');
      expect((await head('index.html')).ContentType).toBe('text/html; charset=utf-8');
      // A second deploy uploads nothing again, and the site's own plan leaves archive/ alone.
      const again = await deploy({ dir: dist, settings: s3.settings({ S3_PREFIX: 'render/' }), credentials: S3RVER_CREDENTIALS, archiveDir: paths.archive, listBucket: true });
      expect(again.archive).toMatchObject({ uploaded: { count: 0 }, unchanged: 10 });
      expect(again.plan.deletes).toEqual([]);

      const fromBucket = await open(`${s3.endpoint}/${s3.bucket}/render/archive/${plainId}/page.html.gz`, 'download');
      expect(fromBucket.downloaded).toBe(true);
      expect(fromBucket.title).not.toBe('SCRIPT RAN');
      expect(web.hits.beacon).toBe(0);
    } finally {
      await server.close();
      await s3?.close();
    }
  }, 60_000);
});

describe('without Chromium', () => {
  let paths: SitePaths;
  let notes: string[];
  let summary: RunSummary;
  const saved = process.env.CHROMIUM_PATH;

  beforeAll(async () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      ({ paths, summary, notes } = await crawl());
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  }, 60_000);

  it('rejects the pages that need rendering as render_unavailable, saying so once', async () => {
    expect(await urlRow(paths, '/spa/article')).toMatchObject({ state: 'rejected', reason: 'render_unavailable' });
    expect((await urlRow(paths, '/spa/article'))!.detail).toMatch(/application shell.*not installed at \/nonexistent\/chromium/);
    expect(await urlRow(paths, '/spa/evil')).toMatchObject({ state: 'rejected', reason: 'render_unavailable' });
    expect(summary.rejected.render_unavailable).toBe(2);
    expect(summary.render.pages).toBe(0);
    expect(notes.filter((n) => n.includes('Chromium is not installed'))).toHaveLength(1);
  });

  it('still publishes and archives a static page, without screenshot or PDF', async () => {
    expect(await urlRow(paths, '/plain/article')).toMatchObject({ state: 'published' });
    const [archive] = await query<{ files: string }>(paths, 'SELECT files FROM archives');
    expect((JSON.parse(archive!.files) as Array<{ name: string }>).map((f) => f.name)).toEqual(['page.html.gz']);
  });
});
