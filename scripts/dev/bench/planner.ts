import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join, resolve } from 'node:path';
import { parseConfig, type UserConfig } from '../../../crawler/config/index.ts';
import { sitePaths } from '../../../crawler/paths.ts';
import { buildInputFiles } from '../../../site/builder/input.ts';
import { ManifestStore } from '../../../site/builder/manifest.ts';
import { openMemory } from '../../../site/builder/memory.ts';
import { streamContentIndex, updateContentIndex } from '../../../site/builder/content-index.ts';
import { appendReach, recordedSite, sourceNamesDigest } from '../../../site/builder/page-reach.ts';
import { SHARD_SIZE } from '../../../site/builder/search.ts';
import { dailyEditions } from '../../../site/model/daily.ts';
import { storyArchiveOf } from '../../../site/model/story-list.ts';
import { sitemapFiles } from '../../../site/outputs/sitemap-data.ts';
import { readSourceHealth } from '../../../site/builder/data/index.ts';
import { keyAndChoose } from '../../../site/builder/page-selection.ts';
import { buildSiteIndex, type SiteIndex } from '../../../site/model/site-index.ts';
import type { SourceHealth } from '../../../site/builder/data/sources.ts';
import type { DatabaseSync } from 'node:sqlite';
import { startPlanner } from '../../../site/builder/planner.ts';
import { memoryFile, rendererVersion } from '../../../site/html/html-cache.ts';
import { commandArgs } from '../../kit/args.ts';
import { processTree, sampleTreeMemory } from './lib/process-tree.ts';
import { scaleContent } from './lib/scale-memory.ts';
import { describeMachine, PROJECT, writeResults } from './lib/results.ts';

// npm run bench:planner: the build's planning process (site/builder/plan.ts: the content index,
// the data files, the site index, the page keys, Astro's input) run on a kept site as its next
// hourly build would run it (delta, with the last build's code and config prefix, so the keys
// compare), timed, with the process's peak memory. Nothing is rendered. Run it after a crawl the
// last build has not seen (bench:longevity -- --no-build), with two versions of the code in turn.
// The planning process updates the site's content index: the build memory is copied first and
// put back after, so the site is left as it was.
//
// --phases N: instead, the whole-site phases of an hourly build's planning (load every article's
// facts, build the site index, find the pages the new articles reach, key the pages and choose
// those to render) in this one process, N rounds, each phase timed, and the keys made both ways
// (the reach, every page) side by side: steadier than the planning process's wall time, which
// shares the two cores with its data worker. The first round also says how much heap the index and
// its lists hold an article, after a full collection. The site is left as it was.
//
// --scale K: instead, what the planning process holds with the site's build memory made K times as
// large (lib/scale-memory.ts: every article copied K − 1 times as newer ones), for sizes no
// generated history here reaches (--scale 1: the site as it is, to set beside the whole planning
// process's peak that the plain command prints): load every article's facts, build the site index and the lists
// every build makes, once, then the heap held an article after a full collection and the process's
// peak RSS. Run it with the planning process's V8 flags (site/builder/planner.ts) for its peak:
//   node --max-semi-space-size=8 --heap-growing-percent=20 scripts/kit/run.mjs scripts/dev/bench/planner.ts --site DIR --config FILE --scale 10

