import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../crawler/config/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { buildInputFiles, type BuildInput } from './input.ts';
import { runAstro } from './astro.ts';
import type { SkippedFile } from './content-index.ts';
import { codeFingerprint, configFingerprint } from './fingerprint.ts';
import { writeDistState } from './dist-state.ts';
import { emptyHead, fileListBuildId, ManifestStore, type FileEntry, type ManifestHead } from './manifest.ts';
import { openMemory, shardManifestFile } from './memory.ts';
import { memoryFile } from '../html/html-cache.ts';
import { forgetSummaries, summaryCacheFile } from '../html/summary-cache.ts';
import { crashpoint } from '../../crawler/crashpoint.ts';
import { checkOutFolders, checkOutWhole, offDiskFiles, withOffDiskFiles } from '../../crawler/sparse-checkout.ts';
import { startPlanner } from './planner.ts';
import { searchLanguage, writeSearchBundles } from './search.ts';
import { placeMediaFile } from './place-media.ts';
import { listMediaAdded, listMediaWhole, type MediaListing, type RecordedMedia } from './media-listing.ts';

// npm run build: <root>/content → <root>/dist, rendering only what changed (see page-keys.ts):
//
//   1. read content/ (content-index.ts: only files that changed are read again);
//   2. key every page whose number grows with the site; compare with the last build's manifest;
//      (1 and 2, the data files and the search records are the whole-site part: plan.ts, in a
//      process of its own, planner.ts, which an hourly build lets end before Astro starts);
//   3. Astro renders the pages whose key changed, and every page that is always rendered, into a
//      stage folder inside the project, where the search shards and data files were written;
//   4. the stage is merged into dist/: a file is replaced only when its bytes differ; pages,
//      shards and files that are gone are removed; new images are copied;
//   5. the manifest records what the site now is (the build memory, memory.ts; and
//      dist/.gleaner/files.json).
//
// A build with no manifest, or whose code or config changed, is cold: it renders everything
// into a fresh dist/. A cold build can be split: GLEANER_SHARD=i/N renders one slice of the
// pages into dist-shards/<i>/ and `--merge` joins the slices (see shards.ts). In CI the manifest
// comes from the previous run's cache while dist/ starts empty: the build then writes only what
// changed, and the deploy (which trusts the manifest) uploads just that.

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

export interface BuildOptions {
  root: string;
  config: Config;
  /** Print nothing but errors. */
  quiet?: boolean;
  /** Show Astro's own log (one line per page). */
  verbose?: boolean;
  /** Render everything, whatever the manifest says. */
  cold?: boolean;
  /** One slice of a sharded cold build: renders pages whose file hashes into slice `index` (1-based) of `count`. */
  shard?: { index: number; count: number };
  /** Articles per search shard (default SHARD_SIZE); tests use small ones to have many shards. */
  searchShardSize?: number;
}

export interface BuildReport {
  root: string;
  dist: string;
  /** 'cold': everything rendered; 'incremental': what changed, into a complete dist/; 'delta': what changed, into a dist/ that holds only that (CI). */
  mode: 'cold' | 'incremental' | 'delta';
  /** HTML documents of the complete site (articles, their AMP pages, lists, tags, legal pages…). */
  pages: number;
  /** Files of the complete site, including feeds, sitemaps, media, search and data. */
  files: number;
  /** Pages Astro rendered this time. */
  rendered: number;
  /** What the build keyed: every page (and why), or only the pages its new articles reach (site/builder/page-reach.ts). */
  keying: string;
  /** Files written or replaced in dist/ this time, and their bytes. */
  changed: { files: number; bytes: number };
  removed: number;
  /** Articles the search index holds, and the shards re-indexed this time. */
  indexedPages: number;
  searchShards: { total: number; written: number };
  database: { bytes: number; sha256: string } | null;
  dataFiles: { total: number; written: number };
  mediaFiles: number;
  /** Content files left out, with why (the rest of the site is built). */
  skipped: SkippedFile[];
  durationMs: number;
  timings: { contentMs: number; astroMs: number; pagefindMs: number; dataMs: number; mergeMs: number; totalMs: number; /** Every article loaded, the site index, the page keys and Astro's input (in the planning process; in an hourly build beside the data files, `dataMs`). */ planMs: number };
}

let running: Promise<unknown> = Promise.resolve();

