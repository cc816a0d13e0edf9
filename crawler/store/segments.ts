import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crashpoint } from '../crashpoint.ts';
import { checkOutFolders, offDiskFilesUnder, prefetchTracked, readTrackedFile } from '../sparse-checkout.ts';
import { GleanerError } from '../errors.ts';
import { writeFileAtomic } from '../atomic-write.ts';
import type { Database } from './database.ts';
import type { Database as SqlDatabase } from 'sql.js';
import type { SqlJs } from './engine.ts';
import { SEGMENT_UPGRADES } from './migrations.ts';
import { contentWriteSql } from './bookkeeping.ts';

// The crawler's state in git: one changeset file ("segment") per run that changed something,
// holding the rows that run inserted or updated (whole rows) and the keys of the rows it deleted.
// A segment is written once and never changes: git stores it once, and a run adds to the
// repository what it changed, not what the site holds. The state is every segment applied in
// order (store/state.ts keeps that sum in a local snapshot, so a run applies only the new ones).
//
//   data/segments/<yyyy>/<mm>/<yyyy>-<mm>-<dd>T<hh>-<mm>-<ss>Z-<seq>.sqlite
//
// A segment is an ordinary SQLite file with the tables of the state (only those the run
// touched) plus `_deleted` (table, key as JSON) and `_segment` (its sequence number, schema
// version, when it was written): `sqlite3` opens it.

/** The tables a segment carries, with their primary key columns. The rest of the state (lsh, applied_segments, meta) is derived locally. */
export const TRACKED_TABLES: ReadonlyArray<{ name: string; key: readonly string[] }> = [
  { name: 'topics', key: ['id'] },
  { name: 'sources', key: ['id'] },
  { name: 'urls', key: ['id'] },
  { name: 'articles', key: ['id'] },
  { name: 'tags', key: ['id'] },
  { name: 'article_tags', key: ['article_id', 'tag_id'] },
  { name: 'posts', key: ['id'] },
  { name: 'link_occurrences', key: ['id'] },
  { name: 'runs', key: ['id'] },
  { name: 'source_icons', key: ['host'] },
  { name: 'source_names', key: ['host'] },
  { name: 'clusters', key: ['id'] },
  { name: 'removals', key: ['id'] },
  { name: 'removed_addresses', key: ['canonical_url'] },
  { name: 'archives', key: ['id'] },
];

export interface SegmentFile {
  seq: number;
  /** Path relative to the segments folder, with forward slashes. */
  name: string;
}

const NAME = /^(\d{4})-(\d{2})-\d{2}T\d{2}-\d{2}-\d{2}Z-(\d{6,})(?:-[a-z]+)?\.sqlite$/;

/** The name of a segment with sequence number `seq`, written by a run that started at `startedMs`. */
export function segmentName(seq: number, startedMs: number, suffix = ''): string {
  const iso = new Date(startedMs).toISOString();
  const stamp = `${iso.slice(0, 10)}T${iso.slice(11, 13)}-${iso.slice(14, 16)}-${iso.slice(17, 19)}Z`;
  return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${stamp}-${String(seq).padStart(6, '0')}${suffix ? `-${suffix}` : ''}.sqlite`;
}

const PATH = /^(\d{4})\/(\d{2})\/([^/]+)$/;

/**
 * Every segment under `dir`, in sequence order (names only: nothing is read): those on disk and,
 * in a sparse checkout, those git tracks off disk (the hourly workflow checks out no segment
 * folder: a run reads only the segments its cached snapshot lacks, `segmentSource`).
 */
export function listSegments(dir: string): SegmentFile[] {
  const names = new Set<string>();
  if (existsSync(dir)) {
    for (const year of readdirSync(dir)) {
      if (!/^\d{4}$/.test(year)) continue;
      for (const month of readdirSync(join(dir, year))) {
        if (!/^\d{2}$/.test(month)) continue;
        for (const file of readdirSync(join(dir, year, month))) names.add(`${year}/${month}/${file}`);
      }
    }
  }
  for (const name of offDiskFilesUnder(dir)) names.add(name);
  const out: SegmentFile[] = [];
  for (const name of names) {
    const m = NAME.exec(PATH.exec(name)?.[3] ?? '');
    if (m) out.push({ seq: Number(m[3]), name });
  }
  return out.sort((a, b) => a.seq - b.seq || (a.name < b.name ? -1 : 1));
}

/** Past this many segments off disk, their month folders are checked out rather than read one by one from git's objects. */
const FROM_OBJECTS = 100;

/**
 * Makes the segments about to be read readable in one batch when a sparse checkout left them off
 * disk: a few (those written since the cached snapshot, which is saved every 20 segments) have
 * their blobs fetched at once and are read from git's objects (`segmentSource`); many (a snapshot
 * rebuilt without its cache) have their month folders checked out, also fetched in one batch.
 */
export function fetchSegments(dir: string, segments: SegmentFile[], fromObjects = FROM_OBJECTS): void {
  const missing = segments.filter((s) => !existsSync(join(dir, s.name))).map((s) => s.name);
  if (missing.length > fromObjects) checkOutFolders(dir, missing);
  else prefetchTracked(dir, missing);
}

/** A segment to attach or open: its path when on disk, else its bytes from git's index (a sparse checkout). */
export function segmentSource(dir: string, segment: SegmentFile): string | Uint8Array {
  const path = join(dir, segment.name);
  if (existsSync(path)) return path;
  const bytes = readTrackedFile(dir, segment.name);
  if (!bytes) throw new GleanerError('E_STATE', `segment ${segment.name} is neither on disk nor in git's index`);
  return bytes;
}

