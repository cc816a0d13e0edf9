import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { buildSite } from '../../scripts/build.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { KEEP_DAYS, openSummaryCache, summaryCacheFile } from '../../site/html/summary-cache.ts';
import { tellStories } from './helpers/stories.ts';
import { sampleDatabase } from './helpers/database.ts';
import { readUrl } from './helpers/dist.ts';

// Story summaries kept from one build to the next (site/html/summary-cache.ts), through real
// builds: a cold build writes what it made; a later build reads it, and under
// GLEANER_VERIFY_KEYS (set for every test) makes each kept summary again and fails on a difference.

const SHARED = 'Officials in Brackenford confirmed that the rebuilt river barrier will open to traffic next spring after repairs.';

let root: string;
let config: Config;

beforeAll(async () => {
  const parent = join(process.cwd(), '.astro', 'site-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'summaries-'));
  config = parseConfig(syntheticConfig({ topics: 2, pageSize: 5, url: 'https://news.example.com' }));
  await mkdir(join(root, 'data'), { recursive: true });
  await writeFile(join(root, 'data', 'site.sqlite'), await sampleDatabase());
  await writeSyntheticSite(root, { articles: 6, topics: 2, pageSize: 5, seed: 5 });
  // Articles 1, 3 and 5 tell one story, each from its own outlet, sharing one sentence.
  await tellStories(root, { 1: [1, 3, 5] }, { 1: SHARED });
}, 60_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const storedValues = () => {
  const db = new DatabaseSync(summaryCacheFile(root), { readOnly: true });
  try {
    return (db.prepare('SELECT value FROM summaries').all() as Array<{ value: string }>).map((r) => r.value);
  } finally {
    db.close();
  }
};

describe('story summaries kept between builds', () => {
  it('are written by a build, read by the next, and made again to check them when the tests ask', async () => {
    const cold = await buildSite({ root, config, quiet: true });
    expect(cold.mode).toBe('cold');
    const values = storedValues();
    expect(values).toHaveLength(1);
    const [[quoted]] = JSON.parse(values[0]!) as [[string]];
    expect(await readUrl(join(root, 'dist'), '/stories/')).toContain(quoted);

    // A kept summary that its tellings would not make: the tests' builds make it again and fail.
    const db = new DatabaseSync(summaryCacheFile(root));
    db.prepare('UPDATE summaries SET value = ?').run(JSON.stringify([['A sentence no telling holds, kept by mistake.', 0, 2]]));
    db.close();
    await expect(buildSite({ root, config, quiet: true })).rejects.toThrow(/summary kept from an earlier build/);

    // Without the check, the next build takes what is kept: the page quotes it.
    const verify = process.env.GLEANER_VERIFY_KEYS;
    delete process.env.GLEANER_VERIFY_KEYS;
    try {
      const next = await buildSite({ root, config, quiet: true });
      expect(next.mode).not.toBe('cold');
      expect(await readUrl(join(root, 'dist'), '/stories/')).toContain('A sentence no telling holds, kept by mistake.');
    } finally {
      process.env.GLEANER_VERIFY_KEYS = verify;
    }
  }, 180_000);

  it('a file that is not a database is made again, not fatal', async () => {
    const file = join(root, 'not-a-cache.sqlite');
    await writeFile(file, 'this is not SQLite');
    const cache = openSummaryCache(file);
    expect(cache.get('anything')).toBeUndefined();
    cache.set('key', [['A sentence.', 0, 1]]);
    cache.save();
    expect(openSummaryCache(file).get('key')).toEqual([['A sentence.', 0, 1]]);
    expect(existsSync(`${file}-journal`)).toBe(false);
  });

  it('a folder where the file should be is read as no cache, and only writing it fails', async () => {
    const folder = join(root, 'a-folder.sqlite');
    await mkdir(folder);
    const cache = openSummaryCache(folder);
    expect(cache.get('anything')).toBeUndefined();
    cache.set('key', [['A sentence.', 0, 1]]);
    expect(() => cache.save()).toThrow();
  });

  it('drops what no build used for KEEP_DAYS, and keeps what a build read', () => {
    const file = join(root, 'aging.sqlite');
    const first = openSummaryCache(file);
    first.set('read again', [['Kept.', 0, 1]]);
    first.set('never read', [['Dropped.', 0, 1]]);
    first.save(100);
    const later = openSummaryCache(file);
    expect(later.get('read again')).toEqual([['Kept.', 0, 1]]);
    later.save(100 + KEEP_DAYS);
    const third = openSummaryCache(file);
    third.get('read again');
    third.save(100 + KEEP_DAYS + 1);
    const last = openSummaryCache(file);
    expect(last.get('read again')).toEqual([['Kept.', 0, 1]]);
    expect(last.get('never read')).toBeUndefined();
  });

  it('keeps nothing without a file (a slice of a build, astro dev)', () => {
    const cache = openSummaryCache(null);
    cache.set('key', [['A sentence.', 0, 1]]);
    expect(cache.get('key')).toBeUndefined();
    cache.save();
  });
});
