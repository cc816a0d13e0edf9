import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePaths } from '../../crawler/paths.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { initRepo } from '../../scripts/dev/bench/lib/git-repo.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { buildSite } from '../../site/builder/index.ts';
import { testConfig } from '../crawler/helpers.ts';
import { FIXTURE_ARTICLES } from '../demo/http.ts';
import { snapshot } from '../site/helpers/dist.ts';
import { parseWorkflow } from '../workflows/lint-workflow.ts';

// The hourly run in a sparse checkout (crawl.yml): the sample web crawled in January into a real
// git repository and built whole, the build memory and state snapshot kept as the workflow's
// caches keep them; in March (every icon due again) one new article. That run is made three
// times: from a partial clone checked out as the workflow does (no content/ or media/ folder, no
// segment: every earlier file is off disk), once with the state snapshot's cache and once
// without it (the snapshot is rebuilt from the segments, fetched from git's objects), and from a
// whole clone, each with the workflow's own scripts for the cone and the commit, then an
// incremental build from the caches. All must commit the same changes, none a deletion, and
// build the same dist/ and the same site.

const NEW_ARTICLE = fileURLToPath(new URL('../../scripts/dev/demo/articles/climate/02-what-a-heat-pump-does-at-minus-twenty.md', import.meta.url));
const workflow = parseWorkflow(readFileSync(join(import.meta.dirname, '..', '..', '.github', 'workflows', 'crawl.yml'), 'utf8')).workflow;
const stepScript = (pattern: RegExp) => workflow.jobs!.crawl!.steps!.find((s) => pattern.test(s.run ?? ''))!.run!;
const COMMIT = stepScript(/git commit/);
const CONE = stepScript(/git sparse-checkout add --stdin < "\$RUNNER_TEMP\/cone"/);
const JANUARY = Date.parse('2026-01-10T08:00:00Z');
const MARCH = Date.parse('2026-03-15T08:00:00Z');

let parent: string;
let articles: string;
let web: SampleWeb | null = null;
const config = () => testConfig(web!, (c) => ({ ...c, images: { enabled: true } }));
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

/** A workflow step's script, as Actions runs it (bash -e), in `dir`. */
function runStep(dir: string, script: string): string {
  const output = join(parent, `output-${Math.random().toString(36).slice(2)}`);
  execFileSync('bash', ['-e', '-c', script], { cwd: dir, env: { ...process.env, GITHUB_OUTPUT: output, RUNNER_TEMP: parent }, stdio: ['ignore', 'pipe', 'pipe'] });
  return existsSync(output) ? readFileSync(output, 'utf8') : '';
}

interface Run {
  dir: string;
  committed: string;
  changes: string;
  dist: Map<string, Buffer>;
  files: string[];
}

/** A fresh clone of `origin` with the caches of `site`, the March crawl, the workflow's commit, an incremental build. */
async function hourlyRun(name: string, origin: string, site: string, sparse: boolean, snapshotCache = true): Promise<Run> {
  const dir = join(parent, name);
  if (sparse) {
    git(parent, 'clone', '-q', '--filter=blob:none', '--sparse', '--no-checkout', `file://${origin}`, dir);
    git(dir, 'sparse-checkout', 'set', '--cone', 'crawler', 'site', 'scripts');
    git(dir, 'checkout', '-q', 'main');
    runStep(dir, CONE);
  } else {
    git(parent, 'clone', '-q', `file://${origin}`, dir);
  }
  for (const c of ['user.name', 'user.email']) git(dir, 'config', c, 'test');
  cpSync(join(site, '.gleaner'), join(dir, '.gleaner'), { recursive: true, filter: (src) => !src.includes('old-dist') && (snapshotCache || !src.includes('state.sqlite')) });
  await runCrawl(config(), sitePaths(dir), { now: () => MARCH, refresh: true });
  const committed = runStep(dir, COMMIT);
  await buildSite({ root: dir, config: config(), quiet: true });
  const list = JSON.parse(readFileSync(join(dir, 'dist', '.gleaner', 'files.json'), 'utf8')) as { files: Record<string, { md5: string }> };
  const files = Object.entries(list.files).map(([file, { md5 }]) => `${file} ${md5}`);
  return { dir, committed, changes: git(dir, 'diff', '--name-status', 'HEAD~1', 'HEAD'), dist: await snapshot(join(dir, 'dist')), files };
}

let sparse: Run;
let uncached: Run;
let full: Run;
let january: string[];
let januarySegments: string[];

