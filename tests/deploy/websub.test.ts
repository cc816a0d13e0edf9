import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, type DeploySettings } from '../../scripts/deploy/index.ts';
import { main } from '../../scripts/deploy/main.ts';
import { changedFeedUrls } from '../../scripts/deploy/websub.ts';
import { DIST_FILES, writeDistTree } from './helpers/dist-tree.ts';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from './helpers/s3.ts';

// The deploy tells a WebSub hub which feeds changed, after the upload: against a real S3 server
// (s3rver) and a real hub on localhost that records every POST. A hub that fails, or is not
// there, is a warning and the deploy succeeds.

const SITE = 'https://news.example.org/';

interface Hub {
  url: string;
  /** Every POST's form, in arrival order. */
  posts: Array<Record<string, string>>;
  status: number;
  /** Run on each POST before the hub answers: what a hub does next (fetch the feed). */
  onPing?: (form: Record<string, string>) => Promise<void>;
  close(): Promise<void>;
}

async function startHub(): Promise<Hub> {
  const hub = { posts: [] as Array<Record<string, string>>, status: 204 } as Hub;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      if (req.method === 'POST' && req.headers['content-type'] === 'application/x-www-form-urlencoded') {
        const form = Object.fromEntries(new URLSearchParams(body));
        hub.posts.push(form);
        await hub.onPing?.(form);
      }
      res.writeHead(hub.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  hub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return hub;
}

const pinged = (hub: Hub) => hub.posts.map((p) => { expect(p['hub.mode']).toBe('publish'); return p['hub.url']; });

describe('the feeds a deploy pings', () => {
  it('are the uploaded feed files, at their public URLs (base path included), and nothing else', () => {
    const uploaded = ['index.html', 'rss.xml', 'space/atom.xml', 'space/opml.xml', 'stories/feed.json', 'daily.xml', 'daily.atom.xml', 'sitemap-index.xml', 'data/latest.json', 'space/first/index.html'];
    expect(changedFeedUrls(uploaded, 'https://example.org/news/')).toEqual([
      'https://example.org/news/rss.xml',
      'https://example.org/news/space/atom.xml',
      'https://example.org/news/stories/feed.json',
      'https://example.org/news/daily.xml',
      'https://example.org/news/daily.atom.xml',
    ]);
  });
});

describe('deploying with a WebSub hub', () => {
  let s3: LocalS3;
  let hub: Hub;
  let work: string;
  let dir: string;
  let settings: DeploySettings;
  /** The build folder's files: each step changes a few and deploys. */
  let tree: Record<string, string> = Object.fromEntries(Object.entries(DIST_FILES).map(([p, f]) => [p, f.body]));
  const change = (files: Record<string, string>) => writeDistTree(dir, (tree = { ...tree, ...files }));

  beforeAll(async () => {
    [s3, hub] = await Promise.all([startLocalS3(), startHub()]);
    work = await mkdtemp(join(tmpdir(), 'gleaner-websub-'));
    dir = join(work, 'dist');
    settings = s3.settings({ S3_PREFIX: 'websub/' });
  });

  afterAll(async () => {
    await Promise.all([s3?.close(), hub?.close()]);
    if (work) await rm(work, { recursive: true, force: true });
  });

  const run = (hubUrl = hub.url) => deploy({ dir, settings, credentials: S3RVER_CREDENTIALS, websub: { hub: hubUrl, siteUrl: SITE } });

  it('pings every feed of a first deploy once, after the upload', async () => {
    await change({});
    const report = await run();
    expect(pinged(hub).sort()).toEqual([`${SITE}atom.xml`, `${SITE}feed.json`, `${SITE}rss.xml`, `${SITE}science/rss.xml`]);
    expect(report.websub).toEqual({ hub: hub.url, feeds: expect.any(Array), failed: [] });
    expect((await s3.read('websub/science/rss.xml')).toString()).toBe(DIST_FILES['science/rss.xml']!.body);
  });

  it('pings only the feed that changed, once the bucket serves its new text, and nothing when none did', async () => {
    hub.posts.length = 0;
    const fetched: string[] = [];
    hub.onPing = async (form) => void fetched.push((await s3.read(`websub/${form['hub.url']!.slice(SITE.length)}`)).toString());
    await change({ 'science/rss.xml': '<?xml version="1.0"?><rss version="2.0"><channel/></rss>', 'about/index.html': '<!doctype html><title>About us</title>' });
    const report = await run();
    hub.onPing = undefined;
    expect(report.uploaded.count).toBe(2);
    expect(pinged(hub)).toEqual([`${SITE}science/rss.xml`]);
    expect(fetched).toEqual(['<?xml version="1.0"?><rss version="2.0"><channel/></rss>']);
    hub.posts.length = 0;
    await change({ 'about/index.html': '<!doctype html><title>About</title>' });
    expect((await run()).websub!.feeds).toEqual([]);
    expect(hub.posts).toEqual([]);
  });

  it('a hub answering 500 is tried twice, then a warning; the deploy succeeds', async () => {
    hub.posts.length = 0;
    hub.status = 500;
    await change({ 'rss.xml': '<?xml version="1.0"?><rss version="2.0"><channel><title>New</title></channel></rss>' });
    const report = await run();
    hub.status = 204;
    expect(report.uploaded.count).toBeGreaterThan(0);
    expect(pinged(hub)).toEqual([`${SITE}rss.xml`, `${SITE}rss.xml`]);
    expect(report.websub!.failed).toEqual([{ feed: `${SITE}rss.xml`, problem: 'HTTP 500' }]);
    expect((await s3.read('websub/rss.xml')).toString()).toContain('<title>New</title>');
  });

  it('npm run deploy with a hub that is not listening: a warning, and exit code 0', async () => {
    const gone = await startHub();
    await gone.close();
    const config = join(work, 'site.config.mjs');
    await writeFile(config, `export default ${JSON.stringify({ site: { title: 'T', url: SITE, websubHub: gone.url }, topics: [{ slug: 'science', name: 'Science', sources: ['https://a.example/feed'] }] })};\n`);
    await change({ 'feed.json': '{"version":"https://jsonfeed.org/version/1.1","title":"New"}' });
    const output: string[] = [];
    const original = { log: console.log, error: console.error, write: process.stderr.write };
    console.log = console.error = (...parts: unknown[]) => output.push(parts.join(' '));
    process.stderr.write = ((chunk: string) => (output.push(String(chunk)), true)) as typeof process.stderr.write;
    let code: number;
    try {
      code = await main(['--dir', dir, '--config', config], { ...s3.env, S3_PREFIX: 'websub/', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', CI: '1' });
    } finally {
      Object.assign(console, { log: original.log, error: original.error });
      process.stderr.write = original.write;
    }
    const text = output.join('\n');
    expect(code, text).toBe(0);
    expect(text).toMatch(/uploaded +1 /);
    expect(text).toContain(`WebSub hub ${gone.url}: pinged 0 of 1 changed feed(s)`);
    expect(text).toContain(`warning: WebSub hub ${gone.url} did not take ${SITE}feed.json (ECONNREFUSED)`);
    expect((await s3.read('websub/feed.json')).toString()).toContain('"New"');
  });
});
