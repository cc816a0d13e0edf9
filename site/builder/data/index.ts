import type { SitePaths } from '../../../crawler/paths.ts';
import { legacyDatabaseBytes, openStateReader, stateLayout, touchedSince, type SegmentMark } from '../../../crawler/store/read.ts';
import { describeDatabase, exampleQueries, type DatabaseInfo, type ExampleQuery } from '../../model/database.ts';
import type { SourceHealth } from './sources.ts';
import { PART_SIZES, planData, type DataFileEntry, type PartSizes } from './plan.ts';
import { catalogBytes, closeDataWriter, dataFileBytes, writeDataFile } from './write.ts';
import { writeParts } from './part-writers.ts';
import type { ReuseConfig } from '../../model/reuse.ts';
import type { RemovedPage } from '../../model/removed.ts';

export type { DataFileEntry } from './plan.ts';

// What /data/ offers: the site's data as SQLite files anyone can open (tables in schema.ts).
//
//   site.sqlite                  everything in one file while the site is small (no more articles
//                                than one part holds); then the catalog: topics, sources, tags, and the list
//                                of every other file with its size and SHA-256
//   articles-YYYY-MM[-n].sqlite  the articles published in a month, 500 a file (parts.ts)
//   crawl-YYYY-MM[-n].sqlite     the URLs the crawler found in a month, 5,000 a file, and its runs
//
// Every file has a .sha256 beside it. A build writes only the files holding rows that changed
// since the last build (the store says which, touchedSince in crawler/store/read.ts), so an hourly run
// rewrites the newest part or two and the deploy uploads those.


export interface SiteFile extends DataFileEntry {
  /** Everything (a small site) or the catalog. */
  complete: boolean;
  info: DatabaseInfo;
  queries: ExampleQuery[];
}

/** What the data page lists. */
export interface DataIndex {
  site: SiteFile | null;
  /** Newest first. */
  articles: DataFileEntry[];
  crawl: DataFileEntry[];
}

/** What the build remembers about the data files between builds. */
export interface DataManifest {
  mark: SegmentMark | null;
  /** A hash of the reuse modes the files were written with (a change rewrites them all: see site/builder/index.ts). */
  reuse?: string;
  files: Record<string, DataFileEntry>;
  index: DataIndex | null;
  /** Each source host's health (sources.ts), for the source pages; absent in a manifest older than them. */
  sources?: SourceHealth[];
  /** The old pages of removed articles (npm run remove), which answer "removed"; absent in a manifest older than them. */
  removed?: RemovedPage[];
  /** The names under /media/ of taken-down articles' lead images no article shows, which the deploy deletes; absent in a manifest older than them. */
  removedMedia?: string[];
}

export function emptyDataManifest(): DataManifest {
  return { mark: null, files: {}, index: null, sources: [], removed: [], removedMedia: [] };
}

export interface DataBuild {
  manifest: DataManifest;
  /** Files written into outDir/data/ (each with its .sha256). */
  written: string[];
}


/**
 * Writes the data files that changed into `outDir`/data/. `previous` null (a cold build) writes
 * them all; `changedFiles` are content files whose body changed. `onSources` is told the sources'
 * health (the manifest's `sources`) before any file is written: the build keys its pages with it
 * while the files are written.
 */
export async function buildDataFiles(paths: SitePaths, previous: DataManifest | null, changedFiles: string[], outDir: string, sizes: PartSizes = PART_SIZES, reuse: ReuseConfig | null = null, onSources: (sources: SourceHealth[]) => void = () => undefined): Promise<DataBuild> {
  const changes = await touchedSince(paths, previous?.mark ?? null);
  if (!changes) {
    onSources([]);
    return legacyData(paths, outDir);
  }
  const { touched } = changes;
  const nothingNew = touched !== null && touched.segments === 0 && changedFiles.length === 0 && previous?.index && previous.sources && previous.removed && previous.removedMedia;
  if (nothingNew) {
    onSources(previous!.sources!);
    return { manifest: previous!, written: [] };
  }

  const state = await openStateReader(paths);
  try {
    // Read here, in the worker that already holds the state: Astro's process never loads it.
    const sources = state.sourceHealth();
    onSources(sources);
    const before = touched ? (previous?.files ?? {}) : {};
    const plan = planData(state, before, touched, changedFiles, sizes);
    const files: Record<string, DataFileEntry> = {};
    for (const name of plan.keep) files[name] = before[name]!;
    const written: string[] = [];
    const parts = await writeParts(state, { paths, outDir, reuse, parts: plan.write });
    plan.write.forEach((part, i) => {
      written.push(part.name);
      files[part.name] = {
        name: part.name,
        kind: part.kind,
        period: part.period,
        part: part.part,
        articles: part.kind === 'articles' ? part.ids.length : 0,
        urls: part.kind === 'crawl' ? part.ids.length : 0,
        bytes: parts[i]!.bytes,
        sha256: parts[i]!.sha256,
        fingerprint: part.fingerprint,
      };
    });

    const list = Object.values(files).sort((a, b) => (a.name < b.name ? 1 : -1));
    // While the whole site fits in one part, site.sqlite is the whole site (written again on every build).
    const complete = plan.articles <= sizes.articles;
    const bytes = complete
      ? await dataFileBytes(state, paths.root, { ...state.wholeSite(), period: 'all' }, reuse)
      : await catalogBytes(state, list);
    const sha256 = await writeDataFile(outDir, 'site.sqlite', bytes);
    written.push('site.sqlite');
    const info = await describeDatabase(bytes);
    const site: SiteFile = {
      name: 'site.sqlite',
      kind: 'site',
      period: null,
      part: 1,
      articles: complete ? plan.articles : 0,
      urls: 0,
      bytes: bytes.byteLength,
      sha256,
      fingerprint: '',
      complete,
      info,
      queries: exampleQueries(info),
    };
    const index: DataIndex = { site, articles: list.filter((f) => f.kind === 'articles'), crawl: list.filter((f) => f.kind === 'crawl') };
    const removed = state.removedPages().map((r) => ({ id: `${r.topic}/${r.slug}`, removedAt: r.removedAt }));
    return { manifest: { mark: changes.mark, files, index, sources, removed, removedMedia: state.removedMedia() }, written };
  } finally {
    closeDataWriter();
    state.close();
  }
}

/** Only the sources' health and names (a build slice that writes no data files still names every card's source). */
export async function readSourceHealth(paths: SitePaths): Promise<SourceHealth[]> {
  if (stateLayout(paths) !== 'segments') return [];
  const state = await openStateReader(paths);
  try {
    return state.sourceHealth();
  } finally {
    state.close();
  }
}

/** A site not upgraded yet (the next crawl does it) offers its one database file, as it is. */
async function legacyData(paths: SitePaths, outDir: string): Promise<DataBuild> {
  const bytes = legacyDatabaseBytes(paths);
  if (!bytes) return { manifest: emptyDataManifest(), written: [] };
  const sha256 = await writeDataFile(outDir, 'site.sqlite', bytes);
  const info = await describeDatabase(bytes);
  const site: SiteFile = { name: 'site.sqlite', kind: 'site', period: null, part: 1, articles: 0, urls: 0, bytes: bytes.byteLength, sha256, fingerprint: '', complete: true, info, queries: exampleQueries(info) };
  return { manifest: { mark: null, files: {}, index: { site, articles: [], crawl: [] }, sources: [], removed: [], removedMedia: [] }, written: ['site.sqlite'] };
}