/** Builds the site for `root`. Calls in one process run one at a time, so two builds never hold their memory at once. */
export function buildSite(options: BuildOptions): Promise<BuildReport> {
  const next = running.then(() => buildWithMemory(options));
  running = next.catch(() => undefined);
  return next;
}

function md5(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** The folder a build of `paths.root` stages its output in before the merge. */
export function stageFor(paths: SitePaths, shard?: { index: number }): string {
  // Inside the project whatever the root: Astro's prerender bundle must resolve the project's packages.
  const id = createHash('sha256').update(paths.root).digest('hex').slice(0, 12);
  return join(PROJECT, '.astro', 'stage', `${id}${shard ? `-${shard.index}` : ''}`);
}

/** Every file under `dir`, relative and sorted, but the folder's own dot entries; read one folder at a time with no object per file but its name (a site's media folders hold hundreds of thousands). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(join(dir, prefix), { withFileTypes: true });
    } catch {
      return; // no such folder
    }
    for (const entry of entries) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (path.startsWith('.')) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  await walk('');
  return out.sort();
}

async function buildWithMemory(options: BuildOptions): Promise<BuildReport> {
  const paths = sitePaths(options.root);
  // The build memory of the version before this one (whole-site JSON files): not read; the first build is cold.
  for (const old of ['manifest.json', 'content.json']) rmSync(join(paths.cache, 'build', old), { force: true });
  const memory = openMemory(memoryFile(paths.root));
  const manifestDb = options.shard ? openMemory(shardManifestFile(paths.root, options.shard.index)) : memory;
  const manifest = new ManifestStore(manifestDb);
  try {
    return await buildOnce(options, manifest);
  } catch (error) {
    manifest.abandon(); // a build that failed while merging records nothing of it
    throw error;
  } finally {
    if (manifestDb !== memory) manifestDb.close();
    memory.close();
  }
}

async function buildOnce(options: BuildOptions, manifest: ManifestStore): Promise<BuildReport> {
  const { config } = options;
  const paths = sitePaths(options.root);
  const started = performance.now();
  const say = (line: string) => {
    if (!options.quiet) console.log(line);
  };
  const distFilesFile = join(paths.dist, '.gleaner', 'files.json');

  const prefix = `${codeFingerprint(PROJECT)}:${configFingerprint(config)}`;
  const previous = options.cold || options.shard ? null : manifest.head();
  const mode: BuildReport['mode'] = !previous || previous.prefix !== prefix ? 'cold' : fileListBuildId(distFilesFile) === previous.buildId ? 'incremental' : 'delta';
  // A cold build reads every file: a sparse checkout (the hourly workflow's) is widened to the whole tree first.
  if (mode === 'cold' && checkOutWhole(paths.root)) say('  cold build in a sparse checkout: checked out the whole tree');

  // 1–3. The whole-site part, in a process of its own (plan.ts, planner.ts): content index, data
  // files, site index, page keys, Astro's input, and the records of the search shards to write.
  // An hourly build waits for it to end before Astro starts, so their memory does not add up, and
  // indexes its shard or two beside Astro; a cold build lets it index every shard beside Astro.
  // The small part of the manifest is held whole; its pages and files stay rows, changed in one transaction at the merge.
  const head: ManifestHead = mode === 'cold' ? emptyHead(prefix, randomUUID()) : { ...previous!, buildId: randomUUID() };
  const firstSlice = !options.shard || options.shard.index === 1;

  const dist = options.shard ? join(paths.root, 'dist-shards', String(options.shard.index)) : paths.dist;
  // A cold build forgets the last build before it moves dist/ aside: killed after that, it leaves no
  // manifest speaking for a dist/ that is gone, and the next build is cold too.
  if (mode === 'cold') {
    manifest.begin();
    manifest.clear();
    manifest.commit();
  }
  if (mode === 'cold' && existsSync(dist)) await moveAside(paths, dist);
  const stage = stageFor(paths, options.shard);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'input'), { recursive: true });
  // The story summaries of the builds before (summary-cache.ts). A cold build (new code may
  // summarise anew) starts the file again with what it makes; a slice neither reads nor writes it
  // (slices may render side by side).
  if (mode === 'cold' && !options.shard) forgetSummaries(paths.root);
  const input: BuildInput = { ...buildInputFiles(join(stage, 'input')), ...(options.shard ? {} : { summaries: summaryCacheFile(paths.root) }) };

  const planner = startPlanner({
    project: PROJECT,
    root: paths.root,
    config,
    mode,
    prefix,
    previous: head,
    ...(options.shard ? { shard: options.shard } : {}),
    ...(options.searchShardSize ? { searchShardSize: options.searchShardSize } : {}),
    dist,
    dataOut: join(stage, 'out'),
    searchOut: join(stage, 'search'),
    input,
  });
  const plan = await planner.plan;
  const planned = performance.now();
  say(`building ${config.site.title} from ${paths.content}: ${plan.articles} articles (${plan.read} read, the rest known)`);
  head.data = plan.data;
  const dataWritten = plan.dataWritten;
  const toRender = plan.toRender;

  let astroStarted = 0;
  let astroDone = 0;
  let searchStarted = 0;
  let pagefindDone = 0;
  const pages = async () => {
    astroStarted = performance.now();
    const rendering = runAstro({ project: PROJECT, root: paths.root, config, outDir: join(stage, 'astro'), input, cold: mode === 'cold', logLevel: options.verbose ? 'info' : options.quiet ? 'error' : 'warn' });
    crashpoint('build:rendering'); // kill tests only: the parent killed while Astro's child renders (and, in a cold build, the planning process indexes search)
    await rendering;
    astroDone = performance.now();
    say(`  ${toRender.length} keyed pages rendered (of ${plan.keyedCount}) in ${((astroDone - astroStarted) / 1000).toFixed(1)}s`);
  };
  // Astro's child starts once the planning process has exited, and the search shard or two of an
  // hourly build are indexed here beside it; in a cold build the planning process indexes them meanwhile.
  // Where an unchanged file is: on disk (a complete dist/), or only in the manifest and the bucket (delta).
  const keep = mode === 'delta' ? 'manifest' : 'disk';
  const records = plan.searchRecords;
  if (records) await planner.done;
  const search = async () => {
    searchStarted = records ? performance.now() : planned;
    await (records ? writeSearchBundles(records, searchLanguage(config), join(stage, 'search')) : planner.done);
    pagefindDone = performance.now();
  };
  // The media folders are listed meanwhile too (a few seconds at 100,000 articles when listed whole), once the planning process is gone.
  const recordedMedia = manifest.recordedMedia();
  let media: MediaListing | null = null;
  const listing = async () => {
    if (firstSlice) media = listMedia(paths, recordedMedia, keep === 'manifest');
  };
  // All run to their end; the first failure is thrown then.
  const failed = (await Promise.allSettled([pages(), search(), listing()])).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;

  // 4. Merge into dist/, and 5. record it: the manifest's rows change in one transaction, so a
  // killed build leaves the last build's manifest whole.
  manifest.begin();
  const changed = { files: 0, bytes: 0 };
  let removed = 0;
  // Synchronous: nothing else runs during the merge, and a cold build places 600,000 files (at
  // 100,000 articles), where a promise per call took about half as long again.
  const place = (from: string, file: string): void => {
    const bytes = readFileSync(from);
    const entry: FileEntry = { md5: md5(bytes), size: bytes.byteLength };
    const known = manifest.file(file);
    const same = known && known.md5 === entry.md5 && known.size === entry.size;
    const to = join(dist, file);
    if (!same || (keep === 'disk' && !existsSync(to))) {
      mkdirSync(dirname(to), { recursive: true });
      try {
        renameSync(from, to);
      } catch {
        copyFileSync(from, to); // the stage on another disk
      }
      changed.files++;
      changed.bytes += entry.size;
    }
    manifest.setFile(file, entry);
  };
  const drop = (file: string) => {
    if (!manifest.file(file)) return;
    manifest.deleteFile(file);
    rmSync(join(dist, file), { force: true });
    removeEmptyFolders(dist, dirname(file));
    if (process.env.GLEANER_BUILD_DEBUG) console.log(`removed ${file}`);
    removed++;
  };

  const astroFiles = await filesUnder(join(stage, 'astro'));
  for (const file of astroFiles) place(join(stage, 'astro', file), file);
  for (const page of toRender) manifest.setPage(page.file, page.key);
  for (const [id, stamp] of plan.stamps.set) manifest.setStamp(id, stamp);
  for (const id of plan.stamps.deleted) manifest.deleteStamp(id);
  if (!options.shard) {
    manifest.setSourceNames(plan.sourceNames);
    manifest.contentRecorded();
  }
  // Astro renders a keyed page only when it is to be rendered: every other file it wrote is rendered every build.
  const rendered = new Set(toRender.map((p) => p.file));
  const always = astroFiles.filter((f) => !rendered.has(f));
  const alwaysSet = new Set(always);
  if (!options.shard) {
    for (const file of plan.staleKeyedPages) {
      manifest.deletePage(file);
      // A removed article's page file now holds its "removed" page, rendered every build.
      if (alwaysSet.has(file)) continue;
      drop(file);
    }
    const nowKeyed = new Set(plan.nowKeyed);
    for (const file of head.always) if (!alwaysSet.has(file) && !nowKeyed.has(file)) drop(file);
  }
  head.always = always;

  for (const shard of plan.changedShards) {
    const files = (await filesUnder(join(stage, 'search', shard.bundle))).map((f) => `${shard.bundle}${f}`);
    for (const file of files) place(join(stage, 'search', file), file);
    for (const old of manifest.search(shard.bundle)?.files ?? []) if (!files.includes(old)) drop(old);
    manifest.setSearch(shard.bundle, { key: shard.key, files });
  }
  if (firstSlice) place(join(stage, 'search', 'pagefind', 'shards.json'), 'pagefind/shards.json');
  if (!options.shard) {
    const current = new Set(plan.bundles);
    for (const [bundle, entry] of manifest.searches()) if (!current.has(bundle)) {
      for (const file of entry.files) drop(file);
      manifest.deleteSearch(bundle);
    }
  }
  for (const file of await filesUnder(join(stage, 'out'))) place(join(stage, 'out', file), file);
  if (firstSlice) {
    const offered = new Set([...Object.keys(head.data.files), ...(head.data.index?.site ? ['site.sqlite'] : [])].flatMap((name) => [`data/${name}`, `data/${name}.sha256`]));
    for (const file of manifest.filesUnder('data/')) if (/^data\/[^/]+\.sqlite(\.sha256)?$/.test(file) && !offered.has(file)) drop(file);
  }
  let mediaFiles = 0;
  if (media) {
    const listed: MediaListing = media;
    mediaFiles = copyMedia(paths, listed, dist, manifest, keep, changed, drop);
    manifest.recordMedia(listed.read, listed.gone, recordedMedia);
  }
  const mergeDone = performance.now();

  // 5. Record (a cold build's pages are all in toRender, recorded above).
  manifest.setHead(head);
  crashpoint('build:memory-write'); // kill tests only: a no-op unless GLEANER_CRASH_AT names it
  manifest.commit();
  writeDistState(dist, head, manifest.filesJson(), config);
  rmSync(stage, { recursive: true, force: true });

  const counts = manifest.counts();
  const site = head.data.index?.site ?? null;
  const report: BuildReport = {
    root: paths.root,
    dist,
    mode,
    pages: counts.pages,
    files: counts.files,
    rendered: astroFiles.filter((f) => f.endsWith('.html')).length,
    keying: plan.keying,
    changed,
    removed,
    indexedPages: plan.indexedPages,
    searchShards: { total: plan.bundles.length, written: plan.changedShards.length },
    database: site ? { bytes: site.bytes, sha256: site.sha256 } : null,
    dataFiles: { total: Object.keys(head.data.files).length + (site ? 1 : 0), written: dataWritten },
    mediaFiles,
    skipped: plan.skipped,
    durationMs: Math.round(performance.now() - started),
    timings: {
      // The planning process's start counts with the content index, which it begins with.
      contentMs: Math.round(planned - started - plan.timings.besideMs),
      dataMs: Math.round(plan.timings.dataMs),
      astroMs: Math.round(astroDone - astroStarted),
      pagefindMs: Math.round(pagefindDone - searchStarted),
      mergeMs: Math.round(mergeDone - Math.max(astroDone, pagefindDone)),
      planMs: Math.round(plan.timings.planMs),
      totalMs: Math.round(performance.now() - started),
    },
  };
  if (!options.quiet) console.log(summary(report));
  return report;
}

/**
 * Lead images and icons, kept in media/<yyyy>/<mm>/ and served flat from /media/<name> (names are
 * content hashes: a known name is a known file): every file, relative to media/, or in a delta
 * build only those added since the last build listed them (media-listing.ts), when nothing else changed.
 */
function listMedia(paths: SitePaths, recorded: RecordedMedia, onlyAdded: boolean): MediaListing {
  // In a sparse checkout the media git tracks outside it count too (off disk is not deleted), and nothing is recorded: the folders on disk are not the site's.
  const offDisk = offDiskFiles(paths.root, 'media').map((file) => file.slice('media/'.length));
  if (offDisk.length > 0) return { files: withOffDiskFiles(listMediaWhole(paths.media, null, Date.now()).files, offDisk), complete: true, read: new Map(), gone: [...recorded.sigs.keys()] };
  return (onlyAdded && listMediaAdded(paths.media, recorded, Date.now())) || listMediaWhole(paths.media, recorded, Date.now());
}

/** Copies into dist/media/ each listed file the manifest does not have (or dist/ lacks), and, from a complete listing, drops the media files no longer listed; returns how many media files the site has. */
function copyMedia(paths: SitePaths, listing: MediaListing, dist: string, manifest: ManifestStore, keep: 'disk' | 'manifest', changed: { files: number; bytes: number }, drop: (file: string) => void): number {
  const present = new Set<string>();
  // What the manifest holds under media/, in one pass (a lookup per file costs more: a site of 100,000 articles has 300,000 images); a few added files are looked up one by one.
  const known = listing.complete ? new Set(manifest.filesUnder('media/')) : null;
  for (const file of listing.files) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    if (name.endsWith('.tmp')) continue;
    const target = `media/${name}`;
    if (present.has(target)) continue;
    present.add(target);
    if ((known ? known.has(target) : manifest.file(target) !== undefined) && (keep === 'manifest' || existsSync(join(dist, target)))) continue;
    checkOutFolders(paths.root, [`media/${file}`]);
    const bytes = readFileSync(join(paths.media, file));
    mkdirSync(join(dist, 'media'), { recursive: true });
    placeMediaFile(join(paths.media, file), join(dist, target), bytes);
    manifest.setFile(target, { md5: md5(bytes), size: bytes.byteLength });
    changed.files++;
    changed.bytes += bytes.byteLength;
  }
  if (known) for (const file of known) if (!present.has(file)) drop(file);
  return manifest.countUnder('media/');
}

