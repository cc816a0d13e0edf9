import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseConfig, type UserConfig } from '../../../crawler/config/index.ts';
import { sitePaths } from '../../../crawler/paths.ts';
import { buildInputFiles } from '../../../site/builder/input.ts';
import { ManifestStore } from '../../../site/builder/manifest.ts';
import { openMemory } from '../../../site/builder/memory.ts';
import { startPlanner } from '../../../site/builder/planner.ts';
import { memoryFile } from '../../../site/html/html-cache.ts';
import { commandArgs } from '../../kit/args.ts';
import { processTree, sampleTreeMemory } from './lib/process-tree.ts';
import { describeMachine, PROJECT, writeResults } from './lib/results.ts';

// npm run bench:planner: the build's planning process (site/builder/plan.ts: the content index,
// the data files, the site index, the page keys, Astro's input) run on a kept site as its next
// hourly build would run it (delta, with the last build's code and config prefix, so the keys
// compare), timed, with the process's peak memory. Nothing is rendered. Run it after a crawl the
// last build has not seen (bench:longevity -- --no-build), with two versions of the code in turn.
// The planning process updates the site's content index: the build memory is copied first and
// put back after, so the site is left as it was.

const USAGE = 'usage: npm run bench:planner -- --site DIR --config FILE (a site built before, and its config as JSON)';
const parsed = commandArgs(process.argv.slice(2), { site: { type: 'string' }, config: { type: 'string' } }, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const { site, config: configFile } = parsed.values;
if (!site || !configFile || !existsSync(memoryFile(resolve(site)))) {
  console.error(`${USAGE}\nThe site needs a build memory (${site ? memoryFile(resolve(site)) : '.gleaner/build/memory.sqlite'}): build it once first.`);
  process.exit(2);
}

const paths = sitePaths(resolve(site));
const config = parseConfig(JSON.parse(readFileSync(configFile, 'utf8')) as UserConfig);
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
  console.log(`bench:planner on ${describeMachine()}\n${site}: ${plan.articles} articles, ${plan.toRender.length} pages to render, ${plan.dataWritten} data files written`);
  console.log(`planned in ${(plannedMs / 1000).toFixed(1)} s (${Object.entries(plan.timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}), peak ${peak ? `${(peak / 2 ** 30).toFixed(2)} GB` : 'unknown'}`);
  console.log(`wrote ${writeResults('planner', { site, articles: plan.articles, plannedMs: Math.round(plannedMs), timings: plan.timings, peakBytes: peak })}`);
} finally {
  copyFileSync(join(work, 'memory.sqlite'), memory);
  for (const name of readdirSync(join(memory, '..'))) if (name.startsWith('memory.sqlite-')) rmSync(join(memory, '..', name), { force: true });
  rmSync(work, { recursive: true, force: true });
}
