import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SitePaths } from '../paths.ts';
import { crashpoint } from '../crashpoint.ts';
import { removeStaleTemps, writeFileAtomic } from '../atomic-write.ts';
import { Database, migrate, openDatabase } from './database.ts';
import { GleanerError, isGleanerError } from '../errors.ts';
import { engine, type SqlJs } from './engine.ts';
import { LATEST_VERSION } from './migrations.ts';
import { bandingFor, ensureBanding, refreshBands } from './near-duplicates.ts';
import { applySegment, hasChanges, hasContentChanges, listSegments, segmentName, trackChanges, writeSegment, type SegmentFile } from './segments.ts';
import { segmentMark } from './segment-changes.ts';
import { applyBookkeeping, collectBookkeeping, forgetBookkeeping, writeBookkeeping } from './bookkeeping-file.ts';

// The crawler's state: every segment in data/segments applied in order (segments.ts). Applying
// thousands of segments on every run would cost what the site holds, so the sum is kept in a
// local snapshot (.gleaner/state.sqlite, never committed; the workflow caches it between runs)
// that records which segments it holds: a run loads it (one file read) and applies only the
// segments written since. A snapshot that does not match the segments on disk (a reverted
// commit, a cache from another branch) is ignored and the state is rebuilt from the segments.
//
// A run that changes something writes its own segment at each save (db.save(): checkpoints and
// the end of the run), always the whole of what the run changed so far, so a killed run leaves
// the last saved version and the next run applies it. A run whose changes are all bookkeeping
// (check times, validators, its run row: bookkeeping.ts) writes no segment: it keeps them in a
// local file (bookkeeping-file.ts), which the next run applies and folds into its segment.

/** A new snapshot is written once this many segments were applied on top of the one loaded. */
const SNAPSHOT_EVERY = 20;

export interface StateOptions {
  /** Read the state only: no upgrade, no segment, no snapshot is written (an old site is read as it is). */
  readOnly?: boolean;
  /** config.quality.nearDuplicateThreshold: the band table of near-duplicate lookups follows it. */
  nearDuplicateThreshold?: number;
  /** The run's start (epoch ms): names its segment. */
  nowMs?: number;
  /** Write a snapshot after this many segments on top of the last (default 20; 1 always). */
  snapshotEvery?: number;
}

export interface StateInfo {
  /** Segments on disk. */
  segments: number;
  /** Segments applied when opening (not in the snapshot). */
  applied: number;
  /** Whether a snapshot was loaded. */
  fromSnapshot: boolean;
  /** The segment this run writes when it saves (relative to data/segments), null when read-only. */
  segment: string | null;
  /** Whether the run wrote its segment (false while all it changed is bookkeeping). */
  written: boolean;
  /** Rows of bookkeeping carried from earlier runs that wrote no segment, applied as this run's own changes. */
  carried: number;
}

const info = new WeakMap<Database, StateInfo>();

export function stateInfo(db: Database): StateInfo | undefined {
  return info.get(db);
}

/** Which state a site has: segments, only the single database file of the old layout (upgraded by the next crawl), or none yet. */
export function stateLayout(paths: SitePaths): 'segments' | 'legacy' | 'none' {
  if (listSegments(paths.segments).length > 0) return 'segments';
  return existsSync(paths.legacyDatabase) ? 'legacy' : 'none';
}

/**
 * Opens the site's state. A site of the single-file layout is read as it is; writing to one takes
 * its upgrade first (openUpgradedState in crawler/upgrade/), which this refuses to skip.
 */