/** The temporary tables that record what a connection touched: each row written (and whether the write was content, bookkeeping.ts) and each key deleted. */
export function createChangeTables(db: Database): void {
  db.exec('CREATE TEMP TABLE IF NOT EXISTS gl_dirty (tbl TEXT NOT NULL, rid INTEGER NOT NULL, content INTEGER NOT NULL DEFAULT 1, PRIMARY KEY (tbl, rid))');
  db.exec('CREATE TEMP TABLE IF NOT EXISTS gl_deleted (tbl TEXT NOT NULL, pk TEXT NOT NULL)');
}

/**
 * Records every row inserted, updated or deleted from now on (temporary triggers: they live in
 * this connection only, and a snapshot never contains them), and whether any write was content.
 */
export function trackChanges(db: Database): void {
  createChangeTables(db);
  const statements: string[] = [];
  for (const { name, key } of TRACKED_TABLES) {
    const columns = db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${name}')`).map((c) => c.name);
    const mark = (write: 'insert' | 'update') =>
      `INSERT INTO temp.gl_dirty VALUES ('${name}', NEW.rowid, ${contentWriteSql(name, columns, write)}) ON CONFLICT (tbl, rid) DO UPDATE SET content = max(content, excluded.content)`;
    statements.push(
      `CREATE TEMP TRIGGER IF NOT EXISTS gl_ins_${name} AFTER INSERT ON main.${name} BEGIN ${mark('insert')}; END`,
      `CREATE TEMP TRIGGER IF NOT EXISTS gl_upd_${name} AFTER UPDATE ON main.${name} BEGIN ${mark('update')}; END`,
      `CREATE TEMP TRIGGER IF NOT EXISTS gl_del_${name} AFTER DELETE ON main.${name} BEGIN INSERT INTO temp.gl_deleted VALUES ('${name}', json_array(${key.map((k) => `OLD.${k}`).join(', ')})); END`,
    );
  }
  for (const sql of statements) db.exec(sql);
}

/** Whether anything was recorded since trackChanges, bookkeeping included. */
export function hasChanges(db: Database): boolean {
  return Number(db.scalar('SELECT (SELECT count(*) FROM temp.gl_dirty) + (SELECT count(*) FROM temp.gl_deleted)')) > 0;
}

/** Whether anything recorded since trackChanges is content (bookkeeping.ts): only then is a segment written. Every deletion is. */
export function hasContentChanges(db: Database): boolean {
  return Number(db.scalar('SELECT (SELECT count(*) FROM temp.gl_dirty WHERE content) + (SELECT count(*) FROM temp.gl_deleted)')) > 0;
}

export interface SegmentInfo {
  seq: number;
  schemaVersion: number;
  /** ISO time of the run that wrote it. */
  runStartedAt: string;
}

/** Rows copied into a segment per INSERT statement. */
const ROWS_PER_INSERT = 200;

/**
 * The segment of everything recorded since trackChanges: the current image of every row that was
 * inserted or updated (a row deleted afterwards is only in `_deleted`), as SQLite bytes.
 *
 * The segment is built in sql.js whatever engine holds the state, so its bytes are the same from
 * either (git stores a segment once; a rebuilt one must not differ). Rows cross as SQL literals
 * (quote()), which keep every value's type and bits, into a temporary table of the state's own
 * definition; CREATE TABLE AS then gives each segment table the columns the state's has. This
 * takes no ATTACH, which SQLite refuses inside the transaction a run holds (store/state.ts).
 */
