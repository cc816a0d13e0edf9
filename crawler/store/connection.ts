import type { SqlValue } from 'sql.js';

// What the Database wrapper (database.ts) needs of a SQLite engine. Two engines provide it:
// sql.js, a whole database in WebAssembly memory (engine-sqljs.ts: segments as bytes, tests,
// the single file of the old layout), and node:sqlite on a file (engine-node.ts: the crawler's
// state snapshot, read and written by key, its memory independent of its size).

export type Params = Record<string, SqlValue> | SqlValue[];
export type Row = Record<string, SqlValue>;

export interface Prepared {
  run(params: Params): { changes: number; lastId: number };
  all(params: Params): Row[];
  get(params: Params): Row | undefined;
  /** The first column of the first row. */
  scalar(params: Params): SqlValue | undefined;
  free(): void;
}

export interface Connection {
  readonly engine: 'sql.js' | 'node:sqlite';
  prepare(sql: string): Prepared;
  /** Runs SQL text (any number of statements), uncached. */
  exec(sql: string): void;
  /** Attaches another database as `alias` (outside any transaction): a file by its path, or a database given as bytes. Returns its detach. */
  attach(source: string | Uint8Array, alias: string): () => void;
  /** The whole database as the bytes of a SQLite file (an engine that holds it in memory). */
  export(): Uint8Array;
  close(): void;
}
