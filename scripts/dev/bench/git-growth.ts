import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../../../crawler/config/index.ts';
import { sitePaths } from '../../../crawler/paths.ts';
import { runCrawl } from '../../../crawler/pipeline/index.ts';
import { demoConfig } from '../demo/config.ts';
import { startSampleWeb } from '../demo/index.ts';
import { countFiles } from '../../deploy/files.ts';
import { TOPIC_SITES, writeSampleWebArticles } from './lib/sample-web-articles.ts';
import { initRepo } from './lib/git-repo.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';
import { printTable } from './lib/table.ts';
import { commandArgs } from '../../kit/args.ts';

// npm run bench:git-growth: how much the git repository grows per crawl run.
//
// A temp git repository plays the site's repository. Each run adds ten new articles per topic
// to the sample web (synthetic prose written as sample-web article files, so feeds, pages and
// lead images are served exactly as the demo serves them), crawls with perTopicPerRun 10 (30
// articles a run), and commits content/, data/ and media/ like the crawl workflow does. After
// each commit it records the loose objects the commit added (the worst case: no deltas), the
// thin pack a push would send, and the packed repository size after `git gc`. A last run with
// nothing new must leave nothing to commit.

const parsed = commandArgs(process.argv.slice(2), {
  runs: { type: 'string', default: '8' },
  keep: { type: 'boolean', default: false },
}, 'usage: npm run bench:git-growth -- [--runs 8] [--keep]');
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
const RUNS = Number(args.runs);
const PER_TOPIC = 10;

const work = mkdtempSync(join(tmpdir(), 'gleaner-git-growth-'));
const articlesDir = join(work, 'articles');
const repo = initRepo(join(work, 'site'), ['*.tmp', 'dist/', '.gleaner/']);

/** Sample-web article files for run `run` (1-based): ten per topic, each newer than the last run's. */
function writeArticles(run: number): void {
  const perRun = PER_TOPIC * TOPIC_SITES.length;
  writeSampleWebArticles({ dir: articlesDir, from: (run - 1) * perRun, count: perRun, startMs: Date.UTC(2026, 0, 1), spacingMs: 3_600_000 });
}

const kib = (n: number) => `${n.toFixed(0)} KiB`;

const paths = sitePaths(repo.dir);
let clock = Date.UTC(2026, 0, 2);
const rows: string[][] = [];
const growth = { loose: [] as number[], push: [] as number[], packed: [] as number[], media: [] as number[], content: [] as number[], data: [] as number[] };

async function crawl(): Promise<{ published: number; saved: boolean }> {
  const web = await startSampleWeb({ articlesDir });
  try {
    const base = demoConfig(web);
    const config = parseConfig({ ...base, publish: { perTopicPerRun: PER_TOPIC }, crawl: { ...base.crawl, perHostDelayMs: 0, maxPagesPerRun: 5000 } });
    clock += 3_600_000;
    const summary = await runCrawl(config, paths, { refresh: true, now: () => clock });
    return { published: summary.published, saved: summary.saved };
  } finally {
    await web.close();
  }
}

const started = machine();
console.log(`bench:git-growth on ${describeMachine(started)}`);
console.log(`git growth: ${RUNS} crawl runs of ${PER_TOPIC * TOPIC_SITES.length} new articles each, in ${repo.dir}\n`);
let before = repo.objects();
for (let run = 1; run <= RUNS; run++) {
  writeArticles(run);
  const started = performance.now();
  const { published } = await crawl();
  const crawlMs = performance.now() - started;
  repo.commitRun(`crawl run ${run}`);
  const committed = repo.objects();
  const push = repo.pushBytes() / 1024;
  const byFolder = repo.newObjectsByFolder();
  growth.media.push(byFolder.media ?? 0);
  growth.content.push(byFolder.content ?? 0);
  // New images and Markdown files have nothing to delta against; the database's share of the push is the rest.
  growth.data.push(Math.max(0, push - (byFolder.media ?? 0) - (byFolder.content ?? 0)));
  repo.run('gc', '-q');
  const packed = repo.objects();
  const loose = committed.looseKiB - before.looseKiB;
  growth.loose.push(loose);
  growth.push.push(push);
  growth.packed.push(packed.packKiB - before.packKiB);
  rows.push([
    String(run),
    String(published),
    String(countFiles(paths.content)),
    String(countFiles(paths.media)),
    kib(dirBytes(paths.segments) / 1024),
    kib(loose),
    kib(push),
    kib(packed.packKiB),
    kib(packed.packKiB - before.packKiB),
    `${(crawlMs / 1000).toFixed(1)} s`,
  ]);
  before = packed;
}

// A run with nothing new must leave the working tree clean.
const idle = await crawl();
const status = repo.run('status', '--porcelain', '--', 'content', 'data', 'media').trim();

printTable(['run', 'published', 'content files', 'media files', 'data/segments', 'loose +', 'push (thin pack)', 'packed total', 'packed +', 'crawl'], rows);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const later = (xs: number[]) => (xs.length > 1 ? xs.slice(1) : xs);
console.log(`\nper run of ${PER_TOPIC * TOPIC_SITES.length} articles (runs 2-${RUNS}, after the first):`);
console.log(`  loose objects added:   ${kib(mean(later(growth.loose)))} (no delta compression: what a commit writes before gc)`);
console.log(`  push (thin pack):      ${kib(mean(later(growth.push)))} (what the workflow sends to GitHub)`);
console.log(`  packed growth:         ${kib(mean(later(growth.packed)))} (repository size after git gc)`);
console.log(`  of the push: media/ ${kib(mean(later(growth.media)))}, content/ ${kib(mean(later(growth.content)))}, data/ about ${kib(mean(later(growth.data)))} (this run's segment)`);
console.log(`\nrun with nothing new: published ${idle.published}, state saved: ${idle.saved}, git status: ${status === '' ? 'clean (nothing to commit)' : `CHANGED\n${status}`}`);

const file = writeResults('git-growth', { machine: started, finishedLoadAverage: machine().loadAverage, runs: RUNS, perRun: PER_TOPIC * TOPIC_SITES.length, table: rows, growthKiB: growth, idle: { ...idle, gitStatus: status } });
console.log(`\nwrote ${file}`);
if (args.keep) console.log(`\nkept ${work}`);
else rmSync(work, { recursive: true, force: true });
if (status !== '') process.exitCode = 1;

/** Bytes of every file under `dir`. */
function dirBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) if (e.isFile()) total += statSync(join(e.parentPath, e.name)).size;
  return total;
}
