import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SqlValue } from 'sql.js';
import { writeFileAtomic } from '../atomic-write.ts';
import { crashpoint } from '../crashpoint.ts';
import { BOOKKEEPING } from './bookkeeping.ts';
import type { Database } from './database.ts';
import type { SegmentMark } from './segment-changes.ts';
import { TRACKED_TABLES } from './segments.ts';

// The bookkeeping of runs that wrote no segment (bookkeeping.ts), carried in a local file
// (.gleaner/bookkeeping.json, never committed; the workflow caches it) until a run writes one.
// A run applies it over the state after change tracking starts, so the rows are the run's own
// changes: a quiet run writes them back with its own, a run with content folds them into its
// segment and removes the file. The file names the segments the state held when it was written
// and applies only over that same state: after any other segment (another run's, or the one a
// run killed before removing the file had written) it is stale, and is ignored.

export interface CarriedBookkeeping {
  /** The segments the rows were recorded over. */
  mark: SegmentMark;
  schemaVersion: number;
  /** Per table: key and bookkeeping columns of each row (every column of a table that is bookkeeping whole). */
  rows: Record<string, Array<Record<string, SqlValue>>>;
}

/** The bookkeeping rows recorded since trackChanges (call it only when nothing recorded is content). */
export function collectBookkeeping(db: Database, mark: SegmentMark, schemaVersion: number): CarriedBookkeeping {
  const rows: CarriedBookkeeping['rows'] = {};
  for (const [table, rule] of Object.entries(BOOKKEEPING)) {
    const key = TRACKED_TABLES.find((t) => t.name === table)!.key;
    const columns = rule.columns === 'all' ? '*' : [...key, ...rule.columns].join(', ');
    const found = db.all(`SELECT ${columns} FROM ${table} WHERE rowid IN (SELECT rid FROM temp.gl_dirty WHERE tbl = ?) ORDER BY rowid`, [table]);
    if (found.length) rows[table] = found;
  }
  return { mark, schemaVersion, rows };
}

export function writeBookkeeping(file: string, carried: CarriedBookkeeping): void {
  crashpoint('bookkeeping-write:before');
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, JSON.stringify(carried));
  crashpoint('bookkeeping-write:after');
}

/** Once a segment holds the carried rows. */
export function forgetBookkeeping(file: string): void {
  rmSync(file, { force: true });
}

/**
 * Applies the carried rows when the file is of this state (same segments, same schema); returns
 * how many it applied. A missing, stale or unreadable file applies nothing: it was only a cache.
 */
export function applyBookkeeping(db: Database, file: string, mark: SegmentMark, schemaVersion: number): number {
  const carried = readCarried(file);
  if (!carried || carried.schemaVersion !== schemaVersion || carried.mark.last !== mark.last || carried.mark.count !== mark.count) return 0;
  let applied = 0;
  db.transaction(() => {
    for (const [table, rows] of Object.entries(carried.rows)) {
      const rule = BOOKKEEPING[table];
      if (!rule) continue;
      const key = TRACKED_TABLES.find((t) => t.name === table)!.key;
      const known = new Set(db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`).map((c) => c.name));
      for (const row of rows) {
        const columns = Object.keys(row).filter((c) => known.has(c));
        if (rule.columns === 'all') {
          db.run(`INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, columns.map((c) => row[c]!), { quiet: true });
        } else {
          const set = columns.filter((c) => !key.includes(c));
          if (!set.length) continue;
          db.run(`UPDATE ${table} SET ${set.map((c) => `${c} = ?`).join(', ')} WHERE ${key.map((k) => `${k} IS ?`).join(' AND ')}`, [...set, ...key].map((c) => row[c] ?? null), { quiet: true });
        }
        applied++;
      }
    }
  });
  return applied;
}

function readCarried(file: string): CarriedBookkeeping | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as CarriedBookkeeping;
    return parsed && typeof parsed === 'object' && parsed.mark && parsed.rows ? parsed : null;
  } catch {
    return null;
  }
}
