import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { buildSiteIndex } from '../model/site-index.ts';
import { reuseConfig } from '../model/reuse.ts';
import { rendererVersion, memoryFile } from '../html/html-cache.ts';
import { forgetBodies } from '../html/article-body.ts';
import { streamContentIndex, updateContentIndex, type SkippedFile } from './content-index.ts';
import { buildDataFilesApart, readSourceHealthApart } from './data/apart.ts';
import type { DataManifest } from './data/index.ts';
import type { SourceHealth } from './data/sources.ts';
import type { BuildInput } from './input.ts';
import { ManifestStore, type ManifestHead } from './manifest.ts';
import { openMemory, shardManifestFile } from './memory.ts';
import { writePageInput } from './page-input.ts';
import type { KeyedSite } from './page-keys.ts';
import { keyAndChoose } from './page-selection.ts';
import { appendReach, recordedSite, sourceNamesDigest, type PageReach } from './page-reach.ts';
import { SHARD_SIZE, searchShards, shardList, shardRecords, writeSearchShards, writeShardList, type ShardRecords } from './search.ts';

// The whole-site part of a build: read content/ (the content index), write the data files, build
// the site index, key every page against the manifest, write the data of the pages to render for
// Astro, and index the search shards whose key changed. It is the only part that holds every
// article, so it runs in a process of its own (planner.ts) that ends before Astro's starts (in a
// cold build it indexes the search shards beside Astro): its memory and Astro's never add up in
// an hourly build. What it hands back is small: the pages to render, what the merge needs to know
// of the rest, and the records of the search shard or two an hourly build writes.

export interface PlanJob {
  /** The project folder (where site/ is): the renderer's version is read from it. */
  project: string;
  root: string;
  config: Config;
  mode: 'cold' | 'incremental' | 'delta';
  /** The code and config fingerprint this build renders with. */
  prefix: string;
  /** The last build's head (an empty one for a cold build). */
  previous: ManifestHead;
  shard?: { index: number; count: number };
  searchShardSize?: number;
  /** The build's output folder (dist/, or a slice's), whose files an incremental build checks. */
  dist: string;
  /** Where the data files, the search shards and Astro's input go. */
  dataOut: string;
  searchOut: string;
  input: BuildInput;
}

export interface BuildPlan {
  articles: number;
  /** Content files read this time (the rest were known). */
  read: number;
  skipped: SkippedFile[];
  data: DataManifest;
  dataWritten: number;
  keyedCount: number;
  /** What was keyed: every page, and why, or the pages the new articles reach (page-reach.ts). */
  keying: string;
  /** The source names' digest to record (page-reach.ts); null from a slice. */
  sourceNames: string | null;
  /** The keyed pages this build renders, with their keys. */
  toRender: Array<{ file: string; key: string }>;
  /** The article pages' stamps to record with the page keys (page-keys.ts; none from a slice). */
  stamps: KeyedSite['stamps'];
  /** Pages of the manifest that are no longer keyed (an incremental or delta build of the whole site). */
  staleKeyedPages: string[];
  /** Files of the last build's always-rendered list that are keyed pages now. */
  nowKeyed: string[];
  /** Every search bundle, oldest first, and those whose key changed. */
  bundles: string[];
  changedShards: Array<{ bundle: string; key: string }>;
  /**
   * The changed shards' records, for the build to index once this process has exited; null in a
   * cold build, where this process indexes them itself (`search`), beside Astro.
   */
  searchRecords: ShardRecords[] | null;
  indexedPages: number;
  /**
   * From the content index's update on: the data files (a worker thread), and loading every
   * article, the site index, the keys and Astro's input (this thread), side by side in an hourly
   * build, one after the other when every data file is written. `besideMs` is until both ended;
   * the rest of the process's time is the content index's update.
   */
  timings: { dataMs: number; planMs: number; besideMs: number };
}

