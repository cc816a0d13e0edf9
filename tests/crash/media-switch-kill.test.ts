import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestFolders, manifestFile, readEntries } from '../../crawler/media/manifest.ts';
import { readMediaStore } from '../../crawler/media/store-file.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { buildSite } from '../../scripts/build.ts';
import { uploadStagedMedia } from '../../scripts/crawl/upload-media.ts';
import { deploy } from '../../scripts/deploy/index.ts';
import { listFiles } from '../../scripts/deploy/files.ts';
import { initRepo, type GitRepo } from '../../scripts/dev/bench/lib/git-repo.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { FIXTURE_ARTICLES } from '../demo/http.ts';
import { RUN, runCommand } from '../helpers/run-command.ts';
import { clock, HOUR, testConfig, type Clock } from '../crawler/helpers.ts';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../deploy/helpers/s3.ts';

// An existing site, made by today's code (the sample web crawled with images into a real git
// repository, built and deployed to a real S3-compatible server), moves its lead images to the
// bucket and back with npm run media (real processes, killed part-way too): every /media/ URL
// its pages reference answers the same bytes before, in bucket mode (from the bucket after a
// deploy) and after the move back; a bucket-mode crawl puts its new image in the bucket and the
// manifest, none in git, and an upload that fails loses nothing; a takedown (npm run remove) has
// the next deploy (npm run deploy) delete that article's image from the bucket, once, and the
// move back leaves it out.

const MEDIA = fileURLToPath(new URL('../../scripts/media/main.ts', import.meta.url));
const NEW_ARTICLE = fileURLToPath(new URL('../../scripts/dev/demo/articles/climate/02-what-a-heat-pump-does-at-minus-twenty.md', import.meta.url));

let articles: string;
let web: SampleWeb | null = null;
let repo: GitRepo;
let paths: SitePaths;
let time: Clock;
let s3: LocalS3;
/** /media/<name> → bytes, as the git-mode site served them. */
const served = new Map<string, Buffer>();
/** The lead image files of the bucket-mode crawl's new article, which is then taken down. */
let newImages: string[] = [];

const env = () => ({ ...s3.env, AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey });

function media(to: 'bucket' | 'git', crashAt?: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RUN, MEDIA, '--to', to, '--root', repo.dir], { env: { ...process.env, ...env(), CI: '1', ...(crashAt ? { GLEANER_CRASH_AT: crashAt } : {}) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code, signal) => resolve({ code, signal, out }));
  });
}

async function crawl(): Promise<number> {
  const config = testConfig(web!, (c) => ({ ...c, images: { enabled: true } }));
  const summary = await runCrawl(config, paths, { now: time.fn });
  time.advance(HOUR);
  return summary.published;
}

/** The test's config as a file beside the repository, for the commands run as processes. */
function writeConfig(): string {
  const file = join(repo.dir, '..', `${repo.dir.split('/').at(-1)}.config.mjs`);
  writeFileSync(file, `export default ${JSON.stringify(testConfig(web!, (c) => ({ ...c, images: { enabled: true } })))};\n`);
  return file;
}

async function build(): Promise<void> {
  const config = testConfig(web!, (c) => ({ ...c, images: { enabled: true } }));
  await buildSite({ config, root: repo.dir, quiet: true });
}