export async function openState(paths: SitePaths, options: StateOptions = {}): Promise<Database> {
  const SQL = await engine();
  const readOnly = options.readOnly ?? false;
  const nowMs = options.nowMs ?? Date.now();
  if (existsSync(paths.legacyDatabase)) {
    if (readOnly && listSegments(paths.segments).length === 0) return openDatabase(paths.legacyDatabase, { create: false });
    if (!readOnly) throw new GleanerError('E_STATE', `${paths.legacyDatabase} is a site of the single-file layout: open it with openUpgradedState (crawler/upgrade/), which upgrades it first`);
  }
  if (!readOnly) {
    removeStaleTemps(paths.cache);
    removeStaleTemps(join(paths.segments, segmentName(0, nowMs), '..'));
  }

  const segments = listSegments(paths.segments);
  const snapshot = loadSnapshot(SQL, paths.stateSnapshot, segments);
  const db = snapshot ?? (await openDatabase(null));
  const appliedNames = new Set(db.all<{ name: string }>('SELECT name FROM applied_segments').map((r) => r.name));
  const pending = segments.filter((s) => !appliedNames.has(s.name));
  const touched = new Set<number>();
  for (const segment of pending) {
    const result = applySegment(SQL, db, readFileSync(join(paths.segments, segment.name)));
    for (const id of result.articles) touched.add(id);
    db.run('INSERT OR REPLACE INTO applied_segments (seq, name) VALUES (?, ?)', [segment.seq, segment.name], { quiet: true });
  }
  if (options.nearDuplicateThreshold !== undefined) {
    const banding = bandingFor(options.nearDuplicateThreshold);
    if (snapshot) refreshBands(db, [...touched], banding);
    ensureBanding(db, banding);
  }
  db.changed = false;

  const state: StateInfo = { segments: segments.length, applied: pending.length, fromSnapshot: snapshot !== null, segment: null, written: false, carried: 0 };
  info.set(db, state);
  if (readOnly) return db;

  const seq = Math.max(0, ...segments.map((s) => s.seq), Number(db.scalar('SELECT max(seq) FROM applied_segments') ?? 0)) + 1;
  const segment: SegmentFile = { seq, name: segmentName(seq, nowMs) };
  state.segment = segment.name;
  trackChanges(db);
  const mark = segmentMark(segments);
  state.carried = applyBookkeeping(db, paths.bookkeeping, mark, LATEST_VERSION);
  db.changed = false;
  // The snapshot must hold only what segments hold: a connection closed with writes it never
  // saved (a run that failed), or holding bookkeeping no segment has, leaves the snapshot as it was.
  const totalChanges = () => Number(db.scalar('SELECT total_changes()'));
  let saved = totalChanges();
  db.persistence = {
    save(database) {
      if (hasContentChanges(database)) {
        writeSegment(SQL, database, join(paths.segments, segment.name), { seq, schemaVersion: LATEST_VERSION, runStartedAt: new Date(nowMs).toISOString() });
        state.written = true;
        forgetBookkeeping(paths.bookkeeping);
      } else if (hasChanges(database)) {
        writeBookkeeping(paths.bookkeeping, collectBookkeeping(database, mark, LATEST_VERSION));
      }
      saved = totalChanges();
    },
    close(database) {
      if (totalChanges() !== saved) return;
      if (!state.written && hasChanges(database)) return;
      if (state.written) database.run('INSERT OR REPLACE INTO applied_segments (seq, name) VALUES (?, ?)', [segment.seq, segment.name], { quiet: true });
      const since = pending.length + (state.written ? 1 : 0);
      if (since === 0 && snapshot) return;
      if (snapshot && since < (options.snapshotEvery ?? SNAPSHOT_EVERY)) return;
      saveSnapshot(database, paths.stateSnapshot);
    },
  };
  return db;
}

/** The snapshot, when it exists, opens, is of this schema and holds only segments that are on disk; otherwise null (rebuild). */
function loadSnapshot(SQL: SqlJs, file: string, segments: SegmentFile[]): Database | null {
  if (!existsSync(file)) return null;
  let db: Database;
  try {
    db = new Database(new SQL.Database(readFileSync(file)), null);
    const version = Number(db.scalar(`SELECT value FROM meta WHERE key = 'schema_version'`) ?? 0);
    if (version > LATEST_VERSION) {
      throw new GleanerError('E_STORE_TOO_NEW', `${file} has schema version ${version}, but this Gleaner only knows up to ${LATEST_VERSION}; update Gleaner (git pull)`);
    }
    if (version < 2) return null;
    migrate(db);
  } catch (error) {
    if (isGleanerError(error)) throw error;
    return null; // unreadable: it is only a cache
  }
  const onDisk = new Set(segments.map((s) => s.name));
  const applied = db.all<{ name: string }>('SELECT name FROM applied_segments');
  if (applied.some((a) => !onDisk.has(a.name))) {
    db.close();
    return null;
  }
  return db;
}

function saveSnapshot(db: Database, file: string): void {
  db.clearStatements();
  const bytes = db.sql.export();
  crashpoint('snapshot-write:before');
  mkdirSync(dirname(file), { recursive: true });
  writeFileAtomic(file, bytes);
  crashpoint('snapshot-write:after');
}
