import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serveStatic } from '../../kit/static-server.ts';
import { commandArgs } from '../../kit/args.ts';
import { chromiumAvailable, launchChromium } from '../lib/chromium.ts';
import { exampleQueryCosts, type ConsoleCost } from './lib/console-cost.ts';
import { describeMachine, writeResults } from './lib/results.ts';
import { printTable } from './lib/table.ts';

// npm run bench:console: what each example query of the /data/ console costs a reader on a built
// site (the demo's by default; a generated one from bench:longevity --keep or --site): bytes and
// requests the worker read over range requests, and time, each query in a fresh browser context.
// The site is served by `npm run serve`'s own server, which answers range requests as S3 does.
// The three named queries (the ten newest, articles per topic, a full-text query) must
// each read at most 1 MB and answer within 2 s: the bench says which do not, and exits 1.

const USAGE = 'usage: npm run bench:console -- [--dist .demo/dist]';
const parsed = commandArgs(process.argv.slice(2), { dist: { type: 'string' } }, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const dist = resolve(parsed.values.dist ?? '.demo/dist');
if (!existsSync(join(dist, 'data', 'index.html'))) {
  console.error(`No built site at ${dist} (no data/index.html): run \`npm start -- --no-serve\` first, or name one with --dist.`);
  process.exit(2);
}
if (!chromiumAvailable()) {
  console.error('Chromium is not installed: `apt-get install -y chromium` (what .ci/run does).');
  process.exit(2);
}

const LIMIT_KB = 1024;
const LIMIT_MS = 2000;
const NAMED = [/ten newest/i, /per topic/i, /full-text/i];

/** The named queries over a limit (or missing from the page), one line each. */
function overLimits(costs: readonly ConsoleCost[]): string[] {
  return NAMED.flatMap((name) => {
    const cost = costs.find((c) => name.test(c.title));
    if (!cost) return [`no example query matches ${name}`];
    const over = [cost.bytes > LIMIT_KB * 1024 ? `${(cost.bytes / 1024).toFixed(0)} KB` : null, cost.ms > LIMIT_MS ? `${cost.ms} ms` : null].filter(Boolean);
    return over.length ? [`${cost.title}: ${over.join(', ')}`] : [];
  });
}

const server = await serveStatic(dist);
const { browser } = await launchChromium();
try {
  const costs = await exampleQueryCosts(browser, `${server.url}data/`);
  console.log(`bench:console on ${describeMachine()}\n${dist}\n`);
  printTable(
    ['query', 'file', 'rows', 'read', 'of the file', 'requests', 'time'],
    costs.map((c) => [c.title, c.file, String(c.rows), `${(c.bytes / 1024).toFixed(0)} KB`, `${(c.fileBytes / 1024 / 1024).toFixed(1)} MB`, String(c.requests), `${c.ms} ms`]),
  );
  const failed = costs.filter((c) => c.rows === 0 && !/^0 rows/.test(c.status));
  for (const c of failed) console.log(`\n${c.title}: ${c.status}`);
  const over = overLimits(costs);
  console.log(over.length === 0 ? `\nthe named queries are within ${LIMIT_KB} KB and ${LIMIT_MS} ms each` : `\nover the limits (${LIMIT_KB} KB, ${LIMIT_MS} ms):\n${over.join('\n')}`);
  if (over.length > 0 || failed.length > 0) process.exitCode = 1;
  console.log(`\nwrote ${writeResults('console', { dist, costs })}`);
} finally {
  await browser.close();
  await server.close();
}
