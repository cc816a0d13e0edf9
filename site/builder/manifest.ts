import { closeSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { writeFileAtomic } from '../../crawler/atomic-write.ts';
import { emptyDataManifest, type DataManifest } from './data/index.ts';
import { metaValue, setMeta } from './memory.ts';
import { contentRecorded } from './content-index.ts';
import type { ArticleStamp, RecordedStamp } from './page-keys.ts';
import type { MediaFolder, RecordedMedia } from './media-listing.ts';

// What the build remembers of the site it made (in the build memory, memory.ts; a CI cache keeps
// it): the fingerprint it rendered with, the key of every keyed page, search shard and data file,
// and every file of the complete site with its MD5 and size. The next build renders only what no
// longer matches; the deploy compares these MD5s with the bucket's and uploads only what differs,
// so neither needs the unchanged files on disk. Pages and files are rows read by key: a build
// looks up the pages it keys and the files it writes. dist/.gleaner/files.json carries the file
// list with the build, for the deploy.

export interface FileEntry {
  md5: string;
  size: number;
}

/** The manifest's small part, kept whole. */
export interface ManifestHead {
  /** Identifies this build (the deploy and the next build check dist/ belongs to it). */
  buildId: string;
  /** Code and config fingerprint the pages were rendered with; a different one means a cold build. */
  prefix: string;
  /** The data files in /data/ (data/index.ts). */
  data: DataManifest;
  /** Files that are rendered on every build (home, feeds, assets…), to remove those that are gone. */
  always: string[];
}

export function emptyHead(prefix: string, buildId: string): ManifestHead {
  return { buildId, prefix, data: emptyDataManifest(), always: [] };
}

const HEAD = ['buildId', 'prefix', 'data', 'always'] as const;

/** The article id an article page's or AMP page's file names (page-keys.ts makes them `<id>/index.html` and `amp/<id>/index.html`). */
const ARTICLE_OF_PAGE = "CASE WHEN substr(p.file, 1, 4) = 'amp/' THEN substr(p.file, 5, length(p.file) - 15) ELSE substr(p.file, 1, length(p.file) - 11) END";

/** Whether a stamp's article has both its pages recorded (SQL, for a row of stamps). */
const PAGED = "(EXISTS (SELECT 1 FROM pages WHERE file = id || '/index.html') AND EXISTS (SELECT 1 FROM pages WHERE file = 'amp/' || id || '/index.html'))";

/** Rows in a page of files.json's entries: about 2 MB of text. */
const LISTED_PAGE = 20_000;

type StampRow = ArticleStamp & { paged: number };
const recordedStamp = (row: StampRow): RecordedStamp => ({ own: row.own, deps: row.deps, story: row.story, paged: row.paged === 1 });

/** The manifest rows of a build memory: keyed pages, search bundles and the site's files. */
export class ManifestStore {
  readonly #db: DatabaseSync;
  readonly #sql: Record<string, StatementSync>;
  #writing = false;

  constructor(db: DatabaseSync) {
    this.#db = db;
    const sql = (text: string) => db.prepare(text);
    this.#sql = {
      setPage: sql('INSERT INTO pages VALUES (?, ?) ON CONFLICT (file) DO UPDATE SET key = excluded.key'),
      deletePage: sql('DELETE FROM pages WHERE file = ?'),
      pages: sql('SELECT file, key FROM pages'),
      page: sql('SELECT key FROM pages WHERE file = ?'),
      unstamped: sql(`SELECT file, key FROM pages p WHERE NOT EXISTS (SELECT 1 FROM stamps s WHERE s.id = ${ARTICLE_OF_PAGE} AND p.file IN (s.id || '/index.html', 'amp/' || s.id || '/index.html'))`),
      stamps: sql(`SELECT id, own, deps, story, ${PAGED} AS paged FROM stamps`),
      stamp: sql(`SELECT own, deps, story, ${PAGED} AS paged FROM stamps WHERE id = ?`),
      stampCounts: sql(`SELECT count(*) AS "all", coalesce(sum(${PAGED}), 0) AS paged FROM stamps`),
      setStamp: sql('INSERT INTO stamps VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET own = excluded.own, deps = excluded.deps, story = excluded.story'),
      deleteStamp: sql('DELETE FROM stamps WHERE id = ?'),
      search: sql('SELECT key, files FROM search WHERE bundle = ?'),
      setSearch: sql('INSERT INTO search VALUES (?, ?, ?) ON CONFLICT (bundle) DO UPDATE SET key = excluded.key, files = excluded.files'),
      deleteSearch: sql('DELETE FROM search WHERE bundle = ?'),
      searches: sql('SELECT bundle, key, files FROM search ORDER BY bundle'),
      file: sql('SELECT md5, size FROM files WHERE file = ?'),
      setFile: sql('INSERT INTO files (file, md5, size) VALUES (?, ?, ?) ON CONFLICT (file) DO UPDATE SET md5 = excluded.md5, size = excluded.size'),
      deleteFile: sql('DELETE FROM files WHERE file = ?'),
      filesFrom: sql('SELECT file FROM files WHERE file >= ? AND file < ? ORDER BY file'),
      files: sql('SELECT file, md5, size FROM files ORDER BY file'),
      // A page of files.json's entries, each stored with its row by SQLite (memory.ts; json_quote escapes as JSON.stringify does): 600,000 rows read into objects and written out again took seconds.
      listed: sql(`SELECT max(file) AS last, group_concat(entry, ',' ORDER BY file) AS json FROM (SELECT file, entry FROM files WHERE file > ? ORDER BY file LIMIT ${LISTED_PAGE})`),
      mediaSigs: sql('SELECT folder, sig, dirs FROM media_folders'),
      mediaFiles: sql('SELECT files FROM media_folders WHERE folder = ?'),
      setMediaFolder: sql('INSERT INTO media_folders VALUES (?, ?, ?, ?) ON CONFLICT (folder) DO UPDATE SET sig = excluded.sig, files = excluded.files, dirs = excluded.dirs'),
      deleteMediaFolder: sql('DELETE FROM media_folders WHERE folder = ?'),
      countFrom: sql('SELECT count(*) AS n FROM files WHERE file >= ? AND file < ?'),
      counts: sql("SELECT count(*) AS files, coalesce(sum(substr(file, -5) = '.html' AND substr(file, 1, 9) <> 'pagefind/'), 0) AS pages FROM files"),
    };
  }

  close(): void {
    this.#db.close();
  }

  /** Runs `work` in one read transaction (many lookups, one lock). */
  reading<T>(work: () => T): T {
    this.#db.exec('BEGIN');
    try {
      return work();
    } finally {
      this.#db.exec('COMMIT');
    }
  }

  /** Starts the one transaction a build changes its manifest in. */
  begin(): void {
    this.#db.exec('BEGIN IMMEDIATE');
    this.#writing = true;
  }

  commit(): void {
    this.#db.exec('COMMIT');
    this.#writing = false;
  }

  /** Drops what a failed build changed, if it had begun. */
  abandon(): void {
    if (this.#writing) this.#db.exec('ROLLBACK');
    this.#writing = false;
  }

  /** The last build's head, or null when there is none (no memory: a cold build). */
  head(): ManifestHead | null {
    const [buildId, prefix, data, always] = HEAD.map((name) => metaValue(this.#db, `manifest.${name}`));
    if (!buildId || !prefix || !data || !always) return null;
    return { buildId, prefix, data: JSON.parse(data) as DataManifest, always: JSON.parse(always) as string[] };
  }

  setHead(head: ManifestHead): void {
    for (const name of HEAD) setMeta(this.#db, `manifest.${name}`, typeof head[name] === 'string' ? head[name] : JSON.stringify(head[name]));
  }

  /** Forgets every page, bundle and file (a cold build starts from nothing). */
  clear(): void {
    this.#db.exec('DELETE FROM pages; DELETE FROM stamps; DELETE FROM search; DELETE FROM files; DELETE FROM media_folders');
    for (const name of HEAD) setMeta(this.#db, `manifest.${name}`, null);
    this.setSourceNames(null);
  }

  setPage(file: string, key: string): void {
    this.#sql.setPage!.run(file, key);
  }

  deletePage(file: string): void {
    this.#sql.deletePage!.run(file);
  }

  /** Every recorded page with its key, in one pass. */
  *pages(): Generator<[file: string, key: string]> {
    for (const row of this.#sql.pages!.iterate() as Iterable<{ file: string; key: string }>) yield [row.file, row.key];
  }

  /** A recorded page's key. */
  pageKey(file: string): string | undefined {
    return (this.#sql.page!.get(file) as { key: string } | undefined)?.key;
  }

  /**
   * The recorded pages other than the article and AMP pages of an article with a stamp, with their
   * keys, in one pass: at 100,000 articles about 30,000 of 230,000 (archive, tag, story pages…).
   * A page a stamp speaks for is looked up (pageKey) only when it is keyed again. Without stamps
   * (a slice's manifest, a memory from before them), every page.
   */
  *unstampedPages(): Generator<[file: string, key: string]> {
    for (const row of this.#sql.unstamped!.iterate() as Iterable<{ file: string; key: string }>) yield [row.file, row.key];
  }

  /** Every article's stamp (page-keys.ts), in one pass, and whether both its pages are recorded. */
  stamps(): Map<string, RecordedStamp> {
    const out = new Map<string, RecordedStamp>();
    for (const row of this.#sql.stamps!.iterate() as Iterable<StampRow & { id: string }>) out.set(row.id, recordedStamp(row));
    return out;
  }
  /** One article's stamp, looked up. */
  stamp(id: string): RecordedStamp | undefined {
    const row = this.#sql.stamp!.get(id) as StampRow | undefined;
    return row && recordedStamp(row);
  }

  /** How many stamps there are, and how many of them have both their article's pages recorded. */
  stampCounts(): { all: number; paged: number } {
    const row = this.#sql.stampCounts!.get() as { all: number; paged: number };
    return { all: Number(row.all), paged: Number(row.paged) };
  }

  /** What the last build recorded of its source names (page-reach.ts's sourceNamesDigest); null: none. */
  sourceNames(): string | null {
    return metaValue(this.#db, 'manifest.names');
  }

  setSourceNames(digest: string | null): void {
    setMeta(this.#db, 'manifest.names', digest);
  }

  /** The build recorded its pages from the content index as it is (the site's one memory, not a slice's): the content's changes count from here (content-index.ts). */
  contentRecorded(): void {
    contentRecorded(this.#db);
  }

  setStamp(id: string, stamp: ArticleStamp): void {
    this.#sql.setStamp!.run(id, stamp.own, stamp.deps, stamp.story);
  }
  deleteStamp(id: string): void {
    this.#sql.deleteStamp!.run(id);
  }
  search(bundle: string): { key: string; files: string[] } | undefined {
    const row = this.#sql.search!.get(bundle) as { key: string; files: string } | undefined;
    return row ? { key: row.key, files: JSON.parse(row.files) as string[] } : undefined;
  }

  setSearch(bundle: string, entry: { key: string; files: string[] }): void {
    this.#sql.setSearch!.run(bundle, entry.key, JSON.stringify(entry.files));
  }

  deleteSearch(bundle: string): void {
    this.#sql.deleteSearch!.run(bundle);
  }

  /** Every search bundle (a few dozen). */
  searches(): Array<[string, { key: string; files: string[] }]> {
    return (this.#sql.searches!.all() as Array<{ bundle: string; key: string; files: string }>).map((r) => [r.bundle, { key: r.key, files: JSON.parse(r.files) as string[] }]);
  }

  file(file: string): FileEntry | undefined {
    const row = this.#sql.file!.get(file) as { md5: string; size: number } | undefined;
    return row ? { md5: row.md5, size: Number(row.size) } : undefined;
  }

  setFile(file: string, entry: FileEntry): void {
    this.#sql.setFile!.run(file, entry.md5, entry.size);
  }

  deleteFile(file: string): void {
    this.#sql.deleteFile!.run(file);
  }

  /** Recorded files whose path starts with `prefix` (a folder such as "media/"). */
  filesUnder(prefix: string): string[] {
    return (this.#sql.filesFrom!.all(prefix, prefixEnd(prefix)) as Array<{ file: string }>).map((r) => r.file);
  }

  /** How many recorded files' paths start with `prefix`. */
  countUnder(prefix: string): number {
    return Number((this.#sql.countFrom!.get(prefix, prefixEnd(prefix)) as { n: number }).n);
  }

  /** The folders of media/ as the last build listed them (media-listing.ts). */
  recordedMedia(): RecordedMedia {
    const sigs = new Map<string, { sig: string; dirs: string[] }>();
    for (const row of this.#sql.mediaSigs!.iterate() as Iterable<{ folder: string; sig: string; dirs: string }>) sigs.set(row.folder, { sig: row.sig, dirs: JSON.parse(row.dirs) as string[] });
    return { sigs, files: (folder) => JSON.parse((this.#sql.mediaFiles!.get(folder) as { files: string } | undefined)?.files ?? '[]') as string[] };
  }

  /** Records the folders of media/ a build read (those whose signature is as recorded are left), and forgets those gone. */
  recordMedia(read: Map<string, MediaFolder>, gone: string[], recorded: RecordedMedia): void {
    for (const folder of gone) this.#sql.deleteMediaFolder!.run(folder);
    for (const [folder, f] of read) {
      const known = recorded.sigs.get(folder);
      if (known && f.sig !== '' && known.sig === f.sig) continue;
      this.#sql.setMediaFolder!.run(folder, f.sig, JSON.stringify(f.files), JSON.stringify(f.dirs));
    }
  }

  /** Every file, row by row. */
  *files(): Generator<[string, FileEntry]> {
    for (const row of this.#sql.files!.iterate() as Iterable<{ file: string; md5: string; size: number }>) yield [row.file, { md5: row.md5, size: Number(row.size) }];
  }

  /** The files as files.json lists them (`"name":{"md5":…,"size":…}`), joined by commas, LISTED_PAGE to a page, in order. */
  *filesJson(): Generator<string> {
    for (let last = ''; ; ) {
      const page = this.#sql.listed!.get(last) as { last: string | null; json: string | null };
      if (page.last === null || page.json === null) return;
      yield page.json;
      last = page.last;
    }
  }

  /** How many files the site has, and how many of them are HTML pages (search's own files aside). */
  counts(): { files: number; pages: number } {
    const row = this.#sql.counts!.get() as { files: number; pages: number };
    return { files: Number(row.files), pages: Number(row.pages) };
  }

  /** Copies another memory's pages, bundles and files over this one's (a slice into the whole). */
  absorb(other: ManifestStore): void {
    for (const [file, key] of other.pages()) this.setPage(file, key);
    for (const [bundle, entry] of other.searches()) this.setSearch(bundle, entry);
    for (const [file, entry] of other.files()) this.setFile(file, entry);
  }
}

/** The first string after every string that starts with `prefix`. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** The build's file list as dist/.gleaner/files.json holds it. */
export interface DistFiles {
  buildId: string;
  files: Record<string, FileEntry>;
}

/** Writes dist/.gleaner/files.json ({ buildId, files }) from the manifest's pages of entries (ManifestStore.filesJson), without holding the list: temp file, fsync, rename. */
export function writeFileList(file: string, buildId: string, pages: Iterable<string>): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    writeSync(fd, `{"buildId":${JSON.stringify(buildId)},"files":{`);
    let first = true;
    for (const page of pages) {
      writeSync(fd, first ? page : `,${page}`);
      first = false;
    }
    writeSync(fd, '}}');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/** The build id at the head of a files.json, read without the list behind it (null when there is none). */
export function fileListBuildId(file: string): string | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(200);
    const length = readSync(fd, head, 0, head.length, 0);
    return /^\{"buildId":"([^"\\]+)"/.exec(head.subarray(0, length).toString('utf8'))?.[1] ?? null;
  } finally {
    closeSync(fd);
  }
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, JSON.stringify(value));
}
