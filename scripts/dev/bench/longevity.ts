// Longevity benchmark (npm run bench:longevity): what one hourly run costs as the site grows.
//
// A real git repository plays the site's repository. For each size (1k, 10k, 50k, 100k articles
// by default) the site's history is first written directly, a run of --batch articles at a time
// made by the store and the publisher as a crawl run makes it (lib/longevity-history.ts), each
// run committed like the workflow commits. At the size, after one real crawl (which learns what a
// generated history lacks: the sources' names), the site is built cold (as after a
// template change: its time and memory), a reader's first search is measured in Chromium, and
// then the real thing runs as the hourly workflow does: the sample web publishes --add new
// articles, the real crawl picks them up (a child process: time and peak memory of its process
// tree), the result is committed, and the site is built from a fresh checkout with the build
// manifest restored (dist/ empty: the build writes what changed, which is what the deploy
// uploads). The repository's growth comes from git itself (count-objects, the push's thin pack).
//
//   npm run bench:longevity -- [--articles 1000,10000,50000,100000] [--add 100] [--runs 1]
//                              [--batch 1000] [--image-widths 320,640,1024] [--no-cold] [--no-search] [--keep]
//                              [--site DIR] [--cpu-prof DIR] [--keep-cold-dist DIR] [--media-bucket] [--no-build]
//
// --site DIR (with --runs 0: the history only) keeps the site in DIR and, when DIR holds one from an earlier run, carries on from
// it: the history is written only up to the sizes it lacks. Two versions of the code can then be
// measured on one history, one after the other (an hourly run adds --add articles each time).
// --cpu-prof DIR writes V8 CPU profiles of each hourly build's Node processes into DIR/run-N.
// --media-bucket switches the site to lead images in the bucket (data/media/store.json, committed
// before the hourly runs) so that a run's repository growth is content and segments alone: its
// crawl stages its images (no bucket here: they stay in .gleaner/media/) and names them in the
// media manifest. The images the history wrote stay in git; only new ones go elsewhere.
// --keep-cold-dist DIR moves the cold build's dist/ to DIR/<articles> (the hourly runs start
// without one anyway), for benches that need a whole built site, such as bench:console.
// --no-build (with --no-cold) measures the hourly runs' crawl, commit and repository growth without
// their build: a site grown past the build memory any kept build made would build cold, for an hour.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseConfig, type UserConfig } from '../../../crawler/config/index.ts';
import { readMediaStore, writeMediaStore } from '../../../crawler/media/store-file.ts';
import { sitePaths } from '../../../crawler/paths.ts';
import type { RunSummary } from '../../../crawler/pipeline/summary.ts';
import { demoConfig, startSampleWeb } from '../demo/index.ts';
import { chromiumAvailable } from '../lib/chromium.ts';
import { initRepo, type TreeFigures } from './lib/git-repo.ts';
import { imagePool, writeHistoryRun } from './lib/longevity-history.ts';
import { runMeasured } from './lib/measured-child.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';
import { prepareRoot, runBuild, type MeasuredBuild } from './lib/run-build.ts';
import { TOPIC_SITES, writeSampleWebArticles } from './lib/sample-web-articles.ts';
import { measureSearchBytes } from './lib/search-bytes.ts';
import { count, gb, kb, printTable, seconds } from './lib/table.ts';
import { commandArgs } from '../../kit/args.ts';
import { summary } from '../../../site/builder/index.ts';

