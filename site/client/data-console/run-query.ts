import type { Database } from 'sql.js';
import type { Cell } from './protocol.ts';

// One query of the console on an open database: every statement runs, and the last one that
// returns rows is the result, read up to the row limit (the rest is never read).

export interface QueryResult {
  columns: string[];
  rows: Cell[][];
  /** The statement had more rows than the limit. */
  more: boolean;
}

function cell(value: unknown): Cell {
  if (value instanceof Uint8Array) return `[${value.length} bytes]`;
  return value as Cell;
}

export function runQuery(db: Database, sql: string, limit: number): QueryResult {
  let result: QueryResult = { columns: [], rows: [], more: false };
  for (const stmt of db.iterateStatements(sql)) {
    try {
      const columns = stmt.getColumnNames();
      const rows: Cell[][] = [];
      let more = false;
      while (stmt.step()) {
        if (rows.length === limit) {
          more = true;
          break;
        }
        rows.push(stmt.get().map(cell));
      }
      if (columns.length) result = { columns, rows, more };
    } finally {
      stmt.free();
    }
  }
  return result;
}
