// npm run hostile: serves the hostile web, crawls all of it in a child process with the
// default limits a real site gets (timeouts, retries, politeness), and prints what became of
// every route, the crawl's peak memory and the time it took. Exit code 1 if any route did not
// end as expected.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseConfig } from '../../../crawler/config/index.ts';
import { sitePaths } from '../../../crawler/paths.ts';
import { commandArgs } from '../../kit/args.ts';
import { runMain } from '../../kit/main.ts';
import { hostileConfig } from './config.ts';
import { observeCrawl } from './observe.ts';
import { runCrawlProcess } from './run.ts';
import { REALISTIC_TIMING, startHostileWeb, TEST_TIMING } from './server.ts';
import { formatTable } from './table.ts';

const OPTIONS = { root: { type: 'string' }, fast: { type: 'boolean' }, keep: { type: 'boolean' } } as const;

export async function main(argv: string[]): Promise<number> {
  const parsed = commandArgs(argv, OPTIONS, 'usage: npm run hostile -- [--fast] [--keep] [--root <dir>]');
  if (typeof parsed === 'number') return parsed;
  const args = parsed.values;
  const fast = args.fast === true;
  const root = args.root ?? (await mkdtemp(join(tmpdir(), 'gleaner-hostile-')));
  const started = performance.now();
  const web = await startHostileWeb({ timing: fast ? TEST_TIMING : REALISTIC_TIMING });
  try {
    const user = hostileConfig(web, { fast });
    const config = parseConfig(user, 'the hostile config');
    console.log(`Crawling the hostile web: ${web.routes.length} routes, ${fast ? 'test timeouts' : 'default limits (timeouts, retries, politeness)'}, into ${root}`);
    const run = await runCrawlProcess({ config: user, root });
    if (run.exitCode !== 0) {
      console.error(`the crawl exited with ${run.signal ?? run.exitCode}\n${run.stderr.slice(-4000)}`);
      return 1;
    }
    const results = await observeCrawl({ routes: web.routes, paths: sitePaths(root), config, requests: web.requests, log: run.stderr });
    console.log(`\n${formatTable(results)}\n`);
    const ok = results.filter((r) => r.ok).length;
    const s = run.summary;
    console.log(`${results.length} routes, ${ok} as expected${ok === results.length ? '' : `, ${results.length - ok} NOT`}`);
    if (s) console.log(`pages: ${s.fetched} fetched, ${s.published} published, ${Object.values(s.rejected).reduce((a, b) => a + b, 0)} rejected, ${Object.values(s.failed).reduce((a, b) => a + b, 0)} failed; ${s.pending} left in the queue${s.stoppedBy ? ` (stopped by ${s.stoppedBy})` : ''}`);
    console.log(`peak memory of the crawl: ${run.peakRssMb} MB (max resident set size)`);
    console.log(`time: crawl ${((run.durationMs ?? 0) / 1000).toFixed(1)} s, total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return ok === results.length ? 0 : 1;
  } finally {
    await web.close();
    if (!args.keep && !args.root) await rm(root, { recursive: true, force: true });
    else console.log(`kept ${root}`);
  }
}

await runMain(import.meta.url, main);
