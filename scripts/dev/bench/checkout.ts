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
//   sparse  `git clone --filter=blob:none --sparse --depth=1`, then what the workflow reads, in
//           parts: the commit and its trees (they come with the clone); the cone the workflow
//           sets before the crawl (data/'s own files and folders but data/segments, the media
//           manifest of the newest month's and the one before's years); the segments a run whose
//           snapshot cache is the newest saved lacks (the cache is saved every 20 segments: the
//           newest 19, or --pending N, fetched by blob id as crawler/store/segments.ts does); the folders the run
//           writes into, which join the checkout when it commits (each topic's newest period
//           folder, and the newest media/ folder of a site whose images live in git). Printed
//           beside it: data/segments whole, which the cone held before.
//   whole   (--whole) then the rest of the tree into the same partial clone: the full checkout's
//           blobs fetched as a partial clone fetches them, to tell the cone's saving from the
//           packing's (a fetch of named blobs can pack tighter than a clone's pack).
//           --no-full leaves the full clone out (it takes minutes at hundreds of thousands of articles).
//   code    the same sparse clone of Gleaner's own repository (--code, default this one),
//           cone crawler/ site/ scripts/: what a site's repository adds for its code.
//
// The source repository's upload-pack is run with uploadpack.allowFilter (GitHub allows
// filters; a local repository does not by default), passed on the command line.

