// Site build benchmark (npm run bench:site).
//
// For each size (default 1,000, 5,000 and 10,000 articles): generates a synthetic site (10 topics,
// 600–1,500 words an article, tags, images referenced; scripts/dev/lib/synthetic-content.ts) in a
// temp folder, then runs the full build (scripts/build.ts: Astro + Pagefind) in a child process,
// cold each time as in CI (no dist/, no Astro cache), --runs times. Prints the best run and the
// spread: wall time, pages per second, peak memory of the build's whole process tree (RSS summed
// over Node, Pagefind's binary and any other child, sampled every 100 ms), dist/ size and file
// count, Pagefind's share, and the cost per article against the smallest size. Then serves the
// last build and measures in Chromium the bytes a reader downloads for a first search.
// Results also go to bench-results/site.json.
//
//   npm run bench:site -- [--articles 1000,5000,10000] [--runs 2] [--keep <dir>]
//                         [--queries "telescope,night train,market"] [--no-search] [--cpu-prof <dir>]
//
// --keep <dir> generates into <dir> and keeps it (content/ and dist/ of the largest size, and a
// node_modules link to the project's, which Astro's prerender bundle resolves packages through).
// --cpu-prof <dir> writes V8 CPU profiles of each build's Node processes and prints a summary of
// the one that ran Astro (Pagefind's indexer is a native binary: its time is the 'pagefind' column).

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { summarizeCpuProfile } from './lib/cpu-profile.ts';
import { runBuild, type MeasuredBuild } from './lib/run-build.ts';
import { count, gb, kb, mb, percent, printTable, seconds } from './lib/table.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';
import { measureSearchBytes, type SearchMeasurement } from './lib/search-bytes.ts';
import { BENCH_PAGE_SIZE, BENCH_TOPICS, coldStart, syntheticRoot, writeArticles } from './lib/synthetic-root.ts';
import { listFiles } from '../../deploy/files.ts';
import { chromiumAvailable } from '../lib/chromium.ts';
import { commandArgs } from '../../kit/args.ts';