/** Every /media/ URL the built pages reference (img src and srcset, social meta). */
async function referencedMedia(): Promise<Set<string>> {
  const refs = new Set<string>();
  for (const file of (await listFiles(paths.dist)).filter((f) => f.endsWith('.html'))) {
    const { document } = parseHTML(readFileSync(join(paths.dist, file), 'utf8'));
    const values = [...document.querySelectorAll('img[src], source[srcset], img[srcset], meta[content]')].flatMap((el) => [el.getAttribute('src'), ...(el.getAttribute('srcset') ?? '').split(','), el.getAttribute('content')]);
    for (const value of values) {
      const match = /\/media\/[^\s"?#]+/.exec(value ?? '');
      if (match) refs.add(match[0]);
    }
  }
  return refs;
}

const leadFilesOnDisk = () => (existsSync(paths.media) ? readdirSync(paths.media, { recursive: true }).map(String).filter((f) => f.endsWith('.webp')) : []);

beforeAll(async () => {
  articles = mkdtempSync(join(tmpdir(), 'gleaner-media-articles-'));
  cpSync(FIXTURE_ARTICLES, articles, { recursive: true });
  repo = initRepo(mkdtempSync(join(tmpdir(), 'gleaner-media-site-')), ['.gleaner/', 'dist/', 'archive/']);
  paths = sitePaths(repo.dir);
  time = clock();
  s3 = await startLocalS3();
  web = await startSampleWeb({ articlesDir: articles });
});

afterAll(async () => {
  await web?.close();
  await s3?.close();
  rmSync(articles, { recursive: true, force: true });
  rmSync(repo.dir, { recursive: true, force: true });
});

describe('lead images moved to the bucket and back', () => {
  it('a site made by today\'s code: images in git, built and deployed', async () => {
    expect(await crawl()).toBeGreaterThan(0);
    expect(repo.commitRun('first crawl')).toBe(true);
    expect(readMediaStore(paths)).toBe('git');
    await build();
    const refs = await referencedMedia();
    expect(refs.size).toBeGreaterThan(2);
    for (const ref of refs) served.set(ref, readFileSync(join(paths.dist, ref)));
    await deploy({ dir: paths.dist, settings: s3.settings(), credentials: S3RVER_CREDENTIALS });
    for (const [ref, bytes] of served) expect((await s3.read(ref.slice(1))).equals(bytes)).toBe(true);
  }, 240_000);

  it('npm run media -- --to bucket, killed after two uploads and after a removal, finishes on the next run with nothing lost', async () => {
    const before = leadFilesOnDisk().length;
    const bucketBefore = (await s3.list('media/')).length;
    // A fresh bucket prefix would hold nothing: remove what the deploy put there, so the move must upload.
    for (const ref of served.keys()) await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: ref.slice(1) }));
    expect((await s3.list('media/')).length).toBeLessThan(bucketBefore);

    const first = await media('bucket', 'deploy:uploaded:2');
    expect(first.signal).toBe('SIGKILL');
    expect(leadFilesOnDisk()).toHaveLength(before);
    expect(readMediaStore(paths)).toBe('git');

    const second = await media('bucket', 'media:removed:1');
    expect(second.signal).toBe('SIGKILL');
    expect(readMediaStore(paths)).toBe('git');
    // Whatever left the disk is in the bucket and the manifest.
    const named = new Set(manifestFolders(paths).flatMap((f) => readEntries(manifestFile(paths, f)).map((e) => e.name)));
    for (const ref of served.keys()) {
      const name = ref.slice('/media/'.length);
      if (!leadFilesOnDisk().some((f) => f.endsWith(name))) {
        expect(named.has(name)).toBe(true);
        expect((await s3.read(ref.slice(1))).equals(served.get(ref)!)).toBe(true);
      }
    }

    const done = await media('bucket');
    expect(done.code, done.out).toBe(0);
    expect(readMediaStore(paths)).toBe('bucket');
    // Only the source icons stay on disk.
    const icons = leadFilesOnDisk();
    for (const ref of served.keys()) expect(icons.some((f) => f.endsWith(ref.slice('/media/'.length)))).toBe(false);
    const again = await media('bucket');
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain('0 transferred');
    expect(repo.commitRun('lead images in the bucket')).toBe(true);
    expect(repo.run('ls-files', 'media').split('\n').filter((f) => served.has(`/media/${f.slice(f.lastIndexOf('/') + 1)}`))).toEqual([]);
  }, 240_000);

  it('in bucket mode the build needs no image and the deploy keeps them: every URL answers the same bytes from the bucket', async () => {
    await build();
    expect(await referencedMedia()).toEqual(new Set(served.keys()));
    for (const ref of served.keys()) expect(existsSync(join(paths.dist, ref))).toBe(false);
    await deploy({ dir: paths.dist, settings: s3.settings(), credentials: S3RVER_CREDENTIALS, keepMedia: true });
    for (const [ref, bytes] of served) {
      expect((await s3.read(ref.slice(1))).equals(bytes)).toBe(true);
      expect((await s3.head(ref.slice(1))).cacheControl).toBe('public, max-age=31536000, immutable');
    }
  }, 240_000);

  it('a bucket-mode crawl stages its new image, names it in the manifest, puts none in git, and an upload that fails loses nothing', async () => {
    await web!.close();
    cpSync(NEW_ARTICLE, join(articles, 'climate', '02-what-a-heat-pump-does-at-minus-twenty.md'));
    web = await startSampleWeb({ articlesDir: articles });
    const namedBefore = new Set(manifestFolders(paths).flatMap((f) => readEntries(manifestFile(paths, f)).map((e) => e.name)));
    expect(await crawl()).toBe(1);
    const staged = existsSync(paths.mediaStaging) ? (await listFiles(paths.mediaStaging)).map((f) => f.slice(f.lastIndexOf('/') + 1)) : [];
    expect(staged.length).toBeGreaterThan(0);
    const named = manifestFolders(paths).flatMap((f) => readEntries(manifestFile(paths, f)).map((e) => e.name));
    for (const name of staged) expect(named).toContain(name);
    expect(staged.some((n) => !namedBefore.has(n))).toBe(true);

    const failed = await uploadStagedMedia(paths, { ...env(), S3_ENDPOINT: 'http://127.0.0.1:9', DEPLOY_MAX_ATTEMPTS: '1' });
    expect(failed?.warning).toBe(true);
    expect((await listFiles(paths.mediaStaging)).length).toBe(staged.length);

    // The crawl command (a real process, nothing new to publish) uploads what waits, and is
    // killed once the first file has left staging (each leaves only after the bucket is seen
    // holding its bytes): the bucket has them all, the rest wait staged, and the next upload
    // finishes with nothing to send.
    const stagedBytes = new Map((await listFiles(paths.mediaStaging)).map((f) => [f.slice(f.lastIndexOf('/') + 1), readFileSync(join(paths.mediaStaging, f))]));
    const killed = await runCommand('scripts/crawl/main.ts', ['--config', writeConfig(), '--root', repo.dir], { ...env(), GLEANER_CRASH_AT: 'media:unstaged:1' });
    expect(killed.signal, killed.err).toBe('SIGKILL');
    const left = (await listFiles(paths.mediaStaging)).map((f) => f.slice(f.lastIndexOf('/') + 1));
    expect(left.length).toBe(staged.length - 1);
    for (const [name, bytes] of stagedBytes) expect((await s3.read(`media/${name}`)).equals(bytes), name).toBe(true);

    const uploaded = await uploadStagedMedia(paths, env());
    expect(uploaded?.warning ?? false).toBe(false);
    expect(await listFiles(paths.mediaStaging)).toEqual([]);
    for (const name of staged) expect((await s3.list(`media/${name}`)).length).toBe(1);
    expect(repo.commitRun('bucket-mode crawl')).toBe(true);
    newImages = staged.filter((n) => !namedBefore.has(n));
    expect(repo.run('show', '--name-only', '--format=', 'HEAD').split('\n').filter((f) => f.startsWith('media/') && f.endsWith('.webp') && staged.includes(f.slice(f.lastIndexOf('/') + 1)))).toEqual([]);
  }, 240_000);

  it('a takedown in bucket mode: the next deploy deletes the article\'s lead image from the bucket and purges it, once; every other image stays', async () => {
    expect(newImages.length).toBeGreaterThan(0);
    const config = writeConfig();
    const file = repo.run('ls-files', 'content').split('\n').find((f) => f.includes('heat-pump'))!;
    const target = `${file.split('/')[1]}/${file.slice(file.lastIndexOf('/') + 1, -'.md'.length)}`;
    const removed = await runCommand('scripts/remove.ts', [target, '--reason', 'test takedown', '--config', config, '--root', repo.dir]);
    expect(removed.code, removed.err).toBe(0);
    expect(repo.commitRun('takedown')).toBe(true);
    await build();
    // The build lists them for the deploy, which needs only the build folder.
    expect(JSON.parse(readFileSync(join(paths.dist, '.gleaner', 'removed-media.json'), 'utf8'))).toEqual([...newImages].sort());
    const deployEnv = { ...env(), GLEANER_ROOT: repo.dir };
    const planned = await runCommand('scripts/deploy/main.ts', ['--dir', paths.dist, '--dry-run'], deployEnv);
    expect(planned.code, planned.err).toBe(0);
    for (const name of newImages) expect(planned.out).toMatch(new RegExp(`^delete .* media/${name.replace(/\./g, '\\.')} `, 'm'));
    const first = await runCommand('scripts/deploy/main.ts', ['--dir', paths.dist], deployEnv);
    expect(first.code, first.err).toBe(0);
    for (const name of newImages) expect(await s3.list(`media/${name}`), name).toEqual([]);
    for (const [ref, bytes] of served) expect((await s3.read(ref.slice(1))).equals(bytes)).toBe(true);
    // The deploy's record says they are done: the next deploy deletes nothing.
    const again = await runCommand('scripts/deploy/main.ts', ['--dir', paths.dist, '--dry-run'], deployEnv);
    expect(again.code, again.err).toBe(0);
    for (const name of newImages) expect(again.out).not.toContain(name);
    const record = JSON.parse((await s3.read('.gleaner/deploy.json')).toString('utf8')) as { takenDown?: string[] };
    expect(record.takenDown).toEqual([...newImages].sort());
  }, 240_000);

  it('npm run media -- --to git, killed once, brings every file back with its bytes, and the build serves them again', async () => {
    const killed = await media('git', 'media:restored:2');
    expect(killed.signal).toBe('SIGKILL');
    expect(readMediaStore(paths)).toBe('bucket');
    const done = await media('git');
    expect(done.code, done.out).toBe(0);
    expect(readMediaStore(paths)).toBe('git');
    expect(manifestFolders(paths)).toEqual([]);
    await build();
    const refs = await referencedMedia();
    for (const [ref, bytes] of served) {
      expect(refs.has(ref)).toBe(true);
      expect(readFileSync(join(paths.dist, ref)).equals(bytes)).toBe(true);
    }
    // The taken-down article's image is not brought back.
    for (const name of newImages) expect(leadFilesOnDisk().some((f) => f.endsWith(name)), name).toBe(false);
  }, 240_000);
});
