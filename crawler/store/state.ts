import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SitePaths } from '../paths.ts';
import { crashpoint } from '../crashpoint.ts';
import { removeStaleTemps } from '../atomic-write.ts';
import { Database, openDatabase } from './database.ts';
import { GleanerError } from '../errors.ts';
import { engine } from './engine.ts';
import { LATEST_VERSION } from './migrations.ts';
import { bandingFor, ensureBanding } from './near-duplicates.ts';
import { hasChanges, hasContentChanges, listSegments, segmentName, trackChanges, writeSegment, type SegmentFile } from './segments.ts';
import { segmentMark } from './segment-changes.ts';
import { applyBookkeeping, collectBookkeeping, forgetBookkeeping, writeBookkeeping } from './bookkeeping-file.ts';
import { applyPending, MEMORY, openSnapshot } from './snapshot.ts';

// The crawler's state: every segment in data/segments applied in order (segments.ts). Applying
// thousands of segments on every run would cost what the site holds, so the sum is kept in a
// local snapshot (.gleaner/state.sqlite, never committed; the workflow caches it between runs),
// a SQLite file opened in place (snapshot.ts) that records which segments it holds: opening it
// applies only the segments written since, and commits them. A snapshot that does not match the
// segments on disk (a reverted commit, a cache from another branch) is replaced by one rebuilt
// from the segments.
//
// A run that changes something writes its own segment at each save (db.save(): checkpoints and
// the end of the run), always the whole of what the run changed so far, so a killed run leaves
// the last saved version and the next run applies it. The run's writes stay in one transaction
// of the snapshot, committed (with its segment's name) only when the run closes with everything
// saved into its segment: the snapshot holds only what segments hold, and a killed or failed run
// rolls back. A run whose changes are all bookkeeping (check times, validators, its run row:
// bookkeeping.ts) writes no segment: it keeps them in a local file (bookkeeping-file.ts), which
// the next run applies and folds into its segment, and rolls back.

export interface StateOptions {
  /** Read the state only: no upgrade, no segment; the snapshot is only brought up to the segments, and what is written through the handle is rolled back (an old site is read as it is). */
  readOnly?: boolean;
  /** config.quality.nearDuplicateThreshold: the band table of near-duplicate lookups follows it. */
  nearDuplicateThreshold?: number;
  /** The run's start (epoch ms): names its segment. */
  nowMs?: number;
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
  // A reader of a site with no state yet (a dry run's first) leaves no file behind.
  const nothingYet = readOnly && segments.length === 0 && !existsSync(paths.stateSnapshot);
  const { db, fromSnapshot } = openSnapshot(nothingYet ? MEMORY : paths.stateSnapshot, segments);
  let pending: SegmentFile[];
  try {
    const appliedNames = new Set(db.all<{ name: string }>('SELECT name FROM applied_segments').map((r) => r.name));
    pending = segments.filter((s) => !appliedNames.has(s.name));
    applyPending(db, paths.segments, pending);
    if (options.nearDuplicateThreshold !== undefined) ensureBanding(db, bandingFor(options.nearDuplicateThreshold));
  } catch (error) {
    db.close();
    throw error;
  }
  db.changed = false;

  const state: StateInfo = { segments: segments.length, applied: pending.length, fromSnapshot, segment: null, written: false, carried: 0 };
  info.set(db, state);
  // What a reader writes (tests do) is rolled back when it closes.
  db.hold();
  if (readOnly) return db;

  const seq = Math.max(0, ...segments.map((s) => s.seq), Number(db.scalar('SELECT max(seq) FROM applied_segments') ?? 0)) + 1;
  const segment: SegmentFile = { seq, name: segmentName(seq, nowMs) };
  state.segment = segment.name;
  trackChanges(db);
  const mark = segmentMark(segments);
  state.carried = applyBookkeeping(db, paths.bookkeeping, mark, LATEST_VERSION);
  db.changed = false;
  // The run's transaction is committed only when everything the connection wrote was saved into
  // its segment: a connection closed with writes it never saved (a run that failed), or holding
  // bookkeeping no segment has, rolls back and leaves the snapshot as it was.
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
      crashpoint('snapshot-write:before');
      database.release(true);
      crashpoint('snapshot-write:after');
    },
  };
  return db;
}
