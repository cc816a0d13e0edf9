import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, PHASES, type DeployEvent, type DeploySettings } from '../../scripts/deploy/index.ts';
import { main } from '../../scripts/deploy/main.ts';
import { DIST_FILES, writeDistTree } from './helpers/dist-tree.ts';
import { startFakeCloudFront, startFlakyProxy } from './helpers/servers.ts';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from './helpers/s3.ts';

// Deploys against a real S3-compatible server (s3rver) on localhost. Each scenario uses its own
// key prefix in the one bucket, so the delete guard and listings see only their own objects.

const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'public, max-age=0, s-maxage=300, must-revalidate',
  static: 'public, max-age=3600',
};
const MiB = 1024 * 1024;

let s3: LocalS3;
let work: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  work = await mkdtemp(join(tmpdir(), 'gleaner-deploy-'));
});

afterAll(async () => {
  await s3?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const md5 = (body: string | Buffer) => createHash('md5').update(body).digest('hex');

async function run(dir: string, settings: DeploySettings, extra: { force?: boolean; dryRun?: boolean } = {}) {
  const events: DeployEvent[] = [];
  const report = await deploy({ dir, settings, credentials: S3RVER_CREDENTIALS, onEvent: (e) => events.push(e), ...extra });
  return { report, events };
}

describe('deploying a build folder', () => {
  const prefix = 'main/';
  let dir: string;
  let settings: DeploySettings;

  beforeAll(async () => {
    dir = join(work, 'main');
    await writeDistTree(dir);
    settings = s3.settings({ S3_PREFIX: prefix });
  });

  it('first deploy: uploads every file with its Content-Type, Cache-Control and MD5', async () => {
    const { report, events } = await run(dir, settings);
    const files = Object.keys(DIST_FILES);
    expect(report.uploaded.count).toBe(files.length);
    expect(report.skipped.count).toBe(0);
    expect((await s3.list(prefix)).map((o) => o.key)).toEqual(files.map((f) => prefix + f).sort());
    for (const [path, file] of Object.entries(DIST_FILES)) {
      const head = await s3.head(prefix + path);
      expect(head.contentType, path).toBe(file.type);
      expect(head.cacheControl, path).toBe(CACHE[file.cache]);
      expect(head.metadata.md5, path).toBe(md5(file.body));
    }
    expect((await s3.read(`${prefix}science/first/index.html`)).toString()).toBe(DIST_FILES['science/first/index.html']!.body);

    // Phases finish in order: every hashed asset is up before any page, every page before any feed.
    const order = events.filter((e) => e.type === 'uploaded').map((e) => PHASES.indexOf(e.upload.phase));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const phaseOf = (path: string) => events.find((e) => e.type === 'uploaded' && e.upload.path === path)!;
    expect(phaseOf('_astro/app.B1x2c3.js')).toMatchObject({ upload: { phase: 'assets' } });
    expect(phaseOf('media/1da458759db7891e-640.webp')).toMatchObject({ upload: { phase: 'assets' } });
    expect(phaseOf('data/site.sqlite')).toMatchObject({ upload: { phase: 'files' } });
    expect(phaseOf('science/first/index.html')).toMatchObject({ upload: { phase: 'new-pages' } });
    expect(phaseOf('rss.xml')).toMatchObject({ upload: { phase: 'feeds' } });
    expect(phaseOf('sitemaps/site-1.xml')).toMatchObject({ upload: { phase: 'feeds' } });
  });

  it('serves a deployed data file by byte ranges, as the /data/ console reads it', async () => {
    const body = Buffer.from(DIST_FILES['data/site.sqlite']!.body);
    const got = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `${prefix}data/site.sqlite`, Range: 'bytes=4-9' }));
    expect(got.$metadata.httpStatusCode).toBe(206);
    expect(got.ContentRange).toBe(`bytes 4-9/${body.length}`);
    expect(got.AcceptRanges).toBe('bytes');
    expect(got.ContentType).toBe('application/vnd.sqlite3');
    expect(Buffer.from(await got.Body!.transformToByteArray())).toEqual(body.subarray(4, 10));
  });

  it('second deploy of the same build uploads and deletes nothing', async () => {
    const before = await s3.list(prefix);
    const { report } = await run(dir, settings);
    expect(report.uploaded.count).toBe(0);
    expect(report.deleted.count).toBe(0);
    expect(report.skipped.count).toBe(Object.keys(DIST_FILES).length);
    expect(report.metadataReads).toBe(0);
    expect(await s3.list(prefix)).toEqual(before);
  });

  it('--dry-run plans the change and leaves the bucket alone', async () => {
    await writeFile(join(dir, 'about/index.html'), '<!doctype html><title>About us</title>');
    const before = await s3.list(prefix);
    const { report } = await run(dir, settings, { dryRun: true });
    expect(report.plan.uploads.map((u) => [u.path, u.reason, u.phase])).toEqual([['about/index.html', 'changed', 'pages']]);
    expect(report.uploaded.count).toBe(0);
    expect(await s3.list(prefix)).toEqual(before);
  });

  it('uploads only changed and new objects, pages that are new before pages that link to them, and deletes a removed page last', async () => {
    await writeFile(join(dir, 'science/index.html'), '<!doctype html><title>Science</title><a href="/science/third/">Third</a>');
    await mkdir(join(dir, 'science/third'), { recursive: true });
    await writeFile(join(dir, 'science/third/index.html'), '<!doctype html><title>Third</title>');
    await writeFile(join(dir, 'science/.index.html.123.tmp'), 'a temp file of an interrupted write is never deployed');
    await unlink(join(dir, 'science/second/index.html'));
    const { report, events } = await run(dir, settings);
    const uploads = events.filter((e) => e.type === 'uploaded').map((e) => `${e.upload.phase} ${e.upload.path}`);
    expect(uploads[0]).toBe('new-pages science/third/index.html');
    expect(uploads.slice(1).sort()).toEqual(['pages about/index.html', 'pages science/index.html']);
    expect(report.deleted.count).toBe(1);
    expect(events.at(-1)).toMatchObject({ type: 'deleted', objects: [{ path: 'science/second/index.html' }] });
    const keys = (await s3.list(prefix)).map((o) => o.key.slice(prefix.length));
    expect(keys).toContain('science/third/index.html');
    expect(keys).not.toContain('science/second/index.html');
    expect(keys.some((k) => k.endsWith('.tmp'))).toBe(false);
    expect((await s3.read(`${prefix}science/index.html`)).toString()).toContain('/science/third/');
  });

  it('the delete guard stops a deploy that would remove most of the bucket, before uploading anything', async () => {
    const small = join(work, 'almost-empty');
    await writeDistTree(small, { 'index.html': '<!doctype html><title>Oops</title>' });
    const before = await s3.list(prefix);
    await expect(run(small, settings)).rejects.toMatchObject({ code: 'E_DEPLOY_GUARD', message: expect.stringMatching(/would delete \d+ of the \d+ objects .*more than the 30% allowed/) });
    expect(await s3.list(prefix)).toEqual(before);

    const dry = await run(small, settings, { dryRun: true });
    expect(dry.report.plan.blocked).toMatch(/would delete/);

    const forced = await run(small, settings, { force: true });
    const hashed = Object.entries(DIST_FILES).filter(([, f]) => f.cache === 'immutable').map(([p]) => prefix + p);
    expect(forced.report.deleted.count).toBe(before.length - 1 - hashed.length);
    expect(forced.report.plan.retained.map((d) => d.key)).toEqual(hashed.sort());
    expect((await s3.list(prefix)).map((o) => o.key)).toEqual([`${prefix}index.html`, ...hashed].sort());
  });

  it('keeps the previous build\'s hashed assets one more deploy, then deletes them', async () => {
    const dir = join(work, 'retain');
    const settings = s3.settings({ S3_PREFIX: 'retain/' });
    const page = (asset: string) => `<!doctype html><script src="/_astro/${asset}"></script>`;
    const others = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((n) => [`${n}/index.html`, n]));
    await writeDistTree(dir, { 'index.html': page('app.v1.js'), '_astro/app.v1.js': 'v1', 'about/index.html': 'about', ...others });
    await run(dir, settings);
    const manifest = JSON.parse((await s3.read('retain/.gleaner/deploy.json')).toString());
    expect(manifest.files).toEqual(['_astro/app.v1.js', 'a/index.html', 'about/index.html', 'b/index.html', 'c/index.html', 'd/index.html', 'e/index.html', 'index.html']);

    await writeDistTree(dir, { 'index.html': page('app.v2.js'), '_astro/app.v2.js': 'v2', ...others });
    const second = await run(dir, settings);
    // about/ is gone at once; app.v1.js stays for pages cached with the old markup.
    expect(second.report.plan.deletes.map((d) => d.path)).toEqual(['about/index.html']);
    expect(second.report.plan.retained.map((d) => d.path)).toEqual(['_astro/app.v1.js']);
    const rest = [...Object.keys(others), 'index.html'].map((p) => `retain/${p}`);
    expect((await s3.list('retain/')).map((o) => o.key)).toEqual(['retain/_astro/app.v1.js', 'retain/_astro/app.v2.js', ...rest]);

    const third = await run(dir, settings);
    expect(third.report.plan.deletes.map((d) => d.path)).toEqual(['_astro/app.v1.js']);
    expect(third.report.uploaded.count).toBe(0);
    expect((await s3.list('retain/')).map((o) => o.key)).toEqual(['retain/_astro/app.v2.js', ...rest]);
  });

  it('refuses a folder without index.html (an unfinished build) and a missing folder', async () => {
    const partial = join(work, 'partial');
    await writeDistTree(partial, { '_astro/app.js': 'x' });
    await expect(run(partial, settings)).rejects.toMatchObject({ code: 'E_DEPLOY_DIR' });
    await expect(run(join(work, 'missing'), settings)).rejects.toMatchObject({ code: 'E_DEPLOY_DIR' });
  });
});

