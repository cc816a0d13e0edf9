import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { SqlValue } from 'sql.js';
import { crashpoint } from '../crashpoint.ts';
import { GleanerError } from '../errors.ts';
import { removeStaleTemps, writeFileAtomic } from '../atomic-write.ts';
import type { Connection, Params, Prepared, Row } from './connection.ts';
import { engine } from './engine.ts';
import { sqljsConnection } from './engine-sqljs.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';

export type { Params, Row } from './connection.ts';

/** How a database is kept: the crawler's state writes a segment (store/state.ts); a plain file is written whole. */
export interface Persistence {
  /** Makes everything done so far durable (a checkpoint, or the end of a run). */
  save(db: Database): void;
  /** Called once by close(), before the connection goes. */
  close?(db: Database): void;
}

/**
 * A SQLite database on one of two engines (connection.ts): sql.js in memory, or node:sqlite on a
 * file. `changed` tracks whether anything but quiet bookkeeping was written since the last save
 * (a checkpoint is worth making); what a save of the crawler's state writes, a segment or nothing
 * for git, is decided by the rule in store/bookkeeping.ts.
 */
export class Database {
  readonly path: string | null;
  readonly connection: Connection;
  changed = false;
  persistence: Persistence | null = null;
  private readonly statements = new Map<string, Prepared>();
  private depth = 0;
  /** An open transaction that spans the connection's use (held by store/state.ts): transaction() nests in it as a savepoint. */
  private holding = false;

  constructor(connection: Connection, path: string | null) {
    this.connection = connection;
    this.path = path;
  }

  private statement(sql: string): Prepared {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.connection.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  /** Runs a write; marks the database changed unless `quiet` (bookkeeping that need not be published). */
  run(sql: string, params: Params = [], options: { quiet?: boolean } = {}): { changes: number; lastId: number } {
    const result = this.statement(sql).run(params);
    if (result.changes > 0 && !options.quiet) this.changed = true;
    return result;
  }

  all<T = Row>(sql: string, params: Params = []): T[] {
    return this.statement(sql).all(params) as T[];
  }

  get<T = Row>(sql: string, params: Params = []): T | undefined {
    return this.statement(sql).get(params) as T | undefined;
  }

  scalar(sql: string, params: Params = []): SqlValue | undefined {
    return this.statement(sql).scalar(params);
  }

  /** Runs SQL text as it is (schema, pragmas, several statements), not cached. */
  exec(sql: string): void {
    this.connection.exec(sql);
  }

  /** Runs fn inside a transaction; rolls back if it throws. Inside another, fn joins it (the outer one commits or rolls back). */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    const [begin, commit, rollback] = this.holding
      ? ['SAVEPOINT gl_tx', 'RELEASE gl_tx', 'ROLLBACK TO gl_tx; RELEASE gl_tx']
      : ['BEGIN', 'COMMIT', 'ROLLBACK'];
    this.connection.exec(begin);
    this.depth++;
    try {
      const result = fn();
      this.depth--;
      this.connection.exec(commit);
      return result;
    } catch (error) {
      if (this.depth > 0) this.depth--;
      this.connection.exec(rollback);
      throw error;
    }
  }

  /** Opens a transaction that lasts until release(): everything written meanwhile is committed, or rolled back, at once. */
  hold(): void {
    if (this.holding || this.depth > 0) throw new GleanerError('E_STATE', 'a transaction is already open');
    this.connection.exec('BEGIN');
    this.holding = true;
  }

  /** Ends the transaction hold() opened: commits it, or rolls it back. */
  release(commit: boolean): void {
    if (!this.holding) return;
    this.holding = false;
    this.connection.exec(commit ? 'COMMIT' : 'ROLLBACK');
  }

  /** Whether a hold() is open. */
  get held(): boolean {
    return this.holding;
  }

  /** Runs fn with another database attached as `alias` (a file by path, or bytes); SQLite attaches and detaches only outside a transaction. */
  withAttached<T>(source: string | Uint8Array, alias: string, fn: () => T): T {
    const detach = this.connection.attach(source, alias);
    try {
      return fn();
    } finally {
      detach();
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
    this.connection.exec('VACUUM');
    mkdirSync(dirname(path), { recursive: true });
    writeFileAtomic(path, this.connection.export());
    crashpoint('db-save:after');
    this.changed = false;
  }

  integrityCheck(): string {
    return String(this.scalar('PRAGMA integrity_check'));
  }

  close(): void {
    this.persistence?.close?.(this);
    this.release(false);
    this.clearStatements();
    this.connection.close();
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

/** Opens (or creates) a database file in memory (sql.js) and brings its schema up to date. */
export async function openDatabase(path: string | null, options: OpenOptions = {}): Promise<Database> {
  const SQL = await engine();
  if (path) removeStaleTempFiles(path);
  let connection: Connection;
  if (path && existsSync(path)) {
    try {
      const sql = new SQL.Database(readFileSync(path));
      sql.exec('SELECT count(*) FROM sqlite_master');
      connection = sqljsConnection(SQL, sql);
    } catch (error) {
      throw new GleanerError('E_STORE_CORRUPT', `${path} is not a readable SQLite database (${(error as Error).message}); restore it from git (git checkout -- ${path})`);
    }
  } else {
    if (path && options.create === false) throw new GleanerError('E_STORE_MISSING', `${path} does not exist`);
    connection = sqljsConnection(SQL, new SQL.Database());
  }
  const db = new Database(connection, path);
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
      db.exec(migration.sql);
      db.run(`INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [String(migration.version)]);
    });
  }
  if (Number(db.scalar('PRAGMA user_version')) !== latest) db.exec(`PRAGMA user_version = ${latest}`);
}

/**
 * A save killed mid-write leaves its temp file (`.site.sqlite.<pid>.<ms>.tmp`, see
 * atomic-write.ts) beside the database. It is never read as the database; this removes the
 * ones whose writer is gone so they do not pile up.
 */
function removeStaleTempFiles(path: string): void {
  removeStaleTemps(dirname(path), `.${basename(path)}.`);
}