const USAGE = 'usage: npm run bench:longevity -- [--articles 1000,10000,50000,100000] [--add 100] [--runs 1] [--batch 1000] [--image-widths 320,640,1024] [--no-cold] [--no-search] [--keep] [--site DIR] [--cpu-prof DIR] [--keep-cold-dist DIR] [--media-bucket] [--no-build]';
const parsed = commandArgs(process.argv.slice(2), {
  articles: { type: 'string', default: '1000,10000,50000,100000' },
  add: { type: 'string', default: '100' },
  runs: { type: 'string', default: '1' },
  batch: { type: 'string', default: '1000' },
  'image-widths': { type: 'string' },
  'no-cold': { type: 'boolean', default: false },
  'no-build': { type: 'boolean', default: false },
  'media-bucket': { type: 'boolean', default: false },
  'no-search': { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
  site: { type: 'string' },
  'cpu-prof': { type: 'string' },
  'keep-cold-dist': { type: 'string' },
}, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
const sizes = args.articles.split(',').map((s) => Number(s.trim().replace(/k$/i, '000')));
const ADD = Number(args.add);
const RUNS = Number(args.runs);
const BATCH = Number(args.batch);
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || ![ADD, BATCH].every((n) => Number.isInteger(n) && n >= 1) || !Number.isInteger(RUNS) || RUNS < 0 || (RUNS === 0 && !args.site)) {
  console.error(USAGE);
  process.exit(2);
}
sizes.sort((a, b) => a - b);

const CRAWL_CHILD = fileURLToPath(new URL('./lib/crawl-child.ts', import.meta.url));
/** The site's clock: one hourly run of ADD articles an hour, from the first of January 2026. */
const START_MS = Date.UTC(2026, 0, 1);
const SPACING_MS = 3_600_000 / ADD;

interface RunFigures {
  published: number;
  crawl: { wallMs: number; peakBytes: number };
  /** null with --no-build. */
  build: { wallMs: number; peakBytes: number; mode: string; rendered: number; filesChanged: number; uploadBytes: number; removed: number } | null;
  repo: { looseKiB: number; pushKiB: number; byFolderKiB: Record<string, number> };
}

interface SizeFigures {
  articles: number;
  historyMs: number;
  runs: RunFigures[];
  tree: TreeFigures;
  cold: { wallMs: number; peakBytes: number; pages: number; files: number } | null;
  search: { query: string; bytes: number; gzipBytes: number; requests: number; results: number }[] | null;
  loadAverage: number[];
}

const started = machine();
console.log(`bench:longevity on ${describeMachine(started)}`);
const work = args.site ? resolve(args.site) : mkdtempSync(join(tmpdir(), 'gleaner-longevity-'));
const keep = args.keep || Boolean(args.site);
const root = join(work, 'site');
/** How far the kept site's history went (--site): article numbers handed out, and articles on the site. */
const COUNTERS = join(work, 'bench-counters.json');
const kept = existsSync(COUNTERS) ? (JSON.parse(readFileSync(COUNTERS, 'utf8')) as { next: number; onSite: number }) : null;
const saveCounters = () => writeFileSync(COUNTERS, JSON.stringify({ next, onSite }));
const webDir = join(work, 'web');
const repo = initRepo(root, ['.gleaner/', 'dist/', 'dist-shards/', 'node_modules', '*.tmp']);
prepareRoot(root);
const paths = sitePaths(root);
// The site's config without a web to crawl (the history is written directly), and as a file for the build.
// --image-widths sets images.widths (the variants the crawler stores), to see what images cost in git.
const widths = args['image-widths']?.split(',').map(Number);
const withImages = (user: UserConfig): UserConfig => (widths ? { ...user, images: { ...user.images, widths } } : user);
const siteUser: UserConfig = withImages(demoConfig({ resolve: {} }));
const config = parseConfig(siteUser);
const configFile = join(work, 'site-config.json');
writeFileSync(configFile, JSON.stringify(siteUser));
const pool = await imagePool(config);
console.log(`site in ${root}; ${sizes.map(count).join(', ')} articles; runs of ${ADD}\n`);

// A history of hundreds of thousands of articles takes hours: SIGTERM (or Ctrl-C) stops after the
// run being written is committed, so --site DIR carries on from there next time.
let stopping = false;
const stopAfterRun = () => {
  if (!stopping) console.log('  stopping after the run being written (--site carries on from there)');
  stopping = true;
};
process.on('SIGTERM', stopAfterRun);
process.on('SIGINT', stopAfterRun);

/** Article numbers handed out so far (history and sample web share them: every article is new). */
let next = kept?.next ?? 0;
/** Articles on the site. */
let onSite = kept?.onSite ?? 0;
if (kept) console.log(`carrying on from the site in ${work}: ${count(onSite)} articles`);
const results: SizeFigures[] = [];
try {
  for (const size of sizes) {
    const historyStarted = performance.now();
    while (onSite < size) {
      const n = Math.min(BATCH, size - onSite);
      const at = await writeHistoryRun({ paths, config, first: next, count: n, startMs: START_MS, spacingMs: SPACING_MS, images: pool });
      next += n;
      onSite += n;
      repo.commitRun(`Crawl ${new Date(at).toISOString()} (generated, ${n} articles)`);
      saveCounters();
      await new Promise(setImmediate); // lets a signal in between runs
      if (onSite % (BATCH * 10) === 0 || onSite === size || stopping) process.stdout.write(`  history: ${count(onSite)} articles (${seconds(performance.now() - historyStarted)})\n`);
      if (stopping) break;
    }
    if (stopping) break;
    const historyMs = performance.now() - historyStarted;
    // --runs 0 --site DIR: only write the history, to measure on later.
    if (RUNS === 0) continue;

    let cold: SizeFigures['cold'] = null;
    let search: SizeFigures['search'] = null;
    if (!args['no-cold']) {
      // A generated history lacks what only a real crawl learns (the sources' names, which every
      // card shows): one crawl first, so the cold build shows what later builds show and the hourly
      // runs after it measure an ordinary hour, not one that re-renders every page once.
      await crawlAndCommit();
      saveCounters();
      rmSync(paths.dist, { recursive: true, force: true });
      const build = await runBuild({ root, configFile, cold: true });
      cold = { wallMs: build.wallMs, peakBytes: build.peakTreeRssBytes, pages: build.report.pages, files: build.report.files };
      console.log(`  cold build at ${count(onSite)}: ${seconds(build.wallMs)}, peak ${gb(build.peakTreeRssBytes)}, ${count(build.report.pages)} pages`);
      console.log(indent(summary(build.report)));
      if (!args['no-search'] && chromiumAvailable()) {
        const queries = [TOPIC_SITES[0]!.bank.nouns[5]!, TOPIC_SITES[1]!.bank.tags[0]!];
        const measured = await measureSearchBytes(paths.dist, { queries });
        search = measured.map((m) => ({ query: m.query, bytes: m.bytes, gzipBytes: m.gzipBytes, requests: m.requests, results: m.results }));
      }
      if (args['keep-cold-dist']) {
        const kept = resolve(args['keep-cold-dist'], String(onSite));
        rmSync(kept, { recursive: true, force: true });
        mkdirSync(resolve(args['keep-cold-dist']), { recursive: true });
        renameSync(paths.dist, kept);
        console.log(`  the cold build's dist/ kept in ${kept}`);
      }
    }

    if (args['media-bucket'] && readMediaStore(paths) !== 'bucket') {
      writeMediaStore(paths, 'bucket');
      repo.commitRun('Lead images in the bucket from here on (bench:longevity --media-bucket)');
      console.log('  lead images of the runs from here on: in the bucket (data/media/store.json)');
    }
    const runs: RunFigures[] = [];
    for (let r = 0; r < RUNS; r++) {
      runs.push(await hourlyRun());
      saveCounters();
      const last = runs[runs.length - 1]!;
      console.log(
        `  run at ${count(onSite)}: +${last.published} · crawl ${seconds(last.crawl.wallMs)} ${gb(last.crawl.peakBytes)} · ${last.build ? `build ${seconds(last.build.wallMs)} ${gb(last.build.peakBytes)} (${last.build.mode}, ${last.build.filesChanged} files, ${kb(last.build.uploadBytes)})` : 'no build'} · git +${last.repo.looseKiB} KiB loose, push ${last.repo.pushKiB} KiB`,
      );
    }
    const tree = repo.tree();
    results.push({ articles: onSite, historyMs, runs, tree, cold, search, loadAverage: machine().loadAverage });
  }
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}

async function hourlyRun(): Promise<RunFigures> {
  const { crawl, figures } = await crawlAndCommit();
  if (args['no-build']) return { published: crawl.answer.summary.published, crawl: { wallMs: crawl.wallMs, peakBytes: crawl.peakTreeRssBytes }, build: null, repo: figures };

  // The workflow's runner: a fresh checkout (no dist/), the build manifest restored from its cache.
  rmSync(paths.dist, { recursive: true, force: true });
  const cpuProfDir = args['cpu-prof'] ? resolve(args['cpu-prof'], `run-${next}`) : undefined;
  const build: MeasuredBuild = await runBuild({ root, configFile, cpuProfDir });
  console.log(indent(summary(build.report)));
  return {
    published: crawl.answer.summary.published,
    crawl: { wallMs: crawl.wallMs, peakBytes: crawl.peakTreeRssBytes },
    build: {
      wallMs: build.wallMs,
      peakBytes: build.peakTreeRssBytes,
      mode: build.report.mode,
      rendered: build.report.rendered,
      filesChanged: build.report.changed.files,
      uploadBytes: build.report.changed.bytes,
      removed: build.report.removed,
    },
    repo: figures,
  };
}

/** The sample web publishes ADD new articles, the real crawl picks them up, and the result is committed as the workflow commits it. */
async function crawlAndCommit() {
  rmSync(webDir, { recursive: true, force: true });
  writeSampleWebArticles({ dir: webDir, from: next, count: ADD, startMs: START_MS, spacingMs: SPACING_MS });
  next += ADD;
  const nowMs = START_MS + next * SPACING_MS;
  const web = await startSampleWeb({ articlesDir: webDir });
  let crawl: Awaited<ReturnType<typeof runMeasured<{ summary: RunSummary }>>>;
  try {
    const crawlFile = join(work, 'crawl-config.json');
    writeFileSync(crawlFile, JSON.stringify(withImages(demoConfig(web))));
    crawl = await runMeasured<{ summary: RunSummary }>(CRAWL_CHILD, [JSON.stringify({ root, configFile: crawlFile, nowMs })], { cwd: root });
  } finally {
    await web.close();
  }
  onSite += crawl.answer.summary.published;

  const before = repo.objects();
  const committed = repo.commitRun(`Crawl ${new Date(nowMs).toISOString()}`);
  const after = repo.objects();
  const figures: RunFigures['repo'] = committed
    ? { looseKiB: after.looseKiB - before.looseKiB, pushKiB: Math.round(repo.pushBytes() / 1024), byFolderKiB: roundAll(repo.newObjectsByFolder()) }
    : { looseKiB: 0, pushKiB: 0, byFolderKiB: {} };
  return { crawl, figures };
}

function indent(text: string): string {
  return text.replace(/^/gm, '    ');
}

function roundAll(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, Math.round(v)]));
}

