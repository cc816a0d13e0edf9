import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { parseConfig } from '../../crawler/config/index.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { runCrawl } from '../../crawler/pipeline.ts';
import { demoConfig } from '../demo/config.ts';
import { startSampleWeb } from '../demo/index.ts';
import { countFiles } from '../lib/files.ts';
import { slugify } from '../lib/slug.ts';
import { createRandom, deriveSeed } from '../lib/random.ts';
import { TOPIC_BANKS, articleBody, headline, personName, sentence } from '../lib/synthetic-prose.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';
import { printTable } from './lib/table.ts';

// npm run bench:git-growth: how much the git repository grows per crawl run.
//
// A temp git repository plays the site's repository. Each run adds ten new articles per topic
// to the sample web (synthetic prose written as sample-web article files, so feeds, pages and
// lead images are served exactly as the demo serves them), crawls with perTopicPerRun 10 (30
// articles a run), and commits content/, data/ and media/ like the crawl workflow does. After
// each commit it records the loose objects the commit added (the worst case: no deltas), the
// thin pack a push would send, and the packed repository size after `git gc`. A last run with
// nothing new must leave nothing to commit.

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '8' },
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const PER_TOPIC = 10;
const TOPIC_SITES = [
  { topic: 'space', site: 'orbitalnotes', bank: TOPIC_BANKS[0] },
  { topic: 'climate', site: 'greenledger', bank: TOPIC_BANKS[3] },
  { topic: 'software', site: 'bytesmith', bank: TOPIC_BANKS[1] },
] as const;

const work = mkdtempSync(join(tmpdir(), 'gleaner-git-growth-'));
const repo = join(work, 'site');
const articlesDir = join(work, 'articles');
mkdirSync(repo);
const git = (...argv: string[]) => execFileSync('git', argv, { cwd: repo, encoding: 'utf8' });
const gitBytes = (argv: string[], input: string) => execFileSync('git', argv, { cwd: repo, input, maxBuffer: 1 << 30 });
git('init', '-q', '-b', 'main');
git('config', 'user.name', 'bench');
git('config', 'user.email', 'bench@example.invalid');
git('config', 'gc.auto', '0');
writeFileSync(join(repo, '.gitignore'), '*.tmp\ndist/\n');
git('add', '.gitignore');
git('commit', '-q', '-m', 'empty site');

/** Sample-web article files for run `run` (1-based): ten per topic, each newer than the last run's. */
function writeArticles(run: number): void {
  for (const [t, { topic, site, bank }] of TOPIC_SITES.entries()) {
    mkdirSync(join(articlesDir, topic), { recursive: true });
    for (let k = 0; k < PER_TOPIC; k++) {
      const n = (run - 1) * PER_TOPIC + k;
      const random = createRandom(deriveSeed(2024, n, t));
      const title = headline(bank, random);
      const body = articleBody(bank, random, { targetWords: random.int(600, 1200), sourceUrl: `https://${site}.test` });
      const date = new Date(Date.UTC(2026, 0, 1) + (n * 3 + t) * 3_600_000);
      const frontmatter = { title, site, author: personName(random), date: date.toISOString(), summary: sentence(bank, random), tags: random.sample(bank.tags, 3) };
      const slug = `${slugify(title, 50)}-${n}`;
      writeFileSync(join(articlesDir, topic, `${String(n).padStart(4, '0')}-${slug}.md`), `---\n${stringify(frontmatter)}---\n${body.markdown}\n`);
    }
  }
}

function objects(): { looseKiB: number; packKiB: number } {
  const fields = Object.fromEntries(
    git('count-objects', '-v')
      .trim()
      .split('\n')
      .map((line) => line.split(': ') as [string, string]),
  );
  return { looseKiB: Number(fields.size), packKiB: Number(fields['size-pack']) };
}

const kib = (n: number) => `${n.toFixed(0)} KiB`;

/** KiB the last commit's new objects take, by top-level folder (loose, zlib-compressed, before any delta). */
function newObjectsByFolder(): Record<string, number> {
  const list = git('rev-list', '--objects', 'HEAD', '^HEAD~1').trim().split('\n');
  const withPath = list.map((line) => line.split(' ')).filter((parts) => parts.length > 1);
  const sizes = gitBytes(['cat-file', '--batch-check=%(objectsize:disk)'], withPath.map((p) => p[0]).join('\n') + '\n').toString().trim().split('\n');
  const out: Record<string, number> = {};
  withPath.forEach(([, path], i) => {
    const folder = path!.split('/')[0]!;
    out[folder] = (out[folder] ?? 0) + Number(sizes[i]) / 1024;
  });
  return out;
}
const paths = sitePaths(repo);
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
console.log(`git growth: ${RUNS} crawl runs of ${PER_TOPIC * TOPIC_SITES.length} new articles each, in ${repo}\n`);
let before = objects();
for (let run = 1; run <= RUNS; run++) {
  writeArticles(run);
  const started = performance.now();
  const { published } = await crawl();
  const crawlMs = performance.now() - started;
  for (const dir of ['content', 'data', 'media']) git('add', '-A', '--', dir);
  git('commit', '-q', '-m', `crawl run ${run}`);
  const committed = objects();
  const push = gitBytes(['pack-objects', '--revs', '--thin', '--stdout', '-q'], 'HEAD\n^HEAD~1\n').length / 1024;
  const byFolder = newObjectsByFolder();
  growth.media.push(byFolder.media ?? 0);
  growth.content.push(byFolder.content ?? 0);
  // New images and Markdown files have nothing to delta against; the database's share of the push is the rest.
  growth.data.push(Math.max(0, push - (byFolder.media ?? 0) - (byFolder.content ?? 0)));
  git('gc', '-q');
  const packed = objects();
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
const status = git('status', '--porcelain', '--', 'content', 'data', 'media').trim();

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
