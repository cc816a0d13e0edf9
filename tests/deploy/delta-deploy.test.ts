import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { buildSite, type BuildReport } from '../../scripts/build.ts';
import { main as deployCli } from '../../scripts/deploy/main.ts';
import { deploy, type DeployReport } from '../../scripts/deploy/index.ts';
import { listFiles } from '../../scripts/deploy/files.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { snapshot } from '../site/helpers/dist.ts';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from './helpers/s3.ts';

// The hourly workflow's path: a runner starts from a fresh checkout, so dist/ is empty, but the
// build's manifest comes back from the CI cache. The build then writes only what changed, and
// the deploy (trusting the manifest the last deploy left in the bucket) uploads only that. After
// it, the bucket must hold exactly what a cold build of the same content holds, byte for byte.

const SEED = 9;
const TOPICS = 2;
let s3: LocalS3;
let parent: string;
let delta: BuildReport;
let second: DeployReport;
let cold: BuildReport;
let elsewhere: { exitCode: number; objects: number };

beforeAll(async () => {
  s3 = await startLocalS3();
  const base = join(process.cwd(), '.astro', 'ship-tests');
  await mkdir(base, { recursive: true });
  parent = await mkdtemp(join(base, 'delta-'));
  const runner = join(parent, 'runner');
  const reference = join(parent, 'reference');
  const config = parseConfig(syntheticConfig({ topics: TOPICS, pageSize: 5 }));
  const settings = s3.settings({ S3_PREFIX: 'site/' });

  await writeSyntheticSite(runner, { articles: 40, topics: TOPICS, pageSize: 5, seed: SEED });
  await buildSite({ root: runner, config, quiet: true });
  await deploy({ dir: join(runner, 'dist'), settings, credentials: S3RVER_CREDENTIALS });

  // The next run: a fresh checkout (no dist/), the cache restored, ten new articles.
  await rm(join(runner, 'dist'), { recursive: true, force: true });
  await writeSyntheticSite(runner, { articles: 50, topics: TOPICS, pageSize: 5, seed: SEED });
  delta = await buildSite({ root: runner, config, quiet: true });
  second = await deploy({ dir: join(runner, 'dist'), settings, credentials: S3RVER_CREDENTIALS });
  // The same partial dist/ sent where the first deploy never went: the rest of the site is not there.
  const env = { ...s3.env, S3_PREFIX: 'elsewhere/', AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey };
  const exitCode = await deployCli(['--dir', join(runner, 'dist')], env);
  elsewhere = { exitCode, objects: (await s3.list('elsewhere/')).length };

  await mkdir(reference, { recursive: true });
  for (const dir of ['content', 'media']) await cp(join(runner, dir), join(reference, dir), { recursive: true });
  cold = await buildSite({ root: reference, config, quiet: true });
}, 600_000);

afterAll(async () => {
  await s3?.close();
  if (parent) await rm(parent, { recursive: true, force: true });
});

describe('a build and deploy from a fresh checkout with the cache restored', () => {
  it('builds in delta mode: dist/ holds only what changed', async () => {
    expect(delta.mode).toBe('delta');
    const written = (await listFiles(delta.dist)).filter((f) => !f.startsWith('.gleaner/'));
    expect(written.length).toBe(delta.changed.files);
    expect(written.length).toBeLessThan(cold.files / 3);
    expect(written).toEqual(expect.arrayContaining(['index.html', 'pagefind/shards.json']));
  });

  it('refuses, with exit code 4 and nothing uploaded, to deploy it to a bucket that lacks the rest of the site', () => {
    expect(elsewhere).toEqual({ exitCode: 4, objects: 0 });
  });

  it('uploads only files that changed, and leaves the bucket as a cold build of the same content', async () => {
    expect(second.uploaded.count).toBeLessThanOrEqual(delta.changed.files);
    expect(second.uploaded.count).toBeGreaterThanOrEqual(20);
    const reference = await snapshot(cold.dist);
    // dist/.gleaner/ (the file list, the CloudFront headers policies) is never deployed.
    for (const file of [...reference.keys()]) if (file.startsWith('.gleaner/')) reference.delete(file);
    const objects = await s3.list('site/');
    const retained = new Set(second.plan.retained.map((d) => d.key));
    const held = objects.filter((o) => !retained.has(o.key));
    expect(held.map((o) => o.key.slice('site/'.length)).sort()).toEqual([...reference.keys()].sort());
    for (const object of held) {
      const path = object.key.slice('site/'.length);
      expect((await s3.read(object.key)).equals(reference.get(path)!), path).toBe(true);
    }
  });
});
