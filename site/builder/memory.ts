import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { HTML_SCHEMA } from '../html/html-cache.ts';

// The build's memory between runs: one SQLite file, .gleaner/build/memory.sqlite (never
// committed; a CI cache carries it; losing it costs a cold build, never data). It holds the
// content index (content-index.ts), the HTML of every body (site/html/html-cache.ts) and the
// manifest (manifest.ts, with the article pages' stamps of page-keys.ts and the media folders as
// last listed, media-listing.ts), each read and written
// by key: a build reads the rows of what changed and of the pages it renders, never a whole-site
// document. One file rather than three: the CI
// cache saves and restores one thing, and one connection writes it. A slice of a split build
// keeps its manifest in a file of its own (manifest-shard-<i>.sqlite), since slices built side
// by side come together in one folder. Writes are transactions (SQLite's rollback journal): a
// killed build leaves the memory as the last committed step left it.

const SCHEMA_VERSION = '1';

/**
 * A file's row, with its entry as files.json lists it (manifest.ts), made by SQLite when the row is
 * written and stored: joining stored text takes a third of the time of making 600,000 entries at
 * every build. A generated column, so a version before it (which inserts three values) can still
 * write the table, and the entry can never disagree with the row.
 */
const FILES_COLUMNS = `file TEXT PRIMARY KEY, md5 TEXT NOT NULL, size INTEGER NOT NULL, entry TEXT GENERATED ALWAYS AS (json_quote(file) || ':{"md5":' || json_quote(md5) || ',"size":' || size || '}') STORED`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS content (file TEXT PRIMARY KEY, key TEXT NOT NULL, id TEXT, data TEXT, body_sha TEXT, skipped TEXT, facts TEXT, data_sha TEXT) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS content_body ON content (body_sha);
CREATE INDEX IF NOT EXISTS content_folder ON content (rtrim(file, replace(file, '/', '')));
CREATE INDEX IF NOT EXISTS content_wide_file ON content (file) WHERE length(CAST(file AS BLOB)) <> length(file);
${HTML_SCHEMA};
CREATE TABLE IF NOT EXISTS pages (file TEXT PRIMARY KEY, key TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS stamps (id TEXT PRIMARY KEY, own TEXT NOT NULL, deps TEXT NOT NULL, story TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS search (bundle TEXT PRIMARY KEY, key TEXT NOT NULL, files TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS files (${FILES_COLUMNS}) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS media_folders (folder TEXT PRIMARY KEY, sig TEXT NOT NULL, files TEXT NOT NULL, dirs TEXT NOT NULL) WITHOUT ROWID;
`;

/** The memory of a slice's manifest, beside the site's (slices built side by side meet in one folder). */
export function shardManifestFile(root: string, index: number): string {
  return join(root, '.gleaner', 'build', `manifest-shard-${index}.sqlite`);
}

/** Opens (creating) a build memory; one of another schema, or unreadable, is replaced by an empty one (a cold build). */
export function openMemory(file: string): DatabaseSync {
  mkdirSync(dirname(file), { recursive: true });
  const db = current(file);
  if (db) {
    db.exec(SCHEMA); // what a later version added (every statement is IF NOT EXISTS)
    upgradeTables(db);
    return db;
  }
  for (const stale of [file, `${file}-journal`]) rmSync(stale, { force: true });
  const fresh = new DatabaseSync(file);
  fresh.exec(SCHEMA);
  fresh.prepare("INSERT INTO meta VALUES ('schema', ?)").run(SCHEMA_VERSION);
  return fresh;
}

/** Columns a later version added to a table an earlier one made; their rows are filled by their owner (content-index.ts fills a content row's facts). */
const ADDED_COLUMNS: Array<[table: string, column: string]> = [
  ['content', 'facts TEXT'],
  ['content', 'data_sha TEXT'],
];

/** Brings the tables of a memory an earlier version made up to this one's: the columns it added, and the files table's stored entries. */
function upgradeTables(db: DatabaseSync): void {
  for (const [table, column] of ADDED_COLUMNS) {
    const name = column.split(' ')[0]!;
    const has = (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).some((c) => c.name === name);
    if (!has) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column}`);
  }
  // A stored generated column cannot be added to a table: the files table of an earlier memory is made again with it, once (its rows kept).
  const filesHasEntry = (db.prepare('PRAGMA table_xinfo(files)').all() as Array<{ name: string; hidden: number }>).some((c) => c.name === 'entry' && c.hidden === 3); // 3: stored generated
  if (!filesHasEntry) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(`CREATE TABLE files_with_entries (${FILES_COLUMNS}) WITHOUT ROWID; INSERT INTO files_with_entries (file, md5, size) SELECT file, md5, size FROM files; DROP TABLE files; ALTER TABLE files_with_entries RENAME TO files`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

function current(file: string): DatabaseSync | null {
  if (!existsSync(file)) return null;
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file);
    const row = db.prepare("SELECT value FROM meta WHERE name = 'schema'").get() as { value: string } | undefined;
    if (row?.value === SCHEMA_VERSION) return db;
  } catch {
    // not a database of ours
  }
  db?.close();
  return null;
}

export function metaValue(db: DatabaseSync, name: string): string | null {
  const row = db.prepare('SELECT value FROM meta WHERE name = ?').get(name) as { value: string } | undefined;
  return row?.value ?? null;
}

export function setMeta(db: DatabaseSync, name: string, value: string | null): void {
  if (value === null) db.prepare('DELETE FROM meta WHERE name = ?').run(name);
  else db.prepare('INSERT INTO meta VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value').run(name, value);
}