const USAGE = 'usage: npm run bench:planner -- --site DIR --config FILE [--phases N | --scale K] (a site built before, and its config as JSON)';
const parsed = commandArgs(process.argv.slice(2), { site: { type: 'string' }, config: { type: 'string' }, phases: { type: 'string' }, scale: { type: 'string' } }, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const { site, config: configFile, phases, scale } = parsed.values;
if (!site || !configFile || !existsSync(memoryFile(resolve(site)))) {
  console.error(`${USAGE}\nThe site needs a build memory (${site ? memoryFile(resolve(site)) : '.gleaner/build/memory.sqlite'}): build it once first.`);
  process.exit(2);
}

const paths = sitePaths(resolve(site));
const config = parseConfig(JSON.parse(readFileSync(configFile, 'utf8')) as UserConfig);
if (scale !== undefined) {
  const copies = Number.parseInt(scale, 10);
  if (!(copies >= 1)) {
    console.error(`--scale takes how many times as large, 1 (the site as it is) or more, not "${scale}"\n${USAGE}`);
    process.exit(2);
  }
  await measureScaled(copies);
  process.exit(0);
}
if (phases !== undefined) {
  const rounds = Number.parseInt(phases, 10);
  if (!(rounds > 0)) {
    console.error(`--phases takes a number of rounds, not "${phases}"\n${USAGE}`);
    process.exit(2);
  }
  await timePhases(rounds);
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'gleaner-bench-planner-'));
const memory = memoryFile(paths.root);
copyFileSync(memory, join(work, 'memory.sqlite'));
try {
  const db = openMemory(memory);
  const head = new ManifestStore(db).head();
  db.close();
  if (!head) throw new Error(`${site} has no last build in its memory: build it once first`);
  mkdirSync(join(work, 'input'));
  // The planning process is the child startPlanner adds (run through tsx, this process has another: its esbuild service).
  const before = new Set(processTree(process.pid));
  const started = performance.now();
  const planner = startPlanner({
    project: PROJECT,
    root: paths.root,
    config,
    mode: 'delta',
    prefix: head.prefix,
    previous: { ...head, buildId: 'bench' },
    dist: join(work, 'dist'),
    dataOut: join(work, 'out'),
    searchOut: join(work, 'search'),
    input: buildInputFiles(join(work, 'input')),
  });
  // Its tree's summed RSS, sampled as the other benches sample a build's.
  const child = processTree(process.pid).find((pid) => !before.has(pid));
  const sampler = child ? sampleTreeMemory(child, 20) : null;
  const plan = await planner.plan;
  const plannedMs = performance.now() - started;
  await planner.done;
  const peak = sampler?.stop().peakBytes ?? 0;
  console.log(`bench:planner on ${describeMachine()}\n${site}: ${plan.articles} articles, ${plan.toRender.length} pages to render (keyed ${plan.keying}), ${plan.dataWritten} data files written`);
  console.log(`pages to render by kind: ${pagesByKind(plan.toRender.map((p) => p.file), config.topics.map((t) => t.slug))}`);
  console.log(`planned in ${(plannedMs / 1000).toFixed(1)} s (${Object.entries(plan.timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}), peak ${peak ? `${(peak / 2 ** 30).toFixed(2)} GB` : 'unknown'}`);
  console.log(`wrote ${writeResults('planner', { site, articles: plan.articles, plannedMs: Math.round(plannedMs), timings: plan.timings, peakBytes: peak })}`);
} finally {
  copyFileSync(join(work, 'memory.sqlite'), memory);
  for (const name of readdirSync(join(memory, '..'))) if (name.startsWith('memory.sqlite-')) rmSync(join(memory, '..', name), { force: true });
  rmSync(work, { recursive: true, force: true });
}

/**
 * The whole-site phases of an hourly build's planning (plan.ts), in this process, `rounds` times,
 * on a copy of the build memory whose content index is brought up to content/ first (the crawl's
 * new articles). The keys are made both ways in each round, side by side: only the pages the new
 * articles reach (page-reach.ts), as an hourly build does, and every page, as any other build does.
 */
async function timePhases(rounds: number): Promise<void> {
  const health = await readSourceHealth(paths);
  await onMemoryCopy('phases', async (db) => {
    const update = await updateContentIndex(paths.root, db, rendererVersion(PROJECT));
    const manifest = new ManifestStore(db);
    const head = manifest.head();
    if (!head) throw new Error(`${site} has no last build in its memory: build it once first`);
    const held: number[] = [];
    const times: Record<string, number[]> = { 'load and site index': [], lists: [], reach: [], 'keys (reach)': [], 'keys (every page)': [], all: [] };
    console.log(`bench:planner --phases on ${describeMachine()}\n${update.added.length} articles new to the build memory (${update.appendOnly ? 'only added' : 'not only added'})`);
    const build = { cold: false, slice: false, always: head.always, mine: () => true, missing: () => false };
    for (let round = 0; round < rounds; round++) {
      // Held heap is measured in the first round only: later rounds start with the last one's index not yet let go.
      const heapBefore = round === 0 ? heldHeap() : 0;
      // The hourly phases' time, without the collections that measure what is held.
      let hourly = 0;
      let t = performance.now();
      const lap = (phase: string) => {
        const now = performance.now();
        times[phase]!.push(now - t);
        if (phase !== 'keys (every page)') hourly += now - t;
        t = now;
      };
      const { index, articleCount } = loadIndexAndLists(db, health, lap);
      // What the index and the lists hold, after a full collection (not timed).
      if (round === 0) held.push((heldHeap() - heapBefore) / articleCount);
      t = performance.now();
      const addedFiles = new Set(update.added);
      const found = update.appendOnly
        ? appendReach(index, new Set(index.articles.filter((a) => addedFiles.has(a.file))), recordedSite(manifest, sourceNamesDigest(index)), SHARD_SIZE)
        : { whole: 'an article was edited or removed' };
      lap('reach');
      const reach = 'whole' in found ? null : found;
      const reached = keyAndChoose(index, head.prefix, manifest, { ...build, reach });
      lap('keys (reach)');
      times.all!.push(hourly);
      const every = keyAndChoose(index, head.prefix, manifest, build);
      lap('keys (every page)');
      console.log(`round ${round + 1}: ${articleCount} articles${round === 0 ? `, ${Math.round(held[0]!)} bytes of heap held an article after the lists` : ''}; ${reach ? `the reach keyed ${reached.keyed.pages.length} pages` : `no reach (${'whole' in found ? found.whole : ''})`}, every page ${every.keyed.pages.length} keyed and ${every.keyed.kept.length} kept; ${reached.toRender.length} and ${every.toRender.length} to render; rss ${(process.memoryUsage().rss / 2 ** 30).toFixed(2)} GB`);
    }
    for (const [phase, list] of Object.entries(times)) console.log(`${phase.padEnd(18)} ${list.map((ms) => (ms / 1000).toFixed(2)).join(' ')} s (least ${(Math.min(...list) / 1000).toFixed(2)} s)`);
    console.log(`wrote ${writeResults('planner-phases', { site, rounds, added: update.added.length, times, heldBytesPerArticle: held })}`);
  });
}

