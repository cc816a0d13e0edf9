import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { readArticleFile } from '../../crawler/publish/article-file.ts';
import { articleIdOf, type ArticleInput, type HashSource } from '../model/site-index.ts';
import { bodySha, packHtml } from '../html/html-cache.ts';
import { renderMarkdown } from '../html/markdown.ts';
import { metaValue, openMemory, setMeta } from './memory.ts';
import { checkOutFolders } from '../../crawler/sparse-checkout.ts';
import { factsJson, lazyFrontmatter, type StoredFacts } from './frontmatter-facts.ts';
import { sourceHostsOf } from '../../crawler/url/source-host.ts';
import { changedSince, listAll, type ContentListing, type GitRecord } from './content-changes.ts';

// Every article in content/ (the source of truth: its frontmatter and body), read once and then
// remembered in the build memory (memory.ts, table content: a row per file, with the facts of its
// frontmatter apart, frontmatter-facts.ts). A file is read
// again only when it changed: in a git work tree a clean file is known by its blob id (`git
// ls-files -s`, no file read), so a fresh checkout in CI reads only what the last commit added;
// elsewhere by its size and modification time; and in a git work tree only the files of folders
// whose tree changed since the last build are looked at (content-changes.ts). Reading a file
// renders its body (one that does not render is left out), and that HTML is kept
// (site/html/html-cache.ts): the pages, feeds, search and data files read it instead of rendering
// the body again. In a sparse checkout the files git tracks outside it are listed too
// (crawler/sparse-checkout.ts): known by their blob id, never read unless they changed, and then
// checked out first.

/** An article as content/ holds it (`id` is `<topic>/<slug>`, its URL path under the site's base): the site index's input. */
export type ContentEntry = ArticleInput;

export interface SkippedFile {
  file: string;
  reason: string;
}

export interface ContentIndex {
  entries: ContentEntry[];
  /** Files left out of the site, with why: a frontmatter that does not validate, a body that does not render, a second file for one id. */
  skipped: SkippedFile[];
  /** Files read and parsed this time (new or changed since the last build; the rest came from the cache). */
  read: number;
  changed: string[];
}

interface Row {
  entry: ContentEntry | null;
  skipped: string | null;
  html: string | null;
}

async function readEntry(root: string, file: string): Promise<Row> {
  const text = readFileSync(join(root, file), 'utf8');
  const split = readArticleFile(text);
  if (!split.ok) return { entry: null, skipped: split.problem, html: null };
  let html: string;
  try {
    // The pages render the body with this renderer; one that does not render is left out here, with its reason.
    html = await renderMarkdown(split.body);
  } catch (error) {
    return { entry: null, skipped: `its Markdown did not render (${(error as Error).message})`, html: null };
  }
  return { entry: { id: articleIdOf(split.frontmatter.topic, file), file, data: split.frontmatter, bodySha: bodySha(split.body) }, skipped: null, html };
}

/** Files read between commits of the memory: a killed cold build keeps what it had read. */
const BATCH = 500;

/**
 * Reads content/ into entries through the build memory `db`: its rows are updated for the files
 * that changed, and the HTML of their bodies kept. `renderer` is the renderer's version
 * (html-cache.ts): under another, every file is read and rendered again. Without a memory, every
 * file is read.
 */
export async function readContentIndex(root: string, db: DatabaseSync = openMemory(':memory:'), renderer = 'unversioned'): Promise<ContentIndex> {
  const update = await updateContentIndex(root, db, renderer);
  return { ...loadContentIndex(db), read: update.changed.length, changed: update.changed };
}

/** What updateContentIndex did: the Markdown files read again, and whether it looked at every file or only at those git says may have changed (content-changes.ts). */
export interface ContentUpdate {
  changed: string[];
  listed: 'all' | 'changes';
  /** Since the last build that recorded its pages (`contentRecorded`): files that hold an article now and held none before (new files, or files that were skipped); none when `appendOnly` is false. */
  added: string[];
  /** Whether, since that build, articles were only added: none removed, none whose frontmatter or body changed, the same renderer (page-reach.ts). */
  appendOnly: boolean;
}

