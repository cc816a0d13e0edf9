import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crashpoint } from '../crashpoint.ts';
import { GleanerError, isGleanerError } from '../errors.ts';
import { Database, migrate } from './database.ts';
import { nodeConnection } from './engine-node.ts';
import { LATEST_VERSION } from './migrations.ts';
import { refreshStoredBands } from './near-duplicates.ts';
import { applySegment, fetchSegments, segmentSource, type SegmentFile } from './segments.ts';

// The local snapshot of the state (.gleaner/state.sqlite): the segments it names in
// applied_segments, applied in order, and nothing else. It is a SQLite file opened in place
// with node:sqlite (engine-node.ts), so opening it costs the same memory at any size. Every
// change to it is a transaction that holds only segments: the segments not yet in it, with
// their names, at open; a run's own rows, with its segment's name, only once that segment is on
// disk (store/state.ts). A killed process leaves the last commit.

/** The snapshot file opened, or made anew from nothing when it is missing, unreadable, of an unknown schema or names a segment no longer on disk. */
export function openSnapshot(file: string, segments: SegmentFile[]): { db: Database; fromSnapshot: boolean } {
  if (file === MEMORY) return { db: fresh(MEMORY), fromSnapshot: false };
  mkdirSync(dirname(file), { recursive: true });
  const existing = existsSync(file) ? openExisting(file, segments) : null;
  if (existing) return { db: existing, fromSnapshot: true };
  removeSnapshot(file);
  return { db: fresh(file), fromSnapshot: false };
}

/** In place of the file: a state with nothing in it yet, which a reader does not write to disk. */
export const MEMORY = ':memory:';

function fresh(file: string): Database {
  const db = new Database(nodeConnection(file), null);
  try {
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function openExisting(file: string, segments: SegmentFile[]): Database | null {
  let db: Database | null = null;
  try {
    db = new Database(nodeConnection(file), null);
    const version = Number(db.scalar(`SELECT value FROM meta WHERE key = 'schema_version'`) ?? 0);
    if (version > LATEST_VERSION) {
      throw new GleanerError('E_STORE_TOO_NEW', `${file} has schema version ${version}, but this Gleaner only knows up to ${LATEST_VERSION}; update Gleaner (git pull)`);
    }
    const onDisk = new Set(segments.map((s) => s.name));
    if (version < 2 || db.all<{ name: string }>('SELECT name FROM applied_segments').some((a) => !onDisk.has(a.name))) {
      db.close();
      return null;
    }
    migrate(db);
    return db;
  } catch (error) {
    try {
      db?.close();
    } catch {
      // a file that never opened
    }
    if (isGleanerError(error)) throw error;
    return null; // unreadable: it is only a cache
  }
}

/** The snapshot file and SQLite's files beside it. */
function removeSnapshot(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(path, { force: true });
}

/**
 * Applies the segments not in the snapshot yet, in order, each in one transaction with its name
 * and the band rows of the articles it touched (derived). Returns the articles they touched.
 */
export function applyPending(db: Database, dir: string, pending: SegmentFile[]): number[] {
  const touched = new Set<number>();
  fetchSegments(dir, pending);
  for (const segment of pending) {
    crashpoint('snapshot-apply:before');
    applySegment(db, segmentSource(dir, segment), (articles) => {
      for (const id of articles) touched.add(id);
      refreshStoredBands(db, articles);
      db.run('INSERT OR REPLACE INTO applied_segments (seq, name) VALUES (?, ?)', [segment.seq, segment.name], { quiet: true });
    });
    crashpoint('snapshot-apply:after');
  }
  return [...touched];
}