const USAGE = 'usage: npm run bench:site -- [--articles 1000,5000,10000] [--runs 2] [--keep <dir>] [--queries a,b] [--no-search] [--cpu-prof <dir>]';
const parsed = commandArgs(process.argv.slice(2), {
  articles: { type: 'string', default: '1000,5000,10000' },
  runs: { type: 'string', default: '2' },
  keep: { type: 'string' },
  queries: { type: 'string', default: 'telescope,night train,market' },
  'no-search': { type: 'boolean', default: false },
  'cpu-prof': { type: 'string' },
}, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
const sizes = args.articles.split(',').map((s) => Number(s.trim().replace(/_/g, '')));
const runs = Number(args.runs);
if (sizes.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(runs) || runs < 1) {
  console.error(USAGE);
  process.exit(2);
}
sizes.sort((a, b) => a - b);
const queries = args.queries.split(',').map((q) => q.trim()).filter(Boolean);
const measureSearch = !args['no-search'] && queries.length > 0;
if (measureSearch && !chromiumAvailable()) console.warn('Chromium is not installed: search bytes will be skipped (apt-get install chromium, or set CHROMIUM_PATH)');

interface SizeResult {
  articles: number;
  generateMs: number;
  runs: Array<Pick<MeasuredBuild, 'wallMs' | 'peakTreeRssBytes' | 'nodeMaxRssBytes' | 'nodeCpuMs'> & { astroMs: number; pagefindMs: number }>;
  best: number;
  pages: number;
  files: number;
  distBytes: number;
  spread: number;
  msPerArticle: number;
  pagesPerSecond: number;
  search: SearchMeasurement[] | null;
  profile?: ReturnType<typeof summarizeCpuProfile>;
}

function distBytes(dist: string, files: string[]): number {
  return files.reduce((sum, f) => sum + statSync(join(dist, f)).size, 0);
}

const started = machine();
console.log(`bench:site on ${describeMachine(started)}`);
const site = syntheticRoot(args.keep);
const results: SizeResult[] = [];
try {
  for (const articles of sizes) {
    const generateMs = await writeArticles(site.root, articles);
    console.log(`\n${count(articles)} articles generated in ${seconds(generateMs)} (${site.root})`);
    const measured: MeasuredBuild[] = [];
    let profile: SizeResult['profile'];
    for (let run = 1; run <= runs; run++) {
      coldStart(site.root);
      const profDir = args['cpu-prof'] ? join(args['cpu-prof'], `${articles}-${run}`) : undefined;
      const m = await runBuild({ root: site.root, topics: BENCH_TOPICS, pageSize: BENCH_PAGE_SIZE, cpuProfDir: profDir });
      measured.push(m);
      console.log(
        `  run ${run}: ${seconds(m.wallMs)} (astro ${seconds(m.report.timings.astroMs)}, pagefind ${seconds(m.report.timings.pagefindMs)}), ` +
          `${count(m.report.pages)} pages, peak ${gb(m.peakTreeRssBytes)}, load ${machine().loadAverage[0].toFixed(2)}`,
      );
      if (profDir) {
        // The largest profile is the process that ran Astro; the others mostly wait for it.
        const file = readdirSync(profDir)
          .filter((f) => f.endsWith('.cpuprofile'))
          .sort((a, b) => statSync(join(profDir, b)).size - statSync(join(profDir, a)).size)[0];
        if (file) profile = summarizeCpuProfile(join(profDir, file));
      }
    }
    const walls = measured.map((m) => m.wallMs);
    const bestIndex = walls.indexOf(Math.min(...walls));
    const best = measured[bestIndex];
    const dist = join(site.root, 'dist');
    const files = await listFiles(dist);
    const search = measureSearch && chromiumAvailable() ? await measureSearchBytes(dist, { queries }) : null;
    results.push({
      articles,
      generateMs: Math.round(generateMs),
      runs: measured.map((m) => ({ wallMs: m.wallMs, astroMs: m.report.timings.astroMs, pagefindMs: m.report.timings.pagefindMs, peakTreeRssBytes: m.peakTreeRssBytes, nodeMaxRssBytes: m.nodeMaxRssBytes, nodeCpuMs: m.nodeCpuMs })),
      best: bestIndex,
      pages: best.report.pages,
      files: files.length,
      distBytes: distBytes(dist, files),
      spread: (Math.max(...walls) - Math.min(...walls)) / Math.min(...walls),
      msPerArticle: best.wallMs / articles,
      pagesPerSecond: best.report.pages / (best.wallMs / 1000),
      search,
      profile,
    });
    if (profile) {
      console.log(`  profile of the last run's Astro process (${seconds(profile.totalMs)} of its main thread, self time):`);
      for (const a of profile.areas.slice(0, 12)) console.log(`    ${seconds(a.selfMs).padStart(8)}  ${a.area}`);
      for (const f of profile.functions.slice(0, 15)) console.log(`    ${seconds(f.selfMs, 2).padStart(8)}  ${f.name} ${f.where}`);
    }
  }
} finally {
  if (args.keep) console.log(`\nkept ${site.root} (content/, dist/)`);
  site.dispose();
}

const base = results[0];
console.log(`\nfull build, cold (best of ${runs}; spread = (slowest − fastest) / fastest)`);
printTable(
  ['articles', 'pages', 'wall', 'spread', 'pages/s', 'astro', 'pagefind', 'peak RSS (tree)', 'dist/ size', 'dist/ files', 'ms/article', `× ${count(base.articles)}`],
  results.map((r) => {
    const b = r.runs[r.best];
    return [
      count(r.articles),
      count(r.pages),
      seconds(b.wallMs),
      percent(r.spread, 0),
      r.pagesPerSecond.toFixed(0),
      seconds(b.astroMs),
      seconds(b.pagefindMs),
      gb(Math.max(...r.runs.map((x) => Math.max(x.peakTreeRssBytes, x.nodeMaxRssBytes)))),
      mb(r.distBytes),
      count(r.files),
      r.msPerArticle.toFixed(2),
      `${(r.msPerArticle / base.msPerArticle).toFixed(2)}×`,
    ];
  }),
);

if (results.some((r) => r.search)) {
  console.log(`\nfirst search query: bytes under /pagefind/ from opening /search/ to the results (empty cache; as served, and with gzip on scripts)`);
  const kinds = ['script', 'entry', 'meta', 'wasm', 'index', 'fragment', 'filter'] as const;
  printTable(
    ['articles', 'query', 'results', 'requests', 'total', 'gzip', ...kinds],
    results.flatMap((r) =>
      (r.search ?? []).map((s) => [count(r.articles), s.query, String(s.results), String(s.requests), kb(s.bytes), kb(s.gzipBytes), ...kinds.map((k) => (s.byKind[k].requests ? `${kb(s.byKind[k].bytes)} (${s.byKind[k].requests})` : '–'))]),
    ),
  );
}

const file = writeResults('site', { machine: started, finishedLoadAverage: machine().loadAverage, runs, queries, results });
console.log(`\nwrote ${file}`);
