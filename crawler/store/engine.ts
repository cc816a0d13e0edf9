import initSqlJs from 'sql.js';

// SQLite compiled to WebAssembly (sql.js), loaded once per process: a whole small database in
// memory (segments as bytes, tests, the old single file; engine-sqljs.ts). Databases live in its
// in-memory file system: one connection can ATTACH another Database object's file by its
// `filename` (engine-sqljs.ts attach).

let sqlJs: Promise<Awaited<ReturnType<typeof initSqlJs>>> | undefined;

export function engine(): Promise<Awaited<ReturnType<typeof initSqlJs>>> {
  sqlJs ??= initSqlJs();
  return sqlJs;
}

/** The in-memory file behind a sql.js Database (not in its type definitions), for ATTACH from another connection. */
export function memoryFile(db: import('sql.js').Database): string {
  const name = (db as unknown as { filename?: unknown }).filename;
  if (typeof name !== 'string' || !name) throw new Error('sql.js Database has no filename: this version of sql.js is not supported');
  return name;
}

export type SqlJs = Awaited<ReturnType<typeof initSqlJs>>;
