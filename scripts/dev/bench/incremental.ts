// Incremental publish benchmark (npm run bench:incremental).
//
// Generates a 10,000-article synthetic site, builds it cold, keeps a copy of that build aside,
// publishes 100 more articles as the publisher would (writeSyntheticSite is deterministic: asking
// for 10,100 rewrites the first 10,000 unchanged and adds 100), builds again (incremental: the
// build renders what changed), and prints how many dist/ files changed (byte comparison, by kind
// of file), how many objects the deploy would upload and delete (scripts/deploy/'s planner against
// a bucket listing made from the old build), the CDN paths it would invalidate, and the rebuild
// time. bench:longevity measures the same in the workflow's way (no dist/, the manifest only) on
// a site grown by real crawls. Results also go to bench-results/incremental.json.
//
//   npm run bench:incremental -- [--articles 10000] [--add 100] [--keep <dir>]

import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { invalidationPaths, planDeploy } from '../../deploy/index.ts';
import { scanBuild } from '../../deploy/local-files.ts';
import { diffDists } from './lib/dist-diff.ts';
import { runBuild } from './lib/run-build.ts';
import { describeMachine, machine, writeResults } from './lib/results.ts';
import { BENCH_PAGE_SIZE, BENCH_TOPICS, coldStart, syntheticRoot, writeArticles } from './lib/synthetic-root.ts';
import { count, gb, percent, printTable, seconds } from './lib/table.ts';
import { commandArgs } from '../../kit/args.ts';

const USAGE = 'usage: npm run bench:incremental -- [--articles 10000] [--add 100] [--keep <dir>]';
const parsed = commandArgs(process.argv.slice(2), {
  articles: { type: 'string', default: '10000' },
  add: { type: 'string', default: '100' },
  keep: { type: 'string' },
}, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const args = parsed.values;
const articles = Number(args.articles);
const added = Number(args.add);
if (!Number.isInteger(articles) || articles < 1 || !Number.isInteger(added) || added < 1) {
  console.error(USAGE);
  process.exit(2);
}

const started = machine();
console.log(`bench:incremental on ${describeMachine(started)}`);
const site = syntheticRoot(args.keep);
const dist = join(site.root, 'dist');
const before = join(site.root, 'dist-before');
try {
  coldStart(site.root);
  rmSync(before, { recursive: true, force: true });
  await writeArticles(site.root, articles);
  const first = await runBuild({ root: site.root, topics: BENCH_TOPICS, pageSize: BENCH_PAGE_SIZE });
  console.log(`built ${count(articles)} articles: ${count(first.report.pages)} pages, ${count(first.report.files)} files in ${seconds(first.wallMs)}`);
  cpSync(dist, before, { recursive: true });

  await writeArticles(site.root, articles + added);
  const second = await runBuild({ root: site.root, topics: BENCH_TOPICS, pageSize: BENCH_PAGE_SIZE });
  console.log(`published ${added} more and rebuilt (${second.report.mode}: ${count(second.report.rendered)} pages rendered) in ${seconds(second.wallMs)} (astro ${seconds(second.report.timings.astroMs)}, pagefind ${seconds(second.report.timings.pagefindMs)}), peak ${gb(second.peakTreeRssBytes)}`);

  const diff = await diffDists(before, dist);
  const oldFiles = await scanBuild(before);
  const newFiles = await scanBuild(dist);
  const plan = planDeploy(
    newFiles,
    oldFiles.map((f) => ({ key: f.path, size: f.size, etag: f.md5 })),
    { prefix: '', previous: new Set(oldFiles.map((f) => f.path)), maxDeleteShare: 1, multipartThreshold: Number.MAX_SAFE_INTEGER },
  );
  const invalidations = invalidationPaths(plan, Number.MAX_SAFE_INTEGER);
  const uploadBytes = plan.uploads.reduce((sum, u) => sum + u.size, 0);

  console.log(`\n+${added} articles on ${count(articles)}: dist/ files new or changed (byte comparison)`);
  printTable(
    ['kind of file', 'new', 'changed', 'removed'],
    Object.entries(diff.byKind)
      .sort((a, b) => b[1].added + b[1].changed - (a[1].added + a[1].changed))
      .map(([kind, n]) => [kind, count(n.added), count(n.changed), count(n.removed)]),
  );
  console.log('');
  printTable(
    ['figure', 'value'],
    [
      ['dist/ files after', count(diff.files)],
      ['new + changed files', `${count(diff.added.length + diff.changed.length)} (${percent(diff.changedShare)})`],
      ['removed files', count(diff.removed.length)],
      ['deploy: objects to upload', `${count(plan.uploads.length)} (${(uploadBytes / 1024 / 1024).toFixed(1)} MB)`],
      ['deploy: objects to delete', `${count(plan.deletes.length)} (+${count(plan.retained.length)} hashed kept one more deploy)`],
      ['deploy: CDN paths to invalidate', count(invalidations.length)],
      ['first build (cold)', seconds(first.wallMs)],
      [`rebuild (${second.report.mode})`, seconds(second.wallMs)],
      ['rebuild peak RSS (tree)', gb(second.peakTreeRssBytes)],
    ],
  );

  const file = writeResults('incremental', {
    machine: started,
    finishedLoadAverage: machine().loadAverage,
    articles,
    added,
    firstBuild: { wallMs: first.wallMs, timings: first.report.timings, pages: first.report.pages, files: first.report.files, peakTreeRssBytes: first.peakTreeRssBytes },
    rebuild: { wallMs: second.wallMs, timings: second.report.timings, pages: second.report.pages, files: second.report.files, peakTreeRssBytes: second.peakTreeRssBytes },
    diff: { files: diff.files, added: diff.added.length, changed: diff.changed.length, removed: diff.removed.length, changedShare: diff.changedShare, byKind: diff.byKind, changedFiles: diff.changed, addedFiles: diff.added },
    deploy: { uploads: plan.uploads.length, uploadBytes, deletes: plan.deletes.length, retained: plan.retained.length, unchanged: plan.unchanged.count, invalidations: invalidations.length },
  });
  console.log(`\nwrote ${file}`);
} finally {
  rmSync(before, { recursive: true, force: true });
  if (args.keep) console.log(`kept ${site.root} (content/, dist/)`);
  site.dispose();
}
