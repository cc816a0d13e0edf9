import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { buildSite } from '../../scripts/build.ts';
import { deploy } from '../../scripts/deploy/index.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from '../deploy/helpers/s3.ts';
import { RUN } from '../helpers/run-command.ts';

// A deploy killed with SIGKILL part-way (crash points in the executor: at the start of a phase,
// after the n-th upload) must never leave a page in the bucket that points at an asset the
// bucket lacks; the next deploy finishes the job. Two chains of kills on a real build of a
// small synthetic site: the first deploy to an empty bucket, and the deploy of a grown build
// over the previous one.

const DEPLOY = fileURLToPath(new URL('../../scripts/deploy/main.ts', import.meta.url));

let s3: LocalS3;
let root: string;
let distA: string;
let distB: string;
let config: Config;

/** Same-site asset references of an HTML page (not links to other pages), as paths from the site root. */
function assetReferences(html: string, pagePath: string, origin: string): string[] {
  const { document } = parseHTML(html);
  const refs: string[] = [];
  const add = (value: string | null) => {
    if (!value) return;
    const url = URL.parse(value.trim(), new URL(pagePath, origin));
    if (url && url.origin === origin) refs.push(decodeURIComponent(url.pathname));
  };
  for (const el of document.querySelectorAll('script[src], img[src], source[src], video[src], audio[src], iframe[src]')) add(el.getAttribute('src'));
  for (const el of document.querySelectorAll('img[srcset], source[srcset]')) for (const part of (el.getAttribute('srcset') ?? '').split(',')) add(part.trim().split(/\s+/)[0] ?? null);
  for (const el of document.querySelectorAll('link[href]')) {
    const rel = (el.getAttribute('rel') ?? '').toLowerCase();
    if (/\b(stylesheet|icon|apple-touch-icon|manifest|preload|modulepreload)\b/.test(rel)) add(el.getAttribute('href'));
  }
  return refs;
}

const keyOf = (prefix: string, path: string) => prefix + (path.endsWith('/') ? `${path}index.html` : path).replace(/^\//, '');

/** Every HTML object in the bucket under `prefix` whose assets are all there; returns what is missing. */
async function missingAssets(prefix: string): Promise<string[]> {
  const keys = new Set((await s3.list(prefix)).map((o) => o.key));
  const origin = new URL(config.site.url).origin;
  const missing: string[] = [];
  for (const key of [...keys].filter((k) => k.endsWith('.html'))) {
    const pagePath = `/${key.slice(prefix.length).replace(/index\.html$/, '')}`;
    const html = (await s3.read(key)).toString('utf8');
    for (const ref of assetReferences(html, pagePath, origin)) if (!keys.has(keyOf(prefix, ref))) missing.push(`${key} needs ${ref}`);
  }
  return [...new Set(missing)];
}

function killedDeploy(dir: string, prefix: string, at: string): Promise<{ signal: NodeJS.Signals | null; code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, ...s3.env, S3_PREFIX: prefix, AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey, CI: '1', GLEANER_CRASH_AT: at, DEPLOY_MAX_DELETE_SHARE: '1' };
    const child = spawn(process.execPath, [RUN, DEPLOY, '--dir', dir], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code, signal) => resolve({ signal, code, stderr }));
  });
}

/** Kills a deploy at each point in turn (each run resumes where the last one died), checking the bucket after each. */
async function killChain(dir: string, prefix: string, points: string[]): Promise<Array<{ at: string; signal: NodeJS.Signals | null; stderr: string; missing: string[]; objects: number }>> {
  const out = [];
  for (const at of points) {
    const run = await killedDeploy(dir, prefix, at);
    out.push({ at, signal: run.signal, stderr: run.stderr, missing: await missingAssets(prefix), objects: (await s3.list(prefix)).length });
  }
  return out;
}

beforeAll(async () => {
  s3 = await startLocalS3();
  const parent = join(process.cwd(), '.astro', 'ship-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'deploy-kill-'));
  config = parseConfig(syntheticConfig({ topics: 2 }));
  await writeSyntheticSite(root, { articles: 24, topics: 2, seed: 3 });
  await buildSite({ root, config, quiet: true });
  distA = join(root, 'dist-a');
  await cp(join(root, 'dist'), distA, { recursive: true });
  await writeSyntheticSite(root, { articles: 36, topics: 2, seed: 3 });
  await buildSite({ root, config, quiet: true });
  distB = join(root, 'dist');
}, 600_000);

afterAll(async () => {
  await s3?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a deploy killed with SIGKILL', () => {
  it('checks pages that do depend on hashed assets', async () => {
    const home = await readFile(join(distB, 'index.html'), 'utf8');
    const refs = assetReferences(home, '/', new URL(config.site.url).origin);
    expect(refs.some((r) => r.startsWith('/_astro/'))).toBe(true);
    expect(refs.length).toBeGreaterThanOrEqual(3);
  });

  it('to an empty bucket: after every kill, each page in the bucket has all its assets; the next deploy completes it', async () => {
    const prefix = 'fresh/';
    const chain = await killChain(distA, prefix, ['deploy:uploaded:3', 'deploy:uploaded:20', 'deploy:phase-new-pages:1', 'deploy:uploaded:30', 'deploy:phase-feeds:1']);
    for (const kill of chain) {
      expect(kill.signal, `${kill.at} was never reached: ${kill.stderr.slice(-500)}`).toBe('SIGKILL');
      expect(kill.missing, `after the kill at ${kill.at}`).toEqual([]);
    }
    // Pages were up at some kills, so the check had something to check.
    expect(chain.some((k) => k.objects > 0)).toBe(true);
    await deploy({ dir: distA, settings: s3.settings({ S3_PREFIX: prefix }), credentials: S3RVER_CREDENTIALS });
    const again = await deploy({ dir: distA, settings: s3.settings({ S3_PREFIX: prefix }), credentials: S3RVER_CREDENTIALS, dryRun: true });
    expect(again.plan.uploads).toEqual([]);
    expect(await missingAssets(prefix)).toEqual([]);
  }, 300_000);

  it('over the previous build: the same holds while a grown build replaces it', async () => {
    const prefix = 'update/';
    const settings = s3.settings({ S3_PREFIX: prefix });
    await deploy({ dir: distA, settings, credentials: S3RVER_CREDENTIALS });
    const plan = await deploy({ dir: distB, settings, credentials: S3RVER_CREDENTIALS, dryRun: true });
    const phases = new Set(plan.plan.uploads.map((u) => u.phase));
    expect([...phases]).toEqual(expect.arrayContaining(['assets', 'new-pages', 'pages', 'feeds']));

    const chain = await killChain(distB, prefix, ['deploy:uploaded:1', 'deploy:phase-new-pages:1', 'deploy:uploaded:4', 'deploy:phase-pages:1', 'deploy:uploaded:6', 'deploy:phase-feeds:1']);
    for (const kill of chain) {
      expect(kill.signal, `${kill.at} was never reached: ${kill.stderr.slice(-500)}`).toBe('SIGKILL');
      expect(kill.missing, `after the kill at ${kill.at}`).toEqual([]);
    }
    await deploy({ dir: distB, settings, credentials: S3RVER_CREDENTIALS });
    const again = await deploy({ dir: distB, settings, credentials: S3RVER_CREDENTIALS, dryRun: true });
    expect(again.plan.uploads).toEqual([]);
    // What it would still delete are only the previous build's hashed assets, kept one deploy longer on purpose.
    expect(again.plan.deletes.filter((d) => d.cacheClass !== 'immutable')).toEqual([]);
    expect(await missingAssets(prefix)).toEqual([]);
  }, 300_000);
});