/** Plans a build; in a cold build `search()` then indexes the changed shards from the same site index. */
export async function planBuild(job: PlanJob): Promise<{ plan: BuildPlan; search: () => Promise<void> }> {
  const { config, mode, prefix, previous } = job;
  const paths = sitePaths(job.root);
  const memory = openMemory(memoryFile(paths.root));
  const manifestDb = job.shard ? openMemory(shardManifestFile(paths.root, job.shard.index)) : memory;
  const manifest = new ManifestStore(manifestDb);
  const inSlice = (file: string) => !job.shard || Number.parseInt(createHash('md5').update(file).digest('hex').slice(0, 8), 16) % job.shard.count === job.shard.index - 1;
  const firstSlice = !job.shard || job.shard.index === 1;
  let closed = false;

  try {
    // The content index is brought up to date first: the data files' worker reads the bodies that changed.
    const update = await updateContentIndex(paths.root, memory, rendererVersion(job.project));
    const contentUpdated = performance.now();

    // The data files are written in a worker thread beside what follows: the pages are keyed on
    // this thread with the sources' health (every card names its source), which the worker tells
    // first. The data page lists the files, but it is rendered every build, so no key waits for them.
    let files: Promise<{ data: DataManifest; dataWritten: number; ms: number }>;
    let health: SourceHealth[];
    // The pages' reuse modes are the last build's (else every data file and page that shows a body is written again).
    let sameReuse = false;
    if (firstSlice) {
      // The data files carry what the pages show of each body (reuse.ts); a change of the modes rewrites them all, which is rare.
      const reuse = reuseConfig(config);
      const reuseKey = createHash('sha256').update(JSON.stringify(reuse)).digest('base64url').slice(0, 22);
      const previousData = mode === 'cold' || (previous.data.reuse ?? reuseKey) !== reuseKey ? null : previous.data;
      sameReuse = previousData !== null;
      const apart = buildDataFilesApart({ paths, previous: previousData, changedFiles: update.changed, outDir: job.dataOut, reuse });
      files = apart.files.then(({ build, ms }) => ({ data: { ...build.manifest, reuse: reuseKey }, dataWritten: build.written.length, ms }));
      health = await apart.sources;
      // Every data file written (a cold build, new reuse modes) takes both cores already
      // (part-writers.ts): the keys wait for it rather than make three threads share two cores
      // (a cold build of 10,000 took its data step 20.6-32.8 s so, against 17.6 s alone).
      if (previousData === null) await files;
    } else {
      // Another slice writes no data files, but its cards name their sources as the first slice's do.
      health = await readSourceHealthApart(paths);
      files = Promise.resolve({ data: { ...previous.data, sources: health }, dataWritten: 0, ms: 0 });
    }

    // Every article is read as the site index is made, row by row (streamContentIndex): the
    // entries are not kept beside it. It names sources by their health, so it waits for the worker.
    const keysStarted = performance.now();
    const { skipped, entries } = streamContentIndex(memory);
    const index = buildSiteIndex(entries, config, health);
    const articleCount = index.articles.length;
    const shardSize = job.searchShardSize ?? SHARD_SIZE;
    // A build that only added articles keys only the pages they reach (page-reach.ts); any other
    // reads the recorded keys in one pass for the pages no stamp speaks for, and one by one for the
    // few article pages keyed again: never every page's key (page-selection.ts).
    // Recorded with the keys, so the next build knows whether a source was named anew.
    const sourceNames = job.shard ? null : sourceNamesDigest(index);
    let reach: PageReach | null = null;
    let keying = mode === 'cold' ? 'every page: a cold build' : 'every page of a slice';
    if (mode !== 'cold' && !job.shard) {
      if (!update.appendOnly) keying = 'every page: an article was edited or removed';
      else if (!sameReuse) keying = 'every page: the reuse modes changed';
      else {
        const addedFiles = new Set(update.added);
        const added = new Set(index.articles.filter((a) => addedFiles.has(a.file)));
        const found = appendReach(index, added, recordedSite(manifest, sourceNames!), shardSize);
        if ('whole' in found) keying = `every page: ${found.whole}`;
        else {
          reach = found;
          keying = `the pages ${added.size} new ${added.size === 1 ? 'article reaches' : 'articles reach'}`;
        }
      }
    }
    const { keyed, toRender, stale: staleKeyedPages, nowKeyed } = keyAndChoose(index, prefix, manifest, {
      cold: mode === 'cold',
      slice: Boolean(job.shard),
      always: previous.always,
      mine: inSlice,
      missing: (file) => mode === 'incremental' && !existsSync(join(job.dist, file)),
      reach,
      incremental: mode === 'incremental',
    });
    const { stamps } = keyed;
    await writePageInput(index, toRender, job.input, { root: paths.root, health });

    // The search index is made from the site index and the HTML cache, never from a rendered page.
    const shards = searchShards(index, prefix, shardSize, reach ? { from: reach.shardsFrom, key: (bundle) => manifest.search(bundle)?.key } : undefined);
    if (reach && process.env.GLEANER_VERIFY_KEYS) {
      const every = searchShards(index, prefix, shardSize);
      const wrong = every.find((s, i) => shards[i]?.key !== s.key);
      if (wrong) throw new Error(`search shard ${wrong.bundle} kept a key that is not its own: a build that only added articles changed it (page-reach.ts)`);
    }
    const changedShards = shards.filter(
      (s) => inSlice(s.bundle) && (mode === 'cold' || manifest.search(s.bundle)?.key !== s.key || (mode === 'incremental' && !existsSync(join(job.dist, s.bundle, 'pagefind-entry.json')))),
    );
    if (firstSlice) await writeShardList(shardList(shards, job.searchShardSize), job.searchOut);
    // An hourly build's shard or two: their records are small, and with them the search needs no site index.
    const searchRecords = mode === 'cold' ? null : await Promise.all(changedShards.map(async (s) => ({ bundle: s.bundle, records: await shardRecords(index, paths.root, s) })));
    const keysDone = performance.now();

    const { data, dataWritten, ms: dataMs } = await files;
    writeFileSync(job.input.downloads, JSON.stringify(data.index));
    writeFileSync(job.input.removed, JSON.stringify(data.removed ?? []));
    const plan: BuildPlan = {
      articles: articleCount,
      read: update.changed.length,
      skipped,
      data,
      dataWritten,
      keyedCount: keyed.pages.length + keyed.kept.length,
      keying,
      sourceNames,
      toRender: toRender.map((p) => ({ file: p.file, key: p.key })),
      stamps: job.shard ? { set: [], deleted: [] } : stamps,
      staleKeyedPages,
      nowKeyed,
      bundles: shards.map((s) => s.bundle),
      changedShards: changedShards.map((s) => ({ bundle: s.bundle, key: s.key })),
      searchRecords,
      indexedPages: shards.reduce((n, s) => n + s.articles.length, 0),
      timings: { dataMs, planMs: keysDone - keysStarted, besideMs: performance.now() - contentUpdated },
    };
    const search = async () => {
      try {
        if (searchRecords === null) await writeSearchShards(index, paths.root, changedShards, job.searchOut);
      } finally {
        close();
      }
    };
    return { plan, search };
  } catch (error) {
    close();
    throw error;
  }

  function close(): void {
    if (closed) return;
    closed = true;
    forgetBodies(paths.root);
    if (manifestDb !== memory) manifestDb.close();
    memory.close();
  }
}
