import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Database as SqlJsDatabase, SqlValue, Statement } from 'sql.js';
import { crashpoint } from '../crashpoint.ts';
import { GleanerError } from '../errors.ts';
import { removeStaleTemps, writeFileAtomic } from '../atomic-write.ts';
import { engine } from './engine.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';

export type Params = Record<string, SqlValue> | SqlValue[];
export type Row = Record<string, SqlValue>;

/** How a database is kept: the crawler's state writes a segment (store/state.ts); a plain file is written whole. */
export interface Persistence {
  /** Makes everything done so far durable (a checkpoint, or the end of a run). */
  save(db: Database): void;
  /** Called once by close(), before the connection goes. */
  close?(db: Database): void;
}

/**
 * A SQLite database in sql.js (SQLite compiled to WebAssembly), held in memory. `changed` tracks
 * whether anything but quiet bookkeeping was written since the last save (a checkpoint is worth
 * making); what a save of the crawler's state writes, a segment or nothing for git, is decided by
 * the rule in store/bookkeeping.ts.
 */
export class Database {
  readonly path: string | null;
  readonly sql: SqlJsDatabase;
  changed = false;
  persistence: Persistence | null = null;
  private readonly statements = new Map<string, Statement>();

  constructor(sql: SqlJsDatabase, path: string | null) {
    this.sql = sql;
    this.path = path;
  }

  private statement(sql: string): Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.sql.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Runs a write; marks the database changed unless `quiet` (bookkeeping that need not be published). */
  run(sql: string, params: Params = [], options: { quiet?: boolean } = {}): { changes: number; lastId: number } {
    const stmt = this.statement(sql);
    try {
      stmt.run(params);
    } finally {
      stmt.reset();
    }
    const changes = this.sql.getRowsModified();
    if (changes > 0 && !options.quiet) this.changed = true;
    return { changes, lastId: changes > 0 ? Number(this.scalar('SELECT last_insert_rowid()')) : 0 };
  }

  all<T = Row>(sql: string, params: Params = []): T[] {
    const stmt = this.statement(sql);
    const rows: T[] = [];
    try {
      stmt.bind(params);
      while (stmt.step()) rows.push(stmt.getAsObject() as T);
    } finally {
      stmt.reset();
    }
    return rows;
  }

  get<T = Row>(sql: string, params: Params = []): T | undefined {
    const stmt = this.statement(sql);
    try {
      stmt.bind(params);
      return stmt.step() ? (stmt.getAsObject() as T) : undefined;
    } finally {
      stmt.reset();
    }
  }

  scalar(sql: string, params: Params = []): SqlValue | undefined {
    const stmt = this.statement(sql);
    try {
      stmt.bind(params);
      return stmt.step() ? stmt.get()[0] : undefined;
    } finally {
      stmt.reset();
    }
  }

  private depth = 0;

  /** Runs fn inside a transaction; rolls back if it throws. Inside another, fn joins it (the outer one commits or rolls back). */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.sql.run('BEGIN');
    this.depth++;
    try {
      const result = fn();
      this.depth--;
      this.sql.run('COMMIT');
      return result;
    } catch (error) {
      if (this.depth > 0) this.depth--;
      this.sql.run('ROLLBACK');
      throw error;
    }
  }

  schemaVersion(): number {
    return Number(this.scalar(`SELECT value FROM meta WHERE key = 'schema_version'`) ?? 0);
  }

  /** Compacts and writes the database atomically (temp file, fsync, rename). */
  save(path = this.path): void {
    if (this.persistence && path === this.path) {
      crashpoint('db-save:before');
      this.persistence.save(this);
      crashpoint('db-save:after');
      this.changed = false;
      return;
    }
    if (!path) throw new GleanerError('E_STORE_NO_PATH', 'this database has no file path to save to');
    crashpoint('db-save:before');
    this.clearStatements();
    this.sql.run('VACUUM');
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, this.sql.export());
    crashpoint('db-save:after');
    this.changed = false;
  }

  integrityCheck(): string {
    return String(this.scalar('PRAGMA integrity_check'));
  }

  close(): void {
    this.persistence?.close?.(this);
    this.clearStatements();
    this.sql.close();
  }

  /** Frees prepared statements (before an export, which reopens the connection). */
  clearStatements(): void {
    for (const stmt of this.statements.values()) stmt.free();
    this.statements.clear();
  }
}

export interface OpenOptions {
  /** false: refuse to create a missing file (E_STORE_MISSING). */
  create?: boolean;
  /** The schema to bring the database up to (tests pass their own list). */
  migrations?: Migration[];
}

/** Opens (or creates) a database file and brings its schema up to date. */
export async function openDatabase(path: string | null, options: OpenOptions = {}): Promise<Database> {
  const SQL = await engine();
  let sql: SqlJsDatabase;
  if (path) removeStaleTempFiles(path);
  if (path && existsSync(path)) {
    try {
      sql = new SQL.Database(readFileSync(path));
      sql.exec('SELECT count(*) FROM sqlite_master');
    } catch (error) {
      throw new GleanerError('E_STORE_CORRUPT', `${path} is not a readable SQLite database (${(error as Error).message}); restore it from git (git checkout -- ${path})`);
    }
  } else {
    if (path && options.create === false) throw new GleanerError('E_STORE_MISSING', `${path} does not exist`);
    sql = new SQL.Database();
  }
  const db = new Database(sql, path);
  try {
    migrate(db, options.migrations);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Upgrades the schema: every migration newer than the database's version runs in its own
 * transaction. A database newer than this code is refused rather than guessed at. The version
 * is also written to SQLite's own header field (PRAGMA user_version) for readers of the file.
 */
export function migrate(db: Database, migrations: Migration[] = MIGRATIONS): void {
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const hasMeta = db.scalar(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'`) === 1;
  const current = hasMeta ? db.schemaVersion() : 0;
  if (current > latest) {
    throw new GleanerError(
      'E_STORE_TOO_NEW',
      `the database has schema version ${current}, but this Gleaner only knows up to ${latest}; update Gleaner (git pull) before running it on this database`,
    );
  }
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.sql.exec(migration.sql);
      db.run(`INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [String(migration.version)]);
    });
  }
  if (Number(db.scalar('PRAGMA user_version')) !== latest) db.sql.run(`PRAGMA user_version = ${latest}`);
}

/**
 * A save killed mid-write leaves its temp file (`.site.sqlite.<pid>.<ms>.tmp`, see
 * atomic-write.ts) beside the database. It is never read as the database; this removes the
 * ones whose writer is gone so they do not pile up.
 */
function removeStaleTempFiles(path: string): void {
  removeStaleTemps(dirname(path), `.${basename(path)}.`);
}