type Pending = Pick<ContentUpdate, 'added' | 'appendOnly'>;
const PENDING = 'content-since-build';

/** A build recorded its pages from the content as it is: what changed is counted from here on (in the build's manifest transaction). */
export function contentRecorded(db: DatabaseSync): void {
  setMeta(db, PENDING, null);
}

/** The files whose keys may have changed since the last update: those git names (content-changes.ts), or every file. */
function listContent(root: string, db: DatabaseSync): ContentListing {
  const recorded = metaValue(db, 'content-git');
  if (recorded) {
    const inFolder = db.prepare("SELECT file FROM content WHERE rtrim(file, replace(file, '/', '')) = ?");
    const knownIn = (folder: string) => (inFolder.all(`${folder}/`) as Array<{ file: string }>).map((r) => r.file);
    const changes = changedSince(root, JSON.parse(recorded) as GitRecord, knownIn);
    if (changes) return changes;
  }
  return listAll(root);
}

/**
 * The first half of readContentIndex: brings the memory's rows up to content/ (reading and
 * rendering only what changed) and holds no article. A build runs its data files between the
 * two halves, so their memory and every article's frontmatter are never held at once.
 */
export async function updateContentIndex(root: string, db: DatabaseSync, renderer = 'unversioned'): Promise<ContentUpdate> {
  const put = db.prepare(
    'INSERT INTO content (file, key, id, data, body_sha, skipped, facts, data_sha) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (file) DO UPDATE SET key = excluded.key, id = excluded.id, data = excluded.data, body_sha = excluded.body_sha, skipped = excluded.skipped, facts = excluded.facts, data_sha = excluded.data_sha',
  );
  const putHtml = db.prepare('INSERT INTO html VALUES (?, ?) ON CONFLICT (body_sha) DO NOTHING');
  const changed: string[] = [];
  const added: string[] = [];
  let appendOnly = true;
  let complete = true;

  db.exec('BEGIN IMMEDIATE');
  try {
    if (metaValue(db, 'renderer') !== renderer) {
      appendOnly = false;
      db.exec('DELETE FROM content; DELETE FROM html');
      setMeta(db, 'renderer', renderer);
      setMeta(db, 'content-git', null);
    }
    const listing = listContent(root, db);
    complete = listing.complete;
    const keys = listing.keys;
    // What the memory knows of each listed file: every row in one pass for a full listing (a
    // statement per file costs more at 100,000), else the rows of the files listed.
    type Known = { key: string; body_sha: string | null; data_sha: string | null };
    const known = new Map<string, Known>();
    if (listing.complete) for (const row of db.prepare('SELECT file, key, body_sha, data_sha FROM content').iterate() as Iterable<Known & { file: string }>) known.set(row.file, { key: row.key, body_sha: row.body_sha, data_sha: row.data_sha });
    else {
      const one = db.prepare('SELECT key, body_sha, data_sha FROM content WHERE file = ?');
      for (const file of keys.keys()) {
        const row = one.get(file) as Known | undefined;
        if (row) known.set(file, { key: row.key, body_sha: row.body_sha, data_sha: row.data_sha });
      }
    }
    // Bodies a file no longer has (an article edited or removed): their HTML goes unless another file has them.
    const replaced = new Set<string>();
    const remove = db.prepare('DELETE FROM content WHERE file = ?');
    for (const [file, { body_sha }] of known) {
      if (keys.get(file)) continue;
      remove.run(file);
      if (body_sha) {
        replaced.add(body_sha);
        appendOnly = false;
      }
    }
    const toRead = [...keys].filter(([file, key]) => key !== null && known.get(file)?.key !== key).map(([file]) => file).sort();
    checkOutFolders(root, toRead);
    for (const file of toRead) {
      const key = keys.get(file)!;
      const before = known.get(file);
      if (before?.body_sha) replaced.add(before.body_sha);
      const row = await readEntry(root, file);
      const entry = row.entry;
      const data = entry ? JSON.stringify(entry.data) : null;
      const sha = data === null ? null : dataSha(data);
      if (!before?.body_sha) {
        if (entry) added.push(file);
      } else if (sha !== before.data_sha || entry?.bodySha !== before.body_sha) appendOnly = false;
      put.run(file, key, entry?.id ?? null, data, entry?.bodySha ?? null, row.skipped, entry ? factsJson(entry.data) : null, sha);
      if (entry && row.html !== null) putHtml.run(entry.bodySha, packHtml(row.html));
      changed.push(file);
      if (changed.length % BATCH === 0) db.exec('COMMIT; BEGIN IMMEDIATE');
    }
    const drop = db.prepare('DELETE FROM html WHERE body_sha = ?1 AND NOT EXISTS (SELECT 1 FROM content WHERE body_sha = ?1)');
    fillFacts(db);
    for (const sha of replaced) drop.run(sha);
    setMeta(db, 'content-git', listing.record && JSON.stringify(listing.record));
    // What changed since the last build that recorded its pages, not only since this update: a
    // build killed after its update leaves its rows here, and its pages unrecorded.
    // Once anything but adding happened, which files were added no longer matters: none are kept.
    const pending = JSON.parse(metaValue(db, PENDING) ?? 'null') as Pending | null;
    if (pending) {
      appendOnly &&= pending.appendOnly;
      const now = new Set(added);
      added.unshift(...pending.added.filter((file) => !now.has(file)));
    }
    if (!appendOnly) added.length = 0;
    setMeta(db, PENDING, JSON.stringify({ added, appendOnly } satisfies Pending));
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return { changed, listed: complete ? 'all' : 'changes', added, appendOnly };
}

/** A hash of the frontmatter as the memory stores it: what a page key takes of it (page-keys.ts). */
function dataSha(data: string): string {
  return hash('sha1', data, 'base64url');
}

/** Rows a memory made before facts were kept apart (memory.ts added the columns) get them, once. */
function fillFacts(db: DatabaseSync): void {
  const fill = db.prepare('UPDATE content SET facts = ?, data_sha = ? WHERE file = ?');
  const unfilled = db.prepare('SELECT file, data FROM content WHERE data IS NOT NULL AND (facts IS NULL OR data_sha IS NULL) LIMIT 5000');
  for (let rows = unfilled.all() as Array<{ file: string; data: string }>; rows.length; rows = unfilled.all() as Array<{ file: string; data: string }>) {
    for (const row of rows) fill.run(factsJson(JSON.parse(row.data) as ContentEntry['data']), dataSha(row.data), row.file);
  }
}

/**
 * The second half of readContentIndex: every article from the memory's rows, and the files left
 * out with why. Each article's frontmatter holds its facts; the rest is read from `db` when first
 * asked for (frontmatter-facts.ts), so `db` stays open while the entries are in use.
 */
export function loadContentIndex(db: DatabaseSync, hashesOneByOne = HASHES_ONE_BY_ONE): Pick<ContentIndex, 'entries' | 'skipped'> {
  // The related ids live until the index is made: each is held as the one string the load already
  // has for it (an article's id as its row gave it; a related article's row usually comes first,
  // its folder being older), so the parsed copies die young. At 1,000,000 articles (bench:planner
  // --scale) they were ~0.3 KB an article more at the load's peak.
  const ids = new Map<string, string>();
  const rows: Array<ContentEntry | SkippedFile> = [];
  for (const row of memoryRows(db, hashesOneByOne, (id) => ids.get(id) ?? id)) {
    if ('id' in row) ids.set(row.id, row.id);
    rows.push(row);
  }
  ids.clear();
  // SQLite's order of the files, sorted as JavaScript orders strings: for files in that order, one pass.
  rows.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const entries: ContentEntry[] = [];
  const skipped: SkippedFile[] = [];
  for (const row of rows) {
    if ('reason' in row) skipped.push(row);
    else entries.push(row);
  }
  return { entries, skipped };
}

/**
 * loadContentIndex's entries one by one, as the site index takes them (plan.ts): each made from its
 * row as the row is read, so the load never holds every article beside the index (at 1,000,000
 * articles, bench:planner --scale, it held ~0.4 GB more at its peak). `skipped` is whole once
 * `entries` has been read to its end. The rows come in SQLite's order of their files, which is
 * JavaScript's when every file's name is ASCII (UTF-8's byte order and UTF-16's differ above
 * U+FFFF): the order the tags' spellings are counted in, which names a tag spelled two ways by as
 * many articles (site-index.ts, tagName). A memory with any other name is loaded whole and sorted
 * (loadContentIndex). Which of two files for one id is the first does not hang on the order
 * (secondFiles).
 */
export function streamContentIndex(db: DatabaseSync, hashesOneByOne = HASHES_ONE_BY_ONE): { entries: Iterable<ContentEntry>; skipped: SkippedFile[] } {
  if (db.prepare(ANY_WIDE_FILE).get()) {
    const { entries, skipped } = loadContentIndex(db, hashesOneByOne);
    return { entries: handOver(entries), skipped };
  }
  const skipped: SkippedFile[] = [];
  return { entries: streamRows(db, hashesOneByOne, skipped), skipped };
}

function* streamRows(db: DatabaseSync, hashesOneByOne: number, skipped: SkippedFile[]): Generator<ContentEntry> {
  for (const row of memoryRows(db, hashesOneByOne, (id) => id)) {
    if ('reason' in row) skipped.push(row);
    else yield row;
  }
}

/**
 * Every row of the memory in SQLite's order of the files, each parsed as it is read (so no row's
 * text outlives it): an entry, or a file left out with why, a second file for an id included.
 */
function* memoryRows(db: DatabaseSync, hashesOneByOne: number, relatedId: (id: string) => string): Generator<ContentEntry | SkippedFile> {
  const seconds = secondFiles(db);
  const entryOf = rowReader(db, hashesOneByOne, relatedId);
  for (const row of db.prepare(EVERY_ROW).iterate() as Iterable<MemoryRow>) {
    const second = seconds.get(row.file);
    yield second === undefined ? entryOf(row) : { file: row.file, reason: second };
  }
}

/**
 * The entries one by one, each let go by `entries` as it is handed over: the site index takes them
 * so (site-index.ts), and an entry's parts the index does not keep (its row's id, its tags as
 * spelled, this object) can be collected while the index is still being made. `entries` is empty
 * after.
 */
export function* handOver<T>(entries: T[]): Generator<T> {
  const slots = entries as Array<T | undefined>;
  for (let i = 0; i < slots.length; i++) {
    const entry = slots[i]!;
    slots[i] = undefined;
    yield entry;
  }
  entries.length = 0;
}

/** A row that holds an article the index can load (others were left out with their reason, or not read yet). */
export const ARTICLE_ROW = 'id IS NOT NULL AND facts IS NOT NULL AND data_sha IS NOT NULL AND body_sha IS NOT NULL';
const EVERY_ROW = `SELECT file, id, facts, ${ARTICLE_ROW} AS article, skipped FROM content ORDER BY file`;
/** Whether a file's name is not ASCII (the memory keeps an index of those alone, memory.ts). */
const ANY_WIDE_FILE = 'SELECT 1 FROM content WHERE length(CAST(file AS BLOB)) <> length(file) LIMIT 1';

interface MemoryRow {
  file: string;
  id: string | null;
  facts: string | null;
  article: number;
  skipped: string | null;
}

/** The files that are a second file for their id, with why (the first in JavaScript's order of the files is the id's): usually none, found by SQLite without holding every id. */
function secondFiles(db: DatabaseSync): Map<string, string> {
  const files = new Map<string, string[]>();
  const shared = db.prepare(`SELECT file, id FROM content WHERE ${ARTICLE_ROW} AND id IN (SELECT id FROM content WHERE ${ARTICLE_ROW} GROUP BY id HAVING count(*) > 1)`);
  for (const { file, id } of shared.iterate() as Iterable<{ file: string; id: string }>) (files.get(id) ?? files.set(id, []).get(id)!).push(file);
  const seconds = new Map<string, string>();
  for (const [id, list] of files) {
    list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const file of list.slice(1)) seconds.set(file, `a second file for ${id} (the first is ${list[0]})`);
  }
  return seconds;
}