if (RUNS === 0) {
  console.log(`history written: ${count(onSite)} articles in ${work}`);
  process.exit(0);
}

// The report.
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const per = (s: SizeFigures, pick: (r: RunFigures) => number) => median(s.runs.map(pick));
const built = !args['no-build'];
const perBuild = (s: SizeFigures, pick: (b: NonNullable<RunFigures['build']>) => number) => per(s, (r) => (r.build ? pick(r.build) : 0));
console.log(`\nA run that adds ${ADD} articles (median of ${RUNS}), as the hourly workflow runs it:`);
printTable(
  ['articles', 'crawl+publish', 'crawl peak', 'build', 'build peak', 'files changed', 'deploy uploads', 'repo growth (loose)', 'push', 'load'],
  results.map((s) => [
    count(s.articles),
    seconds(per(s, (r) => r.crawl.wallMs)),
    gb(per(s, (r) => r.crawl.peakBytes)),
    built ? seconds(perBuild(s, (b) => b.wallMs)) : '—',
    built ? gb(perBuild(s, (b) => b.peakBytes)) : '—',
    built ? count(perBuild(s, (b) => b.filesChanged)) : '—',
    built ? `${(perBuild(s, (b) => b.uploadBytes) / 1024 / 1024).toFixed(2)} MB` : '—',
    `${count(per(s, (r) => r.repo.looseKiB))} KiB`,
    `${count(per(s, (r) => r.repo.pushKiB))} KiB`,
    s.loadAverage[0]!.toFixed(2),
  ]),
);
const folders = [...new Set(results.flatMap((s) => s.runs.flatMap((r) => Object.keys(r.repo.byFolderKiB))))].sort();
console.log(`\nOf the repository growth (KiB of new objects by folder, before deltas):`);
printTable(['articles', ...folders], results.map((s) => [count(s.articles), ...folders.map((f) => count(per(s, (r) => r.repo.byFolderKiB[f] ?? 0)))]));