describe('large files', () => {
  it('go up in parts with their MD5 in metadata, and are recognised unchanged next time', async () => {
    const dir = join(work, 'big');
    const database = randomBytes(6 * MiB);
    await writeDistTree(dir, { 'index.html': '<!doctype html>', 'data/site.sqlite': database });
    const settings = s3.settings({ S3_PREFIX: 'big/', DEPLOY_MULTIPART_THRESHOLD: String(5 * MiB), DEPLOY_PART_SIZE: String(5 * MiB) });
    const first = await run(dir, settings);
    expect(first.report.plan.uploads.find((u) => u.path === 'data/site.sqlite')).toMatchObject({ multipart: true });
    const head = await s3.head('big/data/site.sqlite');
    expect(head.metadata.md5).toBe(md5(database));
    expect(head.contentType).toBe('application/vnd.sqlite3');
    expect(head.cacheControl).toBe(CACHE.revalidate);
    expect((await s3.read('big/data/site.sqlite')).equals(database)).toBe(true);

    const second = await run(dir, settings);
    expect(second.report.uploaded.count).toBe(0);
  });
});

describe('a bucket of more than one listing page', () => {
  it('is listed completely: a redeploy of 1,200 files uploads nothing', async () => {
    const dir = join(work, 'many');
    const files: Record<string, string> = { 'index.html': '<!doctype html>' };
    for (let i = 0; i < 1200; i++) files[`p/${String(i).padStart(4, '0')}/index.html`] = `page ${i}`;
    await writeDistTree(dir, files);
    const settings = s3.settings({ S3_PREFIX: 'many/', DEPLOY_CONCURRENCY: '16' });
    expect((await run(dir, settings)).report.uploaded.count).toBe(1201);
    const again = await run(dir, settings);
    expect(again.report.plan.remoteCount).toBe(1201);
    expect(again.report.uploaded.count).toBe(0);
    expect(again.report.deleted.count).toBe(0);
  }, 120_000);
});

