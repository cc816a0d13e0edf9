// The crawler's command line in a child process, plus a stats file (`--stats <file>`) with its
// exit code, peak memory (max resident set size) and wall time, which the parent cannot measure
// from outside. Used by `npm run hostile` and the hostile, safety and secrets tests.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { main } from '../../crawl/main.ts';

const argv = process.argv.slice(2);
const at = argv.indexOf('--stats');
const statsFile = at === -1 ? undefined : argv.splice(at, 2)[1];
const started = performance.now();
const exitCode = await main(argv);
if (statsFile) {
  writeFileSync(statsFile, JSON.stringify({ exitCode, maxRssKb: process.resourceUsage().maxRSS, durationMs: Math.round(performance.now() - started) }));
}
process.exitCode = exitCode;
