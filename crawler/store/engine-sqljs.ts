import { readFileSync } from 'node:fs';
import type { Database as SqlJsDatabase, SqlValue, Statement } from 'sql.js';
import type { Connection, Params, Prepared, Row } from './connection.ts';
import { memoryFile, type SqlJs } from './engine.ts';

// sql.js behind the Connection interface: the database lives whole in WebAssembly memory and is
// written out with export(). Another database is attached through sql.js's in-memory file system.

export function sqljsConnection(SQL: SqlJs, sql: SqlJsDatabase): Connection {
  return {
    engine: 'sql.js',
    prepare: (text) => prepared(sql, sql.prepare(text)),
    exec: (text) => void sql.exec(text),
    attach(source, alias) {
      const other = new SQL.Database(typeof source === 'string' ? readFileSync(source) : source);
      try {
        sql.run(`ATTACH '${memoryFile(other)}' AS ${alias}`);
      } catch (error) {
        other.close();
        throw error;
      }
      return () => {
        try {
          sql.run(`DETACH ${alias}`);
        } finally {
          other.close();
        }
      };
    },
    export: () => sql.export(),
    close: () => sql.close(),
  };
}

function prepared(sql: SqlJsDatabase, stmt: Statement): Prepared {
  return {
    run(params) {
      try {
        stmt.run(params);
      } finally {
        stmt.reset();
      }
      const changes = sql.getRowsModified();
      return { changes, lastId: changes > 0 ? Number(sql.exec('SELECT last_insert_rowid()')[0]!.values[0]![0]) : 0 };
    },
    all(params) {
      const rows: Row[] = [];
      try {
        stmt.bind(params);
        while (stmt.step()) rows.push(stmt.getAsObject() as Row);
      } finally {
        stmt.reset();
      }
      return rows;
    },
    get(params) {
      try {
        stmt.bind(params);
        return stmt.step() ? (stmt.getAsObject() as Row) : undefined;
      } finally {
        stmt.reset();
      }
    },
    scalar(params: Params): SqlValue | undefined {
      try {
        stmt.bind(params);
        return stmt.step() ? stmt.get()[0] : undefined;
      } finally {
        stmt.reset();
      }
    },
    free: () => void stmt.free(),
  };
}