describe('an unreliable bucket', () => {
  it('retries requests the store sheds (503 SlowDown) and completes', async () => {
    const proxy = await startFlakyProxy(s3.port, /\/(index\.html|rss\.xml|_astro\/)/);
    try {
      const dir = join(work, 'flaky');
      await writeDistTree(dir);
      const settings = s3.settings({ S3_PREFIX: 'flaky/', S3_ENDPOINT: proxy.endpoint });
      const { report } = await run(dir, settings);
      expect(proxy.failed.length).toBeGreaterThanOrEqual(5);
      expect(report.uploaded.count).toBe(Object.keys(DIST_FILES).length);
      expect((await s3.list('flaky/')).length).toBe(Object.keys(DIST_FILES).length);
    } finally {
      await proxy.close();
    }
  });
});

describe('what goes over the wire', () => {
  it('every upload carries Content-MD5; DeleteObjects carries Content-MD5 and no CRC checksum headers', async () => {
    const proxy = await startFlakyProxy(s3.port, /^$/);
    try {
      const dir = join(work, 'wire');
      await writeDistTree(dir);
      const settings = s3.settings({ S3_PREFIX: 'wire/', S3_ENDPOINT: proxy.endpoint });
      await run(dir, settings);
      await unlink(join(dir, 'about/index.html'));
      await run(dir, settings);
      const puts = proxy.requests.filter((r) => r.method === 'PUT' && !r.path.includes('.gleaner'));
      expect(puts.length).toBe(Object.keys(DIST_FILES).length);
      for (const put of puts) {
        expect(put.headers['content-md5'], put.path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(Object.keys(put.headers).filter((h) => h.startsWith('x-amz-checksum-')), put.path).toEqual([]);
      }
      const deletes = proxy.requests.filter((r) => r.method === 'POST' && r.path.includes('delete'));
      expect(deletes).toHaveLength(1);
      const [del] = deletes;
      expect(del!.body!.toString()).toContain('<Key>wire/about/index.html</Key>');
      expect(del!.headers['content-md5']).toBe(createHash('md5').update(del!.body!).digest('base64'));
      expect(Object.keys(del!.headers).filter((h) => /^x-amz-(sdk-)?checksum-/.test(h))).toEqual([]);
      expect(del!.headers.authorization).toMatch(/SignedHeaders=[^,]*content-md5/);
    } finally {
      await proxy.close();
    }
  });
});

describe('CloudFront invalidation', () => {
  it('invalidates the changed and deleted paths that caches may hold, and nothing for a first upload', async () => {
    const cdn = await startFakeCloudFront();
    try {
      const dir = join(work, 'cdn');
      await writeDistTree(dir);
      const settings = s3.settings({ S3_PREFIX: 'cdn/', CLOUDFRONT_DISTRIBUTION_ID: 'E2TESTDIST', CLOUDFRONT_ENDPOINT: cdn.endpoint });
      const first = await run(dir, settings);
      expect(first.report.invalidation).toBeNull();
      expect(cdn.invalidations).toEqual([]);

      await writeFile(join(dir, 'about/index.html'), '<!doctype html><title>About, again</title>');
      await writeFile(join(dir, 'rss.xml'), '<?xml version="1.0"?><rss version="2.0"><channel/></rss>');
      await writeFile(join(dir, '_astro/app.C9z8y7.js'), 'console.log("new");');
      await unlink(join(dir, '_astro/app.B1x2c3.js'));
      const second = await run(dir, settings);
      expect(cdn.invalidations).toEqual([{ distribution: 'E2TESTDIST', paths: ['/about/', '/about/index.html', '/rss.xml'] }]);
      expect(second.report.invalidation).toEqual({ id: 'I1TEST', paths: ['/about/', '/about/index.html', '/rss.xml'] });
    } finally {
      await cdn.close();
    }
  });
});

describe('npm run deploy', () => {
  it('reads the target from the environment, prints the plan and a summary, and never the credentials', async () => {
    const dir = join(work, 'cli');
    await writeDistTree(dir);
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYCLISECRET';
    const env = { ...s3.env, S3_PREFIX: 'cli/', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: secret, CI: '1' };
    const output: string[] = [];
    const capture = (...parts: unknown[]) => output.push(parts.join(' '));
    const original = { log: console.log, error: console.error, write: process.stderr.write };
    console.log = capture;
    console.error = capture;
    process.stderr.write = ((chunk: string) => (output.push(String(chunk)), true)) as typeof process.stderr.write;
    let dryCode: number;
    let code: number;
    let badCode: number;
    try {
      dryCode = await main(['--dir', dir, '--dry-run'], env);
      code = await main(['--dir', dir, '--verbose'], env);
      badCode = await main(['--dir', dir], { ...env, S3_BUCKET: '' });
    } finally {
      Object.assign(console, { log: original.log, error: original.error });
      process.stderr.write = original.write;
    }
    const text = output.join('\n');
    expect(dryCode).toBe(0);
    expect(code).toBe(0);
    expect(badCode).toBe(2);
    expect(text).toMatch(/upload {2}assets +new +_astro\/app\.B1x2c3\.js/);
    expect(text).toMatch(/would upload +29/);
    expect(text).toMatch(/uploaded +29/);
    expect(text).toMatch(/S3_BUCKET is not set/);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('S3RVER');
    expect((await s3.list('cli/')).length).toBe(29);
  });
});
