import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { buildSite } from '../../scripts/build.ts';
import { deploy, type DeployReport } from '../../scripts/deploy/index.ts';
import { listFiles } from '../../scripts/deploy/files.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { S3RVER_CREDENTIALS, startLocalS3, type LocalS3 } from './helpers/s3.ts';

// A real site, built twice: 150 articles, then ten more published the way the crawler does
// (new positions on the last pages). Both builds are deployed to a local S3 server; the
// second deploy must upload a small fraction of the site. The root lives inside the project
// (under .astro/, ignored by git) so Astro keeps this build apart from parallel ones.

const ARTICLES = 150;
const TOPICS = 3;
const SEED = 5;

let s3: LocalS3;
let root: string;
let first: DeployReport;
let second: DeployReport;
let distFiles: string[];

beforeAll(async () => {
  s3 = await startLocalS3();
  const parent = join(process.cwd(), '.astro', 'ship-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'deploy-'));
  const config = parseConfig(syntheticConfig({ topics: TOPICS }));
  const settings = s3.settings();
  const dir = join(root, 'dist');

  await writeSyntheticSite(root, { articles: ARTICLES, topics: TOPICS, seed: SEED });
  await buildSite({ root, config, quiet: true });
  first = await deploy({ dir, settings, credentials: S3RVER_CREDENTIALS });

  await writeSyntheticSite(root, { articles: ARTICLES + 10, topics: TOPICS, seed: SEED });
  await buildSite({ root, config, quiet: true });
  second = await deploy({ dir, settings, credentials: S3RVER_CREDENTIALS });
  distFiles = (await listFiles(dir)).filter((f) => !f.startsWith('.gleaner/'));
  const changed = second.plan.uploads.map((u) => `${u.reason} ${u.path}`);
  console.log(
    `site deploy: first ${first.uploaded.count} objects; after ten more articles ${second.uploaded.count} uploaded ` +
      `(${second.plan.uploads.filter((u) => u.reason === 'new').length} new), ${second.deleted.count} deleted, ${second.plan.retained.length} kept one more deploy, ${second.skipped.count} unchanged of ${distFiles.length}\n  ${changed.join('\n  ')}`,
  );
}, 600_000);

afterAll(async () => {
  await s3?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('deploying a growing site', () => {
  it('first deploy uploads the whole site', async () => {
    expect(first.uploaded.count).toBeGreaterThan(400);
    expect(first.skipped.count).toBe(0);
  });

  it('after ten new articles, uploads only what changed: a small fraction of the site', () => {
    const share = second.uploaded.count / distFiles.length;
    expect(second.uploaded.count).toBeGreaterThanOrEqual(20); // at least the ten articles and their AMP pages
    expect(share).toBeLessThan(0.2);
    expect(second.skipped.count).toBeGreaterThan(distFiles.length * 0.8);
  });

  it('uploads the new article pages, and nothing of the full pages that did not change', () => {
    const newPages = second.plan.uploads.filter((u) => u.reason === 'new' && u.path.endsWith('/index.html') && !u.path.startsWith('amp/') && !u.path.startsWith('tags/'));
    expect(newPages.length).toBeGreaterThanOrEqual(10);
    // Page 1 of every topic is full (pages hold ten) and stays byte-identical, so it is not uploaded.
    const firstPage = /^[^/]+\/page\/1\/index\.html$/;
    expect(distFiles.filter((p) => firstPage.test(p))).toHaveLength(TOPICS);
    expect(second.plan.uploads.filter((u) => firstPage.test(u.path))).toEqual([]);
  });

  it('leaves the bucket holding the second build, plus the first build\'s obsolete hashed assets for one more deploy', async () => {
    const keys = (await s3.list()).map((o) => o.key);
    const retained = second.plan.retained.map((d) => d.key);
    expect(retained.length).toBeGreaterThan(0);
    expect(retained.every((k) => k.startsWith('pagefind/') || k.startsWith('_astro/') || k.startsWith('media/'))).toBe(true);
    expect(keys).toEqual([...distFiles, ...retained].sort());
  });
});