console.log('\nThe site at each size:');
printTable(
  ['articles', 'tracked files', 'checkout', 'largest tracked file', 'widest folder', 'first search', 'cold build', 'cold peak', 'history written in'],
  results.map((s) => [
    count(s.articles),
    count(s.tree.files),
    `${(s.tree.bytes / 1024 / 1024).toFixed(0)} MB`,
    `${(s.tree.largest.bytes / 1024 / 1024).toFixed(2)} MB (${s.tree.largest.path})`,
    `${count(s.tree.widest.entries)} (${s.tree.widest.path})`,
    s.search ? s.search.map((q) => `${kb(q.bytes)}`).join(' / ') : '—',
    s.cold ? seconds(s.cold.wallMs) : '—',
    s.cold ? gb(s.cold.peakBytes) : '—',
    seconds(s.historyMs, 0),
  ]),
);

const first = results[0]!;
const last = results[results.length - 1]!;
const runCost = (s: SizeFigures) => per(s, (r) => r.crawl.wallMs + (r.build?.wallMs ?? 0));
const checks: Array<[string, boolean, string]> = [
  [`crawl+publish ≤ 60 s at ${count(last.articles)}`, per(last, (r) => r.crawl.wallMs) <= 60_000, seconds(per(last, (r) => r.crawl.wallMs))],
  ...(built
    ? ([
        [`build ≤ 60 s at ${count(last.articles)}`, perBuild(last, (b) => b.wallMs) <= 60_000, seconds(perBuild(last, (b) => b.wallMs))],
        [`peak ≤ 2 GB at ${count(last.articles)} (crawl, build)`, Math.max(per(last, (r) => r.crawl.peakBytes), perBuild(last, (b) => b.peakBytes)) <= 2 * 1024 ** 3, `${gb(per(last, (r) => r.crawl.peakBytes))}, ${gb(perBuild(last, (b) => b.peakBytes))}`],
      ] as Array<[string, boolean, string]>)
    : [[`crawl peak ≤ 1 GB at ${count(last.articles)}`, per(last, (r) => r.crawl.peakBytes) <= 1024 ** 3, gb(per(last, (r) => r.crawl.peakBytes))] as [string, boolean, string]]),
  [`run cost ≤ 1.5× from ${count(first.articles)} to ${count(last.articles)} (crawl${built ? '+build' : ''} time)`, runCost(last) <= 1.5 * runCost(first), `${(runCost(last) / runCost(first)).toFixed(2)}×`],
  [`repository growth ≤ 1 MB a run at ${count(last.articles)} (loose objects)`, per(last, (r) => r.repo.looseKiB) <= 1024, `${count(per(last, (r) => r.repo.looseKiB))} KiB`],
  ['no tracked file over 25 MB', last.tree.largest.bytes <= 25 * 1024 * 1024, `${(last.tree.largest.bytes / 1024 / 1024).toFixed(2)} MB`],
  ['no folder over 3,000 entries', last.tree.widest.entries <= 3000, count(last.tree.widest.entries)],
  ...(last.search ? [[`first search ≤ 300 kB at ${count(last.articles)}`, Math.max(...last.search.map((q) => q.bytes)) <= 300_000, last.search.map((q) => kb(q.bytes)).join(', ')] as [string, boolean, string]] : []),
  ...(last.cold ? [[`cold build ≤ 30 min and ≤ 8 GB at ${count(last.articles)}`, last.cold.wallMs <= 30 * 60_000 && last.cold.peakBytes <= 8 * 1024 ** 3, `${seconds(last.cold.wallMs)}, ${gb(last.cold.peakBytes)}`] as [string, boolean, string]] : []),
];
console.log('\nTargets:');
printTable(['target', 'measured', ''], checks.map(([what, ok, value]) => [what, value, ok ? 'met' : 'NOT MET']));

const file = writeResults('longevity', { machine: started, finishedLoadAverage: machine().loadAverage, add: ADD, runs: RUNS, batch: BATCH, imageWidths: config.images.widths, sizes: results, checks });
console.log(`\nwrote ${file}`);
if (keep) console.log(`kept ${work}`);
