import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandArgs } from '../../kit/args.ts';
import { printTable } from './lib/table.ts';

// npm run bench:checkout -- --site DIR: the bytes the hourly workflow's checkout transfers, a
// whole checkout against a sparse one, for a site's git repository (DIR, never modified: it is
// cloned over file://, which transfers a pack like a remote does).
//
//   full    `git clone --depth=1`: every blob of the newest commit (what actions/checkout fetched
//           before sparse checkouts);
//   sparse  `git clone --filter=blob:none --sparse --depth=1`, then the cone the workflow sets:
//           data/ and the period folders (content/*/<yyyy>/<mm>[-n]/, media/<yyyy>/<mm>[-n]/) of
//           the newest `--months` months (2: this month and the last); the trees of the whole
//           commit come with the clone. Printed in parts: the commit and its trees, data/, the
//           period folders.
//   whole   (--whole) then the rest of the tree into the same partial clone: the full checkout's
//           blobs fetched as a partial clone fetches them, to tell the cone's saving from the
//           packing's (a fetch of named blobs can pack tighter than a clone's pack).
//   code    the same sparse clone of Gleaner's own repository (--code, default this one),
//           cone crawler/ site/ scripts/: what a site's repository adds for its code.
//
// The source repository's upload-pack is run with uploadpack.allowFilter (GitHub allows
// filters; a local repository does not by default), passed on the command line.

const parsed = commandArgs(process.argv.slice(2), {
  site: { type: 'string' },
  code: { type: 'string', default: fileURLToPath(new URL('../../../', import.meta.url)) },
  months: { type: 'string', default: '2' },
  whole: { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
}, 'usage: npm run bench:checkout -- --site DIR [--months 2] [--whole] [--code DIR] [--keep]');
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
if (!args.site) {
  console.error('--site DIR is required: a site\'s git repository (its root holds content/, data/, media/)');
  process.exit(2);
}
const SITE = resolve(args.site);
const MONTHS = Number(args.months);
const UPLOAD_PACK = 'git -c uploadpack.allowFilter=true -c uploadpack.allowAnySHA1InWant=true upload-pack';
const work = mkdtempSync(join(tmpdir(), 'gleaner-checkout-'));

function git(cwd: string, ...rest: string[]): string {
  return execFileSync('git', ['-C', cwd, ...rest], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Bytes git holds under `.git/objects` (the packs received, and any loose object). */
function objectBytes(clone: string): number {
  let total = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (!e.name.endsWith('.idx') && !e.name.endsWith('.rev') && !e.name.endsWith('.promisor')) total += statSync(path).size;
    }
  };
  walk(join(clone, '.git', 'objects'));
  return total;
}

function clone(source: string, name: string, sparse: boolean): { dir: string; ms: number } {
  const dir = join(work, name);
  const started = performance.now();
  execFileSync('git', ['clone', '-q', '--no-local', '--depth=1', '--no-checkout', '--upload-pack', UPLOAD_PACK, ...(sparse ? ['--filter=blob:none', '--sparse'] : []), `file://${source}`, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  return { dir, ms: performance.now() - started };
}

/** The period folders of the newest `months` months under content/ and media/, as the workflow's cone names them. */
function periodFolders(dir: string, months: number): string[] {
  const folders = git(dir, 'ls-tree', '-d', '-r', '--name-only', 'HEAD', '--', 'content', 'media').split('\n');
  const period = (f: string) => /(?:^|\/)(\d{4})\/(\d{2})(?:-\d+)?$/.exec(f);
  const newest = [...new Set(folders.map(period).filter((m) => m !== null).map((m) => `${m[1]}/${m[2]}`))].sort().slice(months > 0 ? -months : Infinity);
  return folders.filter((f) => {
    const m = period(f);
    return m !== null && newest.includes(`${m[1]}/${m[2]}`);
  });
}

/** Sets the cone and checks it out (a partial clone fetches the cone's blobs in one batch); returns the bytes that added. */
function checkOutCone(dir: string, cone: string[]): number {
  const before = objectBytes(dir);
  git(dir, 'sparse-checkout', 'set', '--cone', ...cone);
  git(dir, 'checkout', '-q', 'HEAD');
  return objectBytes(dir) - before;
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
try {
  const articles = git(SITE, 'ls-tree', '-r', '--name-only', 'HEAD', '--', 'content').split('\n').filter((f) => f.endsWith('.md')).length;
  const full = clone(SITE, 'full', false);
  const fullBytes = objectBytes(full.dir);
  rmSync(full.dir, { recursive: true, force: true });

  const sparse = clone(SITE, 'sparse', true);
  const trees = objectBytes(sparse.dir);
  const data = checkOutCone(sparse.dir, ['data']);
  const folders = periodFolders(sparse.dir, MONTHS);
  const periods = checkOutCone(sparse.dir, ['data', ...folders]);
  const periodArticles = git(sparse.dir, 'ls-files', '--', ...folders.filter((f) => f.startsWith('content/'))).split('\n').filter((f) => f.endsWith('.md')).length;

  let whole: number | null = null;
  if (args.whole) {
    const before = objectBytes(sparse.dir);
    git(sparse.dir, 'sparse-checkout', 'disable');
    whole = trees + objectBytes(sparse.dir) - before + data + periods;
  }

  const code = clone(resolve(args.code), 'code', true);
  const codeTrees = objectBytes(code.dir);
  const codeBlobs = checkOutCone(code.dir, ['crawler', 'site', 'scripts']);
  const sparseBytes = trees + data + periods + codeTrees + codeBlobs;

  console.log(`${SITE}: ${articles} articles at HEAD; newest ${MONTHS} month(s): ${folders.length} period folders, ${periodArticles} articles`);
  printTable(
    ['checkout', 'bytes', 'what'],
    [
      ['full', mb(fullBytes), `every blob of HEAD (clone ${(full.ms / 1000).toFixed(1)} s)`],
      ['sparse: commit and trees', mb(trees), 'the whole tree, no blob'],
      ['sparse: data/', mb(data), 'segments'],
      ['sparse: period folders', mb(periods), `content and media of the newest ${MONTHS} month(s)`],
      ['sparse: code', mb(codeTrees + codeBlobs), `${args.code}: crawler/ site/ scripts/ and root files`],
      ['sparse, in all', mb(sparseBytes), `${((sparseBytes / (fullBytes + codeTrees + codeBlobs)) * 100).toFixed(1)}% of full + code`],
      ...(whole === null ? [] : [['whole tree, partial clone', mb(whole), 'every blob, fetched as the sparse checkout fetches']]),
    ],
  );
  console.log(JSON.stringify({ site: SITE, articles, periodArticles, months: MONTHS, fullBytes, trees, data, periods, code: codeTrees + codeBlobs, sparseBytes, whole }));
} finally {
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
