import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlValue } from 'sql.js';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { engine } from '../../crawler/store/engine.ts';
import { initRepo, type GitRepo } from '../../scripts/dev/bench/lib/git-repo.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { FIXTURE_ARTICLES } from '../demo/http.ts';
import { clock, HOUR, testConfig, type Clock } from './helpers.ts';

// An idle site commits nothing: the sample web crawled once into a real git repository, committed
// as the crawl workflow commits (git add content data media, a commit only when something is
// staged), then crawled every hour with nothing new. Those runs change only bookkeeping (check
// times, validators, an icon check, their run rows: crawler/store/bookkeeping.ts), which stays in
// .gleaner/ until a run with content folds it into its segment.

const NEW_ARTICLE = fileURLToPath(new URL('../../scripts/dev/demo/articles/climate/02-what-a-heat-pump-does-at-minus-twenty.md', import.meta.url));
const DAY = 24 * HOUR;
const QUIET_RUNS = 24;

let articles: string;
let web: SampleWeb | null = null;
let repo: GitRepo;
let paths: SitePaths;
let time: Clock;
let fresh: GitRepo;

/** `git clone` of the site: what a fresh runner checks out, without .gleaner/. */
function cloneRepo(site: GitRepo): GitRepo {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-quiet-clone-'));
  site.run('clone', '-q', site.dir, dir);
  const clone = initRepo(dir, []);
  clone.run('config', 'user.name', 'test');
  clone.run('config', 'user.email', 'test@example.invalid');
  return clone;
}

async function startWeb(): Promise<SampleWeb> {
  web = await startSampleWeb({ articlesDir: articles });
  return web;
}

/** One crawl of the running sample web (images on: icons are checked), then the workflow's commit; whether it committed. */
async function hourlyRun(label: string, site = repo, options: { refresh?: boolean } = {}): Promise<{ committed: boolean; published: number }> {
  const config = testConfig(web!, (c) => ({ ...c, images: { enabled: true } }));
  const summary = await runCrawl(config, sitePaths(site.dir), { now: time.fn, ...options });
  return { committed: site.commitRun(label), published: summary.published };
}

/** The rows of one table of the segment the last commit added. */
async function lastSegmentRows(table: string, site = repo): Promise<Array<Record<string, SqlValue>>> {
  const repo = site;
  const added = repo.run('diff-tree', '--no-commit-id', '--name-only', '--diff-filter=A', '-r', 'HEAD').trim().split('\n').filter((f) => f.startsWith('data/segments/'));
  expect(added).toHaveLength(1);
  const db = new (await engine()).Database(readFileSync(join(repo.dir, added[0]!)));
  try {
    const result = db.exec(`SELECT * FROM ${table}`)[0];
    return (result?.values ?? []).map((values) => Object.fromEntries(result!.columns.map((c, i) => [c, values[i]!])));
  } finally {
    db.close();
  }
}

const commits = () => Number(repo.run('rev-list', '--count', 'HEAD').trim());

beforeAll(() => {
  articles = mkdtempSync(join(tmpdir(), 'gleaner-quiet-articles-'));
  cpSync(FIXTURE_ARTICLES, articles, { recursive: true });
  repo = initRepo(mkdtempSync(join(tmpdir(), 'gleaner-quiet-site-')), ['.gleaner/', 'dist/', 'archive/']);
  paths = sitePaths(repo.dir);
  time = clock();
});

afterAll(async () => {
  await web?.close();
  rmSync(articles, { recursive: true, force: true });
  rmSync(repo.dir, { recursive: true, force: true });
  if (fresh) rmSync(fresh.dir, { recursive: true, force: true });
});

describe('hourly runs of an idle site', () => {
  const quietStarts: string[] = [];

  it('commit the first crawl', async () => {
    await startWeb();
    const first = await hourlyRun('first crawl');
    expect(first.published).toBeGreaterThan(0);
    expect(first.committed).toBe(true);
  }, 60_000);

  it(`make no commit in ${QUIET_RUNS} runs that find nothing new, though the first checks every icon again`, async () => {
    const before = commits();
    // A month on: every host's icon is due again (ICON_REFRESH_DAYS), and is unchanged.
    time.advance(30 * DAY);
    for (let i = 0; i < QUIET_RUNS; i++) {
      quietStarts.push(new Date(time.now).toISOString());
      const run = await hourlyRun(`quiet run ${i + 1}`);
      expect(run.published).toBe(0);
      time.advance(HOUR);
    }
    expect(commits()).toBe(before);
    expect(repo.run('status', '--porcelain', '--', 'content', 'data', 'media')).toBe('');
    expect(existsSync(paths.bookkeeping)).toBe(true);
  }, 240_000);

  it('make exactly one commit when one article appears, its segment carrying the quiet runs\' bookkeeping', async () => {
    await web!.close();
    cpSync(NEW_ARTICLE, join(articles, 'climate', '02-what-a-heat-pump-does-at-minus-twenty.md'));
    await startWeb();
    // A fresh clone (no .gleaner/: no snapshot, no bookkeeping) at the same hour, for the next test.
    fresh = cloneRepo(repo);
    const before = commits();
    const run = await hourlyRun('one new article');
    expect(run.published).toBe(1);
    expect(commits()).toBe(before + 1);

    // Every quiet run's row, and the icon checks of the first quiet run, reached git with it.
    const runs = (await lastSegmentRows('runs')).map((r) => String(r.started_at));
    expect(runs).toEqual(expect.arrayContaining(quietStarts));
    expect(runs).toHaveLength(QUIET_RUNS + 1);
    const icons = await lastSegmentRows('source_icons');
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(icon.checked_at).toBe(quietStarts[0]);
    expect(existsSync(paths.bookkeeping)).toBe(false);
    time.advance(HOUR);
  }, 60_000);

  it('lose only bookkeeping with the cache: a fresh clone publishes the same article in one commit', async () => {
    const before = Number(fresh.run('rev-list', '--count', 'HEAD').trim());
    const run = await hourlyRun('one new article, from a fresh clone', fresh);
    expect(run.published).toBe(1);
    expect(Number(fresh.run('rev-list', '--count', 'HEAD').trim())).toBe(before + 1);
    expect(fresh.run('ls-files', 'content')).toBe(repo.run('ls-files', 'content'));
    // Without the file the quiet runs' rows are not in its segment: only this run's.
    expect(await lastSegmentRows('runs', fresh)).toHaveLength(1);
    time.advance(HOUR);
  }, 60_000);

  it('commit when the sources start failing (readers see it), and not when they fail once more', async () => {
    const config = testConfig(web!, (c) => ({ ...c, images: { enabled: true } }));
    await web!.close();
    web = null;
    const before = commits();
    await runCrawl(config, paths, { now: time.fn, refresh: true });
    expect(repo.commitRun('sources failing')).toBe(true);
    const failing = await lastSegmentRows('sources');
    expect(failing.length).toBeGreaterThan(0);
    for (const source of failing) expect(source.consecutive_failures).toBe(1);
    time.advance(HOUR);
    await runCrawl(config, paths, { now: time.fn, refresh: true });
    expect(repo.commitRun('sources still failing')).toBe(false);
    expect(commits()).toBe(before + 1);
  }, 60_000);
});