/**
 * What makes an entry of a memory's row, or says why the row's file is left out. The planning
 * process holds every article's facts: a site name or time on the site is held once for the site
 * (a run publishes its articles at one time), and a tag's name as first read; `relatedId` gives the
 * string to hold for a related id.
 */
function rowReader(db: DatabaseSync, hashesOneByOne: number, relatedId: (id: string) => string): (row: MemoryRow) => ContentEntry | SkippedFile {
  const whole = db.prepare('SELECT data FROM content WHERE file = ?');
  const load = (file: string) => JSON.parse((whole.get(file) as { data: string }).data) as ContentEntry['data'];
  const hostOf = sourceHostsOf();
  const hashes = memoryHashes(db, hashesOneByOne);
  const held = new Map<string, string>();
  const once = (value: string) => held.get(value) ?? (held.set(value, value), value);
  return (row) => {
    if (!row.article) return { file: row.file, reason: row.skipped ?? 'unreadable' };
    // The address is read for its host here, and the tags for the index: the frontmatter holds neither (~0.17 KB an article at 100,000).
    const facts = JSON.parse(row.facts!) as StoredFacts;
    if (facts.siteName !== null) facts.siteName = once(facts.siteName);
    facts.publishedOnSite = once(facts.publishedOnSite);
    return new StoredEntry(row.id!, row.file, lazyFrontmatter(facts, row.file, load), hostOf(facts.url), facts.tags.map(once), facts.related.map(relatedId), hashes);
  };
}

