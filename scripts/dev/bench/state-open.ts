import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandArgs } from '../../kit/args.ts';

// npx tsx scripts/dev/bench/state-open.ts [--sizes 1000,10000]: the memory a crawl takes to open
// its state, before (the snapshot read whole into sql.js) and now (node:sqlite on the file), at
// each size. Each size's state is written once with the store's own functions (lib/state-open-child.ts),
// then each way of opening it runs in a fresh process; the resident set is read before and after.

const parsed = commandArgs(process.argv.slice(2), { sizes: { type: 'string', default: '1000,10000' } }, 'usage: npx tsx scripts/dev/bench/state-open.ts [--sizes 1000,10000]');
if (typeof parsed === 'number') process.exit(parsed);
const sizes = parsed.values.sizes.split(',').map(Number);
const CHILD = fileURLToPath(new URL('./lib/state-open-child.ts', import.meta.url));

function child(...args: string[]): Record<string, number> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', CHILD, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('articles | snapshot MB | old: RSS after open (growth) | new: RSS after open (growth)');
for (const size of sizes) {
  const root = mkdtempSync(join(tmpdir(), 'gleaner-state-open-'));
  try {
    const built = child('build', root, String(size));
    const old = child('old', root);
    const now = child('new', root);
    console.log(`${size} | ${(built.snapshotBytes! / 1024 / 1024).toFixed(1)} | ${old.rssAfterMb} MB (+${old.openMb}) | ${now.rssAfterMb} MB (+${now.openMb})`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
