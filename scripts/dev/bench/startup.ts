// Start-up benchmark (npm run bench:startup): what Node's module compile cache saves a build
// (scripts/kit/run.mjs turns it on for every command, and the processes and threads a build
// starts inherit it). A synthetic site is built cold once; then builds with nothing new run in
// turn, --pairs times: with the cache warm (a folder of its own, filled by the first), without
// it (NODE_DISABLE_COMPILE_CACHE=1), and with a new, empty folder (what the first command on a
// new clone pays). Each pair's ratio is printed, and the medians. Results also go to
// bench-results/startup.json.
//
//   npm run bench:startup -- [--articles 1000] [--pairs 6] [--keep <dir>]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandArgs } from '../../kit/args.ts';
import { runBuild } from './lib/run-build.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';
import { BENCH_PAGE_SIZE, BENCH_TOPICS, coldStart, syntheticRoot, writeArticles } from './lib/synthetic-root.ts';
import { count, printTable, seconds } from './lib/table.ts';

const USAGE = 'usage: npm run bench:startup -- [--articles 1000] [--pairs 6] [--keep <dir>]';
const parsed = commandArgs(process.argv.slice(2), { articles: { type: 'string', default: '1000' }, pairs: { type: 'string', default: '6' }, keep: { type: 'string' } }, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const articles = Number(parsed.values.articles);
const pairs = Number(parsed.values.pairs);
if (!Number.isInteger(articles) || articles < 1 || !Number.isInteger(pairs) || pairs < 1) {
  console.error(USAGE);
  process.exit(2);
}

type Variant = 'warm' | 'off' | 'new';
const VARIANTS: Variant[] = ['warm', 'off', 'new'];

const { NODE_COMPILE_CACHE: _, NODE_DISABLE_COMPILE_CACHE: __, ...base } = process.env;
const scratch = mkdtempSync(join(tmpdir(), 'gleaner-startup-'));
const warmCache = join(scratch, 'warm');
function envOf(variant: Variant, round: number): NodeJS.ProcessEnv {
  if (variant === 'off') return { ...base, NODE_DISABLE_COMPILE_CACHE: '1' };
  return { ...base, NODE_COMPILE_CACHE: variant === 'warm' ? warmCache : join(scratch, `new-${round}`) };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

console.log(`bench:startup on ${describeMachine(machine())}`);
const site = syntheticRoot(parsed.values.keep);
try {
  coldStart(site.root);
  await writeArticles(site.root, articles);
  const build = (variant: Variant, round: number) => runBuild({ root: site.root, topics: BENCH_TOPICS, pageSize: BENCH_PAGE_SIZE, env: envOf(variant, round) });
  const cold = await build('warm', 0);
  console.log(`built ${count(articles)} articles cold in ${seconds(cold.wallMs)} (the warm cache filled); then builds with nothing new, in turn:`);
  await build('warm', 0); // a first build with nothing new, not counted
  const walls: Record<Variant, number[]> = { warm: [], off: [], new: [] };
  for (let round = 1; round <= pairs; round++) {
    for (const variant of VARIANTS) {
      const measured = await build(variant, round);
      if (measured.report.mode === 'cold') throw new Error('a build with nothing new built cold: the bench measures the wrong thing');
      walls[variant].push(measured.wallMs);
    }
    rmSync(join(scratch, `new-${round}`), { recursive: true, force: true });
  }
  printTable(
    ['round', 'warm cache', 'no cache', 'new cache', 'warm / none', 'new / none'],
    walls.warm.map((w, i) => [String(i + 1), seconds(w), seconds(walls.off[i]!), seconds(walls.new[i]!), (w / walls.off[i]!).toFixed(2), (walls.new[i]! / walls.off[i]!).toFixed(2)]),
  );
  const ratios = walls.warm.map((w, i) => w / walls.off[i]!);
  console.log(`medians: warm ${seconds(median(walls.warm))}, none ${seconds(median(walls.off))}, new ${seconds(median(walls.new))}; warm / none ${median(ratios).toFixed(2)} (pairs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
  console.log(`load average at the end: ${machine().loadAverage.map((n) => n.toFixed(2)).join(' ')}`);
  console.log(`wrote ${writeResults('startup', { articles, pairs, walls })}`);
} finally {
  site.dispose();
  rmSync(scratch, { recursive: true, force: true });
}