/** Moves the previous dist/ aside and deletes it in the background (a 30,000-file folder takes seconds to delete). */
async function moveAside(paths: SitePaths, dist: string): Promise<void> {
  const trash = join(paths.cache, `old-dist-${process.pid}-${Date.now()}`);
  mkdirSync(paths.cache, { recursive: true });
  renameSync(dist, trash);
  rm(trash, { recursive: true, force: true }).catch(() => undefined);
}

export function summary(report: BuildReport): string {
  const t = report.timings;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return [
    `built ${report.pages} pages (${report.files} files) into ${report.dist} in ${(t.totalMs / 1000).toFixed(1)}s (${report.mode})`,
    `  ${report.rendered} pages rendered (keyed ${report.keying}) · ${report.changed.files} files written (${mb(report.changed.bytes)}) · ${report.removed} removed`,
    `  content ${(t.contentMs / 1000).toFixed(1)}s · data ${(t.dataMs / 1000).toFixed(1)}s · index and keys ${(t.planMs / 1000).toFixed(1)}s · astro ${(t.astroMs / 1000).toFixed(1)}s · search ${(t.pagefindMs / 1000).toFixed(1)}s (${report.searchShards.written} of ${report.searchShards.total} shards, ${report.indexedPages} pages) · merge ${(t.mergeMs / 1000).toFixed(1)}s`,
    report.database ? `  data: site.sqlite ${mb(report.database.bytes)} sha256 ${report.database.sha256}, ${report.dataFiles.total} files (${report.dataFiles.written} written)` : '  no data yet (the crawler writes data/segments)',
    `  ${report.mediaFiles} media files`,
    ...report.skipped.map((s) => `  warning: left out ${s.file}: ${s.reason}`),
  ].join('\n');
}

/** Removes `folder` (relative to `root`) and each parent that a removed page left empty, up to `root`. */
function removeEmptyFolders(root: string, folder: string): void {
  for (let dir = folder; dir && dir !== '.' && dir !== '/'; dir = dirname(dir)) {
    try {
      rmdirSync(join(root, dir));
    } catch {
      return; // not empty (or already gone): its parents are not empty either
    }
  }
}