/**
 * An article as the build memory holds it: its two hashes are read by its file when first asked
 * (the site index asks for those of the articles a build keys or renders), not held for every
 * article (~0.13 KB an article at 20,000).
 */
class StoredEntry implements ContentEntry {
  readonly id: string;
  readonly file: string;
  readonly data: ContentEntry['data'];
  readonly host: string | null;
  readonly tagSpellings: readonly string[];
  readonly relatedIds: readonly string[];
  readonly hashes: HashSource;
  #known: { bodySha: string; dataSha: string } | null = null;

  constructor(id: string, file: string, data: ContentEntry['data'], host: string | null, tagSpellings: readonly string[], relatedIds: readonly string[], hashes: HashSource) {
    this.id = id;
    this.file = file;
    this.data = data;
    this.host = host;
    this.tagSpellings = tagSpellings;
    this.relatedIds = relatedIds;
    this.hashes = hashes;
  }

  // Both read at once, when either is first asked (the site index asks `hashes` itself, and holds them no longer than it needs).
  get bodySha(): string {
    return (this.#known ??= this.hashes.hashes(this.file)).bodySha;
  }

  get dataSha(): string {
    return (this.#known ??= this.hashes.hashes(this.file)).dataSha;
  }
}

/**
 * Hashes asked for one by one, until a build has asked for more than an hourly build does: then
 * every row's in one pass (keying every page asks for every article's; 100,000 lookups took ~3 s,
 * one pass ~0.2 s).
 */
const HASHES_ONE_BY_ONE = 5_000;

function memoryHashes(db: DatabaseSync, oneByOne: number): HashSource {
  const one = db.prepare('SELECT body_sha, data_sha FROM content WHERE file = ?');
  let asked = 0;
  let every: Map<string, { bodySha: string; dataSha: string }> | null = null;
  return {
    hashes(file) {
      if (every === null && ++asked > oneByOne) {
        every = new Map();
        for (const row of db.prepare('SELECT file, body_sha, data_sha FROM content WHERE body_sha IS NOT NULL').iterate() as Iterable<{ file: string; body_sha: string; data_sha: string }>) {
          every.set(row.file, { bodySha: row.body_sha, dataSha: row.data_sha });
        }
      }
      // Handed out once (the index article keeps it), so the map empties as the keys are made.
      const known = every?.get(file);
      if (known) {
        every!.delete(file);
        return known;
      }
      const row = one.get(file) as { body_sha: string; data_sha: string };
      return { bodySha: row.body_sha, dataSha: row.data_sha };
    },
  };
}