/** The objects of HEAD's tree under `path` that a partial clone has not fetched. */
const unfetched = (dir: string, path: string) =>
  git(dir, 'rev-list', '--objects', '--missing=print', 'HEAD', '--', path).split('\n').filter((l) => l.startsWith('?')).map((l) => l.slice(1));

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'gleaner-sparse-'));
  articles = join(parent, 'articles');
  cpSync(FIXTURE_ARTICLES, articles, { recursive: true });
  const site = initRepo(join(parent, 'site'), ['.gleaner/', 'dist/', 'archive/']);
  web = await startSampleWeb({ articlesDir: articles });
  await runCrawl(config(), sitePaths(site.dir), { now: () => JANUARY });
  expect(site.commitRun('January')).toBe(true);
  await buildSite({ root: site.dir, config: config(), quiet: true });
  january = git(site.dir, 'ls-files', '--', 'content', 'media').trim().split('\n');
  januarySegments = git(site.dir, 'ls-files', '--', 'data/segments').trim().split('\n');

  const origin = join(parent, 'origin.git');
  git(parent, 'clone', '-q', '--bare', site.dir, origin);
  git(origin, 'config', 'uploadpack.allowFilter', 'true');
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  const fullOrigin = join(parent, 'origin-full.git');
  cpSync(origin, fullOrigin, { recursive: true });
  const uncachedOrigin = join(parent, 'origin-uncached.git');
  cpSync(origin, uncachedOrigin, { recursive: true });

  await web.close();
  cpSync(NEW_ARTICLE, join(articles, 'climate', '02-what-a-heat-pump-does-at-minus-twenty.md'));
  web = await startSampleWeb({ articlesDir: articles });
  sparse = await hourlyRun('sparse', origin, site.dir, true);
  uncached = await hourlyRun('uncached', uncachedOrigin, site.dir, true, false);
  full = await hourlyRun('full', fullOrigin, site.dir, false);
}, 600_000);

afterAll(async () => {
  await web?.close();
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('an hourly run in a sparse checkout', () => {
  it('ran sparse: January’s files stayed off disk, and the run published something', () => {
    expect(january.filter((f) => f.startsWith('content/')).length).toBeGreaterThan(5);
    expect(git(sparse.dir, 'config', '--bool', 'core.sparseCheckout').trim()).toBe('true');
    const offDisk = git(sparse.dir, 'ls-files', '-t', '--', 'content', 'media').split('\n').filter((l) => l.startsWith('S '));
    expect(offDisk.length).toBeGreaterThan(0);
    expect(offDisk.some((l) => l.startsWith('S media/'))).toBe(true);
    expect(sparse.committed).toMatch(/changed=true/);
    expect(sparse.changes).toMatch(/^A\tcontent\/climate\/2026\/03\//m);
  });

  it('read no segment it had: January’s stayed unfetched, and were fetched only to rebuild a snapshot without its cache', () => {
    expect(januarySegments.length).toBeGreaterThan(0);
    expect(januarySegments.every((f) => /^data\/segments\/2026\/01\/.+\.sqlite$/.test(f))).toBe(true);
    const listed = git(sparse.dir, 'ls-files', '-t', '--', 'data/segments').split('\n');
    for (const segment of januarySegments) expect(listed, segment).toContain(`S ${segment}`);
    expect(unfetched(sparse.dir, 'data/segments').length).toBe(januarySegments.length);
    expect(unfetched(uncached.dir, 'data/segments')).toEqual([]);
    expect(uncached.changes).toMatch(/^A\tdata\/segments\/2026\/03\//m);
  });

  it('commits what the whole checkout commits, and no deletion', () => {
    expect(sparse.changes).toBe(full.changes);
    expect(uncached.changes).toBe(full.changes);
    expect(sparse.changes).not.toMatch(/^D\t/m);
    // The icons checked again are unchanged: none saved anew because its January file was off
    // disk. The media added are the new article's lead image alone (its widths, one hash).
    const added = [...sparse.changes.matchAll(/^A\tmedia\/\d{4}\/\d{2}\/([0-9a-f]+)-/gm)].map((m) => m[1]);
    expect(added.length).toBeGreaterThan(0);
    expect(new Set(added).size).toBe(1);
    expect(git(sparse.dir, 'ls-files', '--', 'content', 'media').trim().split('\n')).toEqual(expect.arrayContaining(january));
  });

  it('builds the same dist/ as the whole checkout, and its file list still holds every January page and image', () => {
    expect([...sparse.dist.keys()].sort()).toEqual([...full.dist.keys()].sort());
    for (const [file, bytes] of full.dist) if (file !== '.gleaner/files.json') expect(sparse.dist.get(file)?.equals(bytes), file).toBe(true);
    for (const [file, bytes] of full.dist) if (file !== '.gleaner/files.json') expect(uncached.dist.get(file)?.equals(bytes), file).toBe(true);
    expect(sparse.files.sort()).toEqual(full.files.sort());
    expect(uncached.files.sort()).toEqual(full.files.sort());
    const listed = new Set(sparse.files.map((f) => f.slice(0, f.lastIndexOf(' '))));
    for (const image of january.filter((f) => f.startsWith('media/'))) expect(listed, image).toContain(`media/${image.slice(image.lastIndexOf('/') + 1)}`);
    for (const article of january.filter((f) => f.startsWith('content/'))) {
      const [, topic, , , name] = article.split('/');
      expect(listed, article).toContain(`${topic}/${name!.replace(/\.md$/, '')}/index.html`);
    }
  });
});