export function segmentBytes(SQL: SqlJs, db: Database, info: SegmentInfo): Uint8Array {
  const out = new SQL.Database();
  try {
    // Small pages: a run that changed a handful of rows should not weigh 4 KB a table.
    out.run('PRAGMA page_size = 1024');
    out.run('CREATE TABLE _segment (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    out.run('CREATE TABLE _deleted (tbl TEXT NOT NULL, pk TEXT NOT NULL)');
    out.export(); // the file's first version, as the segments written before this function have it
    out.run('BEGIN');
    for (const { name } of TRACKED_TABLES) {
      const rows = Number(db.scalar(`SELECT count(*) FROM temp.gl_dirty WHERE tbl = ?`, [name]));
      if (rows === 0) continue;
      copyRows(db, out, name);
    }
    for (const row of db.all<{ tbl: string; pk: string }>('SELECT tbl, pk FROM temp.gl_deleted ORDER BY rowid')) out.run('INSERT INTO _deleted VALUES (?, ?)', [row.tbl, row.pk]);
    out.run(`INSERT INTO _segment VALUES ('seq', '${info.seq}'), ('schema_version', '${info.schemaVersion}'), ('run_started_at', '${info.runStartedAt}')`);
    out.run('COMMIT');
    return out.export();
  } finally {
    out.close();
  }
}

/** The dirty rows of `table`, in rowid order, into the segment's table of the same name. */
function copyRows(db: Database, out: SqlDatabase, table: string): void {
  const definition = String(db.scalar(`SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = ?`, [table]));
  out.run(definition.replace(/^CREATE TABLE/i, 'CREATE TEMP TABLE'));
  const columns = db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`).map((c) => c.name);
  const literal = columns.map((c) => `quote(${c})`).join(` || ',' || `);
  let batch: string[] = [];
  const flush = () => {
    if (batch.length) out.run(`INSERT INTO temp.${table} VALUES (${batch.join('), (')})`);
    batch = [];
  };
  for (const row of db.all<{ v: string }>(`SELECT ${literal} AS v FROM main.${table} WHERE rowid IN (SELECT rid FROM temp.gl_dirty WHERE tbl = ?) ORDER BY rowid`, [table])) {
    batch.push(row.v);
    if (batch.length === ROWS_PER_INSERT) flush();
  }
  flush();
  out.run(`CREATE TABLE main.${table} AS SELECT * FROM temp.${table} ORDER BY rowid`);
  out.run(`DROP TABLE temp.${table}`);
}

/** Writes a segment file atomically (temp file, fsync, rename): a kill leaves the previous version or none. */
export function writeSegment(SQL: SqlJs, db: Database, file: string, info: SegmentInfo): void {
  const bytes = segmentBytes(SQL, db, info);
  crashpoint('segment-write:before');
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, bytes);
  crashpoint('segment-write:after');
}

export interface AppliedSegment {
  /** Ids of the articles the segment inserted, updated or deleted (their derived rows need refreshing). */
  articles: number[];
}

/**
 * Applies a segment (its file, or its bytes) to a state: deletions first, then every row image
 * (INSERT OR REPLACE, so a row is replaced whole, along with any row it now conflicts with on a
 * unique key). Columns are matched by name, so a segment written by an older schema still
 * applies; the rows it brought are then rewritten as the migrations since its version rewrote
 * the state's (SEGMENT_UPGRADES). `within` runs in the same transaction, with the articles it
 * touched. SQLite attaches only outside a transaction: not while a run holds one.
 */
export function applySegment(db: Database, segment: string | Uint8Array, within?: (articles: number[]) => void): AppliedSegment {
  const articles = new Set<number>();
  db.withAttached(segment, 'seg', () =>
    db.transaction(() => {
      const present = new Set(db.all<{ name: string }>("SELECT name FROM seg.sqlite_master WHERE type = 'table'").map((r) => r.name));
      const columnsOf = (schema: 'main' | 'seg', table: string) => db.all<{ name: string }>('SELECT name FROM pragma_table_info(?, ?)', [table, schema]).map((r) => r.name);
      if (present.has('_deleted')) {
        for (const { tbl, pk } of db.all<{ tbl: string; pk: string }>('SELECT tbl, pk FROM seg._deleted ORDER BY rowid')) {
          const table = TRACKED_TABLES.find((t) => t.name === tbl);
          if (!table) continue;
          const values = JSON.parse(pk) as Array<string | number | null>;
          db.run(`DELETE FROM main.${table.name} WHERE ${table.key.map((k) => `${k} IS ?`).join(' AND ')}`, values, { quiet: true });
          if (table.name === 'articles') articles.add(Number(values[0]));
        }
      }
      for (const { name } of TRACKED_TABLES) {
        if (!present.has(name)) continue;
        const mine = new Set(columnsOf('main', name));
        const list = columnsOf('seg', name).filter((c) => mine.has(c)).join(', ');
        db.exec(`INSERT OR REPLACE INTO main.${name} (${list}) SELECT ${list} FROM seg.${name}`);
        if (name === 'articles') for (const { id } of db.all<{ id: number }>('SELECT id FROM seg.articles')) articles.add(Number(id));
      }
      const version = present.has('_segment') ? Number(db.scalar(`SELECT value FROM seg._segment WHERE key = 'schema_version'`) ?? 0) : 0;
      for (const upgrade of SEGMENT_UPGRADES) if (version < upgrade.version && present.has(upgrade.table)) db.exec(upgrade.sql);
      within?.([...articles]);
    }),
  );
  return { articles: [...articles] };
}

export function readSegment(dir: string, segment: SegmentFile): Uint8Array {
  const source = segmentSource(dir, segment);
  return typeof source === 'string' ? readFileSync(source) : source;
}
