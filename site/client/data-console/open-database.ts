import type { Database, SqlJsStatic } from 'sql.js';
import type { RangeFile } from './range-file.ts';

/** A database over a range file (range-file.ts says how sql.js is handed it), read-only. */
export function openRangeDatabase(SQL: SqlJsStatic, file: RangeFile): Database {
  const db = new SQL.Database(file as unknown as Uint8Array);
  db.run('PRAGMA query_only = 1');
  return db;
}
