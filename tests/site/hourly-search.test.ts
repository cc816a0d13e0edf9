import { cp, mkdtemp, readFile, rename, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { buildSite, type BuildReport } from '../../scripts/build.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { newestFirst, readContent } from './helpers/content.ts';
import { snapshot } from './helpers/dist.ts';

// An hourly build's search (site/builder/index.ts): the planning process hands the build the
// records of the shards whose key changed and exits; the build indexes them beside Astro's child.
// Here the new articles finish one shard and start the next (two shards written, the case where the
// whole-site memory and Astro's once added up), and the search files must be the bytes a cold build
// of the same content writes.

const SHARD = 8;
const ARTICLES = 45; // shards of 8: five full and one of 5
const NEW = 7; // held back from the first build: 38 articles, the fifth shard holds 6
let parent: string;
let hourly: BuildReport;
let cold: BuildReport;

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'gleaner-hourly-search-'));
  const config = parseConfig(syntheticConfig({ topics: 2, pageSize: 5 }));
  const site = join(parent, 'site');
  const whole = join(parent, 'whole');
  await writeSyntheticSite(site, { articles: ARTICLES, topics: 2, pageSize: 5, seed: 11 });
  await cp(site, whole, { recursive: true });
  cold = await buildSite({ root: whole, config, quiet: true, searchShardSize: SHARD });

  // The newest articles leave the site for its first build and come back for the next.
  const held = join(parent, 'held');
  const newest = newestFirst(await readContent(site)).slice(0, NEW);
  for (const file of newest) {
    const to = join(held, relative(site, file.path));
    await mkdir(dirname(to), { recursive: true });
    await rename(file.path, to);
  }
  const first = await buildSite({ root: site, config, quiet: true, searchShardSize: SHARD });
  expect(first.mode).toBe('cold');
  expect(first.indexedPages).toBe(ARTICLES - NEW);
  for (const file of newest) await rename(join(held, relative(site, file.path)), file.path);
  hourly = await buildSite({ root: site, config, quiet: true, searchShardSize: SHARD });
}, 600_000);

afterAll(async () => {
  if (parent) await rm(parent, { recursive: true, force: true });
});

describe('an hourly build that finishes a search shard and starts the next', () => {
  it('writes those two shards, from the records the planning process handed over', () => {
    expect(hourly.mode).toBe('incremental');
    expect(hourly.keying).toBe(`the pages ${NEW} new articles reach`);
    expect(hourly.searchShards).toEqual({ total: Math.ceil(ARTICLES / SHARD), written: 2 });
    expect(hourly.indexedPages).toBe(ARTICLES);
  });

  it('leaves the same search files, byte for byte, as a cold build of the same content', async () => {
    const searchFiles = async (dist: string) => new Map([...(await snapshot(dist))].filter(([file]) => file.startsWith('pagefind/')));
    const [a, b] = [await searchFiles(hourly.dist), await searchFiles(cold.dist)];
    expect(a.size).toBeGreaterThan(0);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a].filter(([file, bytes]) => !b.get(file)?.equals(bytes)).map(([file]) => file)).toEqual([]);
    expect(JSON.parse(await readFile(join(hourly.dist, 'pagefind', 'shards.json'), 'utf8'))).toMatchObject({ articles: ARTICLES });
  });
});
