// Pure-stage benchmark (npm run bench:pipeline).
//
// 1. The pure stages a fetched page goes through (crawler/process/process-page.ts): extract (extractPage),
//    clean (quality check, sanitize, HTML → Markdown), enrich (tags, excerpt, reading time) and
//    dedup (content hash, MinHash signature, LSH lookup and insert), timed stage by stage over the
//    extraction dev set (../shared/datasets/extraction-dev; skipped with a note when absent, as in
//    a fork) and over generated news pages. Pages per second per core are computed from the CPU
//    time the process used (so other load on the machine does not count), wall-clock figures
//    beside them. Then processPage, the composition the crawler runs, inline and in the crawler's
//    worker pool (crawl.processWorkers) sized to the cores, to show whether the pool pays.
// 2. Dedup at scale, in a child process so its memory is its own: 100,000 generated articles
//    (600–1,500 words) signed, looked up and added to the LSH index one by one, as the pipeline
//    does. Time and peak RSS.
// Results also go to bench-results/pipeline.json.
//
//   npm run bench:pipeline -- [--dataset <dir>] [--generated 300] [--dedup 100000] [--workers N]

import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerProcessor } from '../../../crawler/process/pool.ts';
import { processPage, type ProcessOptions } from '../../../crawler/process/process-page.ts';
import { loadDataset } from './lib/extraction-dataset.ts';
import { newsPage } from './lib/news-pages.ts';
import { runStages, STAGES, type StageRun } from './lib/stage-timer.ts';
import type { DedupScaleResult } from './lib/dedup-scale.ts';
import { describeMachine, machine, PROJECT, writeResults } from './lib/results.ts';
import { count, mb, printTable, seconds } from './lib/table.ts';
import { commandArgs } from '../../kit/args.ts';

const parsed = commandArgs(process.argv.slice(2), {
  dataset: { type: 'string', default: join(PROJECT, '..', 'shared', 'datasets', 'extraction-dev') },
  generated: { type: 'string', default: '300' },
  dedup: { type: 'string', default: '100000' },
  workers: { type: 'string', default: String(availableParallelism()) },
}, 'usage: npm run bench:pipeline -- [--dataset <dir>] [--generated 300] [--dedup 100000] [--workers N]');
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
const generatedCount = Number(args.generated);
const dedupCount = Number(args.dedup);
const workers = Number(args.workers);
const PROCESS: ProcessOptions = { minWords: 150, maskProfanity: false };

interface Corpus {
  name: string;
  pages: Array<{ html: string; url: string }>;
}

const started = machine();
console.log(`bench:pipeline on ${describeMachine(started)}`);

const corpora: Corpus[] = [];
const datasetDir = resolve(args.dataset);
if (existsSync(join(datasetDir, 'ground-truth.json'))) {
  const dataset = await loadDataset(datasetDir);
  corpora.push({ name: 'extraction dev set', pages: dataset.pages.map((p) => ({ html: p.html, url: p.url })) });
} else {
  console.log(`no extraction dev set at ${datasetDir}: measuring generated pages only`);
}
corpora.push({ name: 'generated news pages', pages: Array.from({ length: generatedCount }, (_, i) => newsPage(i + 1)) });

// ---------- 1. stage by stage, one core ----------

const stageRuns: Array<StageRun & { corpus: string; pages: number; kB: number }> = [];
for (const corpus of corpora) {
  const run = runStages(corpus.pages, PROCESS);
  stageRuns.push({ ...run, corpus: corpus.name, pages: corpus.pages.length, kB: corpus.pages.reduce((s, p) => s + p.html.length, 0) / corpus.pages.length / 1000 });
}

console.log('\npure stages, one thread: CPU ms per page, and pages per second per core (from CPU time)');
printTable(
  ['corpus', 'pages', 'avg HTML', ...STAGES.map((s) => `${s} ms`), 'total ms', 'pages/s/core', 'pages/s (wall)', 'articles'],
  stageRuns.map((r) => [
    r.corpus,
    count(r.pages),
    `${r.kB.toFixed(0)} kB`,
    ...STAGES.map((s) => (r.cpuMs[s] / r.pages).toFixed(2)),
    (r.totalCpuMs / r.pages).toFixed(2),
    (r.pages / (r.totalCpuMs / 1000)).toFixed(0),
    (r.pages / (r.wallMs / 1000)).toFixed(0),
    count(r.articles),
  ]),
);
console.log(`peak RSS of this process so far: ${mb(process.resourceUsage().maxRSS * 1024)}`);

// ---------- processPage inline vs the worker pool ----------

const poolRows: string[][] = [];
const poolResults: Array<{ corpus: string; inlinePagesPerSecond: number; poolPagesPerSecond: number; workers: number }> = [];
for (const corpus of corpora) {
  const inlineStart = performance.now();
  for (const page of corpus.pages) processPage(page.html, page.url, PROCESS);
  const inlineMs = performance.now() - inlineStart;
  const pool = workerProcessor(workers);
  // Warm the workers (module load, JIT) before timing.
  await Promise.all(corpus.pages.slice(0, workers * 4).map((p) => pool.process(p.html, p.url, PROCESS)));
  const poolStart = performance.now();
  await Promise.all(corpus.pages.map((p) => pool.process(p.html, p.url, PROCESS)));
  const poolMs = performance.now() - poolStart;
  await pool.close();
  const inlineRate = corpus.pages.length / (inlineMs / 1000);
  const poolRate = corpus.pages.length / (poolMs / 1000);
  poolResults.push({ corpus: corpus.name, inlinePagesPerSecond: inlineRate, poolPagesPerSecond: poolRate, workers });
  poolRows.push([corpus.name, inlineRate.toFixed(0), poolRate.toFixed(0), `${(poolRate / inlineRate).toFixed(2)}×`]);
}
console.log(`\nprocessPage (all stages composed), wall clock: main thread vs a pool of ${workers} worker threads`);
printTable(['corpus', 'inline pages/s', `pool(${workers}) pages/s`, 'speed-up'], poolRows);
const stagesRss = process.resourceUsage().maxRSS * 1024;
console.log(`peak RSS of this process (stages, dataset and pool): ${mb(stagesRss)}`);

// ---------- 2. dedup at scale, in a child ----------

const dedup = await new Promise<DedupScaleResult>((resolveDedup, reject) => {
  const child = fork(fileURLToPath(new URL('./lib/dedup-scale.ts', import.meta.url)), [String(dedupCount)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.once('message', (m) => resolveDedup(m as DedupScaleResult));
  child.once('error', reject);
  child.once('exit', (code) => (code ? reject(new Error(`dedup child exited with ${code}`)) : undefined));
});
console.log(`\ndedup at scale: ${count(dedup.articles)} generated articles (mean ${dedup.meanWords} words), signed, looked up and indexed one by one`);
printTable(
  ['articles', 'sign', 'lookup + index', 'total', 'articles/s', 'near-duplicates', 'peak RSS', 'heap used'],
  [[count(dedup.articles), seconds(dedup.signMs), seconds(dedup.lookupMs), seconds(dedup.signMs + dedup.lookupMs), count(Math.round(dedup.articles / ((dedup.signMs + dedup.lookupMs) / 1000))), count(dedup.nearDuplicates), mb(dedup.peakRssBytes), mb(dedup.heapUsedBytes)]],
);

const file = writeResults('pipeline', { machine: started, finishedLoadAverage: machine().loadAverage, processOptions: PROCESS, stages: stageRuns, stagesPeakRssBytes: stagesRss, pool: poolResults, dedup });
console.log(`\nwrote ${file}`);
