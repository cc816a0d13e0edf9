import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqlValue } from 'sql.js';
import { sqlJsBinding } from '../sqlite-values.ts';
import type { Connection, Params, Prepared, Row } from './connection.ts';

// node:sqlite (SQLite built into Node 22.13+) on a file, behind the Connection interface: pages
// are read and written by key through SQLite's own cache, so the memory it takes does not grow
// with the database. Write-ahead log: a transaction's pages go to the -wal file and reach the
// database file only once committed (a killed process leaves the file as its last commit left
// it, and SQLite ignores the uncommitted tail of the log), and readers never wait for a writer.
// The last connection to close checkpoints the log into the file and removes it.
//
// Values are bound the way sql.js binds them (crawler/sqlite-values.ts), so a row written through
// either engine is stored the same.

const BUSY_MS = 5000;

export function nodeConnection(file: string): Connection {
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: false, enableDoubleQuotedStringLiterals: true });
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    // In WAL mode a commit is durable against a killed process either way; NORMAL skips the fsync of every commit.
    db.exec('PRAGMA synchronous = NORMAL');
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    engine: 'node:sqlite',
    prepare: (text) => prepared(db.prepare(text)),
    exec: (text) => db.exec(text),
    attach(source, alias) {
      // SQLite attaches a file: bytes (a segment read from git's objects) go to a temporary one.
      const temp = typeof source === 'string' ? null : mkdtempSync(join(tmpdir(), 'gleaner-attach-'));
      const path = temp ? join(temp, 'db.sqlite') : (source as string);
      if (temp) writeFileSync(path, source as Uint8Array);
      try {
        db.prepare(`ATTACH ? AS ${alias}`).run(path);
      } catch (error) {
        if (temp) rmSync(temp, { recursive: true, force: true });
        throw error;
      }
      return () => {
        db.exec(`DETACH ${alias}`);
        if (temp) rmSync(temp, { recursive: true, force: true });
      };
    },
    export() {
      throw new Error(`${file} is a database file written in place: it is not exported`);
    },
    close: () => db.close(),
  };
}

function bound(params: Params): SQLInputValue[] | [Record<string, SQLInputValue>] {
  if (Array.isArray(params)) return params.map(sqlJsBinding);
  return [Object.fromEntries(Object.entries(params).map(([k, v]) => [k, sqlJsBinding(v)]))];
}

function prepared(stmt: StatementSync): Prepared {
  return {
    run(params) {
      const result = stmt.run(...(bound(params) as SQLInputValue[]));
      const changes = Number(result.changes);
      return { changes, lastId: changes > 0 ? Number(result.lastInsertRowid) : 0 };
    },
    all: (params) => stmt.all(...(bound(params) as SQLInputValue[])) as Row[],
    get: (params) => stmt.get(...(bound(params) as SQLInputValue[])) as Row | undefined,
    scalar(params) {
      const row = stmt.get(...(bound(params) as SQLInputValue[]));
      return row === undefined ? undefined : (Object.values(row)[0] as SqlValue);
    },
    free() {},
  };
}