/**
 * The whole-site steps of every hourly build's planning, as plan.ts makes them: read every
 * article's facts into the site index one by one, make the lists every build reads for the pages
 * rendered every time (the sitemap index, /daily/, /stories/); `lap` is told as each ends (the load
 * and the index are one step: the index is made as the rows are read).
 */
function loadIndexAndLists(db: DatabaseSync, health: SourceHealth[], lap: (phase: string) => void): { index: SiteIndex; articleCount: number } {
  const index = buildSiteIndex(streamContentIndex(db).entries, config, health);
  lap('load and site index');
  dailyEditions(index);
  storyArchiveOf(index);
  sitemapFiles(index);
  lap('lists');
  return { index, articleCount: index.articles.length };
}

/** --scale: the load, the site index and the lists once, on a copy of the build memory made `copies` times as large. */
async function measureScaled(copies: number): Promise<void> {
  const health = await readSourceHealth(paths);
  await onMemoryCopy('scale', async (db) => {
    await updateContentIndex(paths.root, db, rendererVersion(PROJECT));
    let t = performance.now();
    const articles = scaleContent(db, copies, config.publish.pageSize);
    console.log(`bench:planner --scale on ${describeMachine()}\n${site} ${copies === 1 ? 'as it is' : `made ${copies} times as large`}: ${articles} articles (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    const heapBefore = heldHeap();
    const rssBefore = process.memoryUsage().rss;
    // The peak from here on: Linux resets a process's high-water mark (VmHWM) on this write.
    writeFileSync('/proc/self/clear_refs', '5');
    const times: Record<string, number> = {};
    // The high-water mark as each phase ends: which of them makes the peak.
    const peaks: Record<string, number> = {};
    t = performance.now();
    const lap = (phase: string) => {
      const now = performance.now();
      times[phase] = now - t;
      peaks[phase] = highWaterMark();
      t = performance.now();
    };
    const { index, articleCount } = loadIndexAndLists(db, health, lap);
    const peak = highWaterMark();
    const held = (heldHeap() - heapBefore) / articleCount;
    console.log(`${articleCount} articles loaded: ${Math.round(held)} bytes of heap held an article after the lists (${((held * articleCount) / 2 ** 30).toFixed(2)} GB); rss ${(rssBefore / 2 ** 30).toFixed(2)} GB before the load, peak ${(peak / 2 ** 30).toFixed(2)} GB`);
    console.log(Object.entries(times).map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(2)} s (peak so far ${(peaks[phase]! / 2 ** 30).toFixed(2)} GB)`).join(', '));
    console.log(`wrote ${writeResults('planner-scale', { site, copies, articles: articleCount, heldBytesPerArticle: held, rssBeforeBytes: rssBefore, peakBytes: peak, times, peaks })}`);
    void index;
  });
}

/** Runs `measure` on a copy of the site's build memory, so the site is left as it was. */
async function onMemoryCopy(name: string, measure: (db: DatabaseSync) => Promise<void>): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), `gleaner-bench-${name}-`));
  copyFileSync(memoryFile(paths.root), join(work, 'memory.sqlite'));
  const db = openMemory(join(work, 'memory.sqlite'));
  try {
    await measure(db);
  } finally {
    db.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** This process's peak RSS since it started or since the last write to /proc/self/clear_refs. */
function highWaterMark(): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
}

/** The heap in use after a full collection (V8's gc, exposed for this bench alone). */
function heldHeap(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** How many pages of each kind: a file's path with its topic and every folder name in it made general ("<topic>/_/index.html": article pages). */
function pagesByKind(files: string[], topics: string[]): string {
  const counts = new Map<string, number>();
  for (const file of files) {
    const parts = file.split('/');
    const kind = parts.map((part, i) => (i === 0 ? (topics.includes(part) ? '<topic>' : part) : i === parts.length - 1 || part === 'page' ? part : '_')).join('/');
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ${n}`).join(', ');
}