const parsed = commandArgs(process.argv.slice(2), {
  site: { type: 'string' },
  code: { type: 'string', default: fileURLToPath(new URL('../../../', import.meta.url)) },
  pending: { type: 'string', default: '19' },
  whole: { type: 'boolean', default: false },
  'no-full': { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
}, 'usage: npm run bench:checkout -- --site DIR [--pending 19] [--whole] [--no-full] [--code DIR] [--keep]');
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
if (!args.site) {
  console.error('--site DIR is required: a site\'s git repository (its root holds content/, data/, media/)');
  process.exit(2);
}
const SITE = resolve(args.site);
const PENDING = Number(args.pending);
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

const PERIOD = /^(content\/[^/]+|media)\/(\d{4})\/(\d{2})(?:-(\d+))?$/;

/** The folders a run writes into: each topic's newest period folder, and media/'s. */
function newestFolders(dir: string): string[] {
  const newest = new Map<string, { key: string; folder: string }>();
  for (const folder of git(dir, 'ls-tree', '-d', '-r', '--name-only', 'HEAD', '--', 'content', 'media').split('\n')) {
    const m = PERIOD.exec(folder);
    if (!m) continue;
    const key = `${m[2]}/${m[3]}/${(m[4] ?? '1').padStart(4, '0')}`;
    if ((newest.get(m[1]!)?.key ?? '') < key) newest.set(m[1]!, { key, folder });
  }
  return [...newest.values()].map((v) => v.folder).sort();
}

/** What the workflow adds to the cone before the crawl (crawl.yml, "Check out the data the run appends to"), for a run in the newest segment's month. */
function dataCone(dir: string): string[] {
  const segments = git(dir, 'ls-tree', '-r', '--name-only', 'HEAD', '--', 'data/segments').split('\n').filter(Boolean).sort();
  const month = /^data\/segments\/(\d{4})\/(\d{2})\//.exec(segments.at(-1) ?? '');
  const year = Number(month?.[1] ?? new Date().getUTCFullYear());
  const years = month?.[2] === '01' ? [year, year - 1] : [year];
  const others = git(dir, 'ls-tree', '-d', '--name-only', 'HEAD', 'data/').split('\n').filter((f) => f && f !== 'data/segments' && f !== 'data/media');
  return [...years.map((y) => `data/media/${y}`), ...others];
}

/** Fetches the blobs of the newest `count` segments by id, as a run reads the segments its snapshot lacks; returns the bytes that added. */
function fetchNewestSegments(dir: string, count: number): number {
  const before = objectBytes(dir);
  const lines = git(dir, 'ls-tree', '-r', 'HEAD', '--', 'data/segments').split('\n').filter(Boolean).sort((a, b) => (a.split('\t')[1]! < b.split('\t')[1]! ? -1 : 1));
  const oids = lines.slice(-count).map((line) => line.split(/\s+/)[2]!);
  if (oids.length > 0) {
    execFileSync('git', ['-C', dir, '-c', 'fetch.negotiationAlgorithm=noop', 'fetch', 'origin', '--quiet', '--no-tags', '--no-write-fetch-head', '--recurse-submodules=no', '--filter=blob:none', '--stdin'], { input: oids.join('\n') + '\n', stdio: ['pipe', 'ignore', 'pipe'] });
  }
  return objectBytes(dir) - before;
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
  const full = args['no-full'] ? null : clone(SITE, 'full', false);
  const fullBytes = full ? objectBytes(full.dir) : null;
  if (full) rmSync(full.dir, { recursive: true, force: true });

  const sparse = clone(SITE, 'sparse', true);
  const trees = objectBytes(sparse.dir);
  const cone = dataCone(sparse.dir);
  const data = checkOutCone(sparse.dir, cone);
  const pending = fetchNewestSegments(sparse.dir, PENDING);
  const folders = newestFolders(sparse.dir);
  const contentFolders = folders.filter((f) => f.startsWith('content/'));
  const writtenContent = checkOutCone(sparse.dir, [...cone, ...contentFolders]);
  const writtenMedia = checkOutCone(sparse.dir, [...cone, ...folders]);
  const written = writtenContent + writtenMedia;
  const writtenArticles = git(sparse.dir, 'ls-files', '--', ...folders.filter((f) => f.startsWith('content/'))).split('\n').filter((f) => f.endsWith('.md')).length;

  const segmentsWhole = clone(SITE, 'segments', true);
  const segments = checkOutCone(segmentsWhole.dir, ['data/segments']);
  rmSync(segmentsWhole.dir, { recursive: true, force: true });

  let whole: number | null = null;
  if (args.whole) {
    const before = objectBytes(sparse.dir);
    git(sparse.dir, 'sparse-checkout', 'disable');
    whole = trees + objectBytes(sparse.dir) - before + data + pending + written;
  }

  const code = clone(resolve(args.code), 'code', true);
  const codeTrees = objectBytes(code.dir);
  const codeBlobs = checkOutCone(code.dir, ['crawler', 'site', 'scripts']);
  const sparseBytes = trees + data + pending + written + codeTrees + codeBlobs;

  console.log(`${SITE}: ${articles} articles at HEAD; the run writes into ${folders.length} folders holding ${writtenArticles} articles`);
  printTable(
    ['checkout', 'bytes', 'what'],
    [
      ['full', fullBytes === null ? '—' : mb(fullBytes), full ? `every blob of HEAD (clone ${(full.ms / 1000).toFixed(1)} s)` : 'not cloned (--no-full)'],
      ['sparse: commit and trees', mb(trees), 'the whole tree, no blob'],
      ['sparse: data/ cone', mb(data), cone.join(' ')],
      ['sparse: segments read', mb(pending), `the newest ${PENDING}, by blob id`],
      ['sparse: folders written', mb(written), `${folders.length} newest period folders: content/ ${mb(writtenContent)}, media/ ${mb(writtenMedia)}`],
      ['sparse: code', mb(codeTrees + codeBlobs), `${args.code}: crawler/ site/ scripts/ and root files`],
      ['sparse, in all', mb(sparseBytes), fullBytes === null ? '' : `${((sparseBytes / (fullBytes + codeTrees + codeBlobs)) * 100).toFixed(1)}% of full + code`],
      ['(data/segments whole)', mb(segments), 'what the cone held before'],
      ...(whole === null ? [] : [['whole tree, partial clone', mb(whole), 'every blob, fetched as the sparse checkout fetches']]),
    ],
  );
  console.log(JSON.stringify({ site: SITE, articles, writtenArticles, folders: folders.length, fullBytes, trees, data, pending, pendingSegments: PENDING, written, writtenContent, writtenMedia, code: codeTrees + codeBlobs, sparseBytes, segments, whole }));
} finally {
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
