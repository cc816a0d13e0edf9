import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SitePaths } from '../../crawler/paths.ts';
import { engine } from '../../crawler/store/engine.ts';
import { listSegments } from '../../crawler/store/segments.ts';
import { openState, stateInfo } from '../../crawler/store/state.ts';
import { removeTempRoots, tempRoot } from '../crawler/helpers.ts';

// The rule of what is bookkeeping (crawler/store/bookkeeping.ts) on a real state: a save whose
// changes are all bookkeeping writes no segment but .gleaner/bookkeeping.json, the next open
// applies it, and the next save with content folds it into its segment. The file is a cache:
// a stale or torn one is ignored, and the snapshot never holds what only it holds.

const root = tempRoot;
afterEach(removeTempRoots);

const HOUR = 3600_000;
const T0 = Date.parse('2026-11-01T10:00:00Z');

/** A site with one source and one host icon, committed in its first segment. */
async function site(): Promise<SitePaths> {
  const paths = root();
  const db = await openState(paths, { nowMs: T0 });
  const topic = db.run(`INSERT INTO topics (slug, name) VALUES ('space', 'Space')`).lastId;
  db.run(`INSERT INTO sources (id, topic_id, kind, url) VALUES (1, ?, 'feed', 'https://a.example/feed.xml')`, [topic]);
  db.run(`INSERT INTO source_icons (host, file, hash, checked_at) VALUES ('a.example', 'media/2026/11/aa-32.webp', 'aa', '2026-11-01T10:00:00Z')`);
  db.save();
  db.close();
  return paths;
}

/** One run: opens the state at `hour` hours after T0, does `work`, saves, closes; what it wrote. */
async function run(paths: SitePaths, hour: number, work: (db: Awaited<ReturnType<typeof openState>>) => void) {
  const before = listSegments(paths.segments).length;
  const db = await openState(paths, { nowMs: T0 + hour * HOUR });
  const carried = stateInfo(db)!.carried;
  work(db);
  db.save();
  db.close();
  return { segment: listSegments(paths.segments).length > before, carried };
}

const read = (at: string) => (db: Awaited<ReturnType<typeof openState>>) =>
  db.run(`UPDATE sources SET last_read_at = ?, next_due_at = ?, etag = 'e1', last_status = 'not-modified' WHERE id = 1`, [at, at], { quiet: true });

async function segmentRows(paths: SitePaths, table: string): Promise<unknown[][]> {
  const last = listSegments(paths.segments).at(-1)!;
  const db = new (await engine()).Database(readFileSync(join(paths.segments, last.name)));
  try {
    return db.exec(`SELECT * FROM ${table}`)[0]?.values ?? [];
  } finally {
    db.close();
  }
}

describe('bookkeeping', () => {
  it('a run that only checked writes no segment; the next run has its check and folds it into its segment', async () => {
    const paths = await site();
    expect(await run(paths, 1, read('2026-11-01T11:00:00Z'))).toEqual({ segment: false, carried: 0 });
    expect(existsSync(paths.bookkeeping)).toBe(true);

    const second = await openState(paths, { nowMs: T0 + 2 * HOUR });
    expect(stateInfo(second)!.carried).toBe(1);
    expect(second.scalar('SELECT last_read_at FROM sources WHERE id = 1')).toBe('2026-11-01T11:00:00Z');
    second.run(`INSERT INTO topics (slug, name) VALUES ('climate', 'Climate')`);
    second.save();
    second.close();
    expect(listSegments(paths.segments)).toHaveLength(2);
    expect((await segmentRows(paths, 'sources'))[0]).toContain('2026-11-01T11:00:00Z');
    expect(existsSync(paths.bookkeeping)).toBe(false);
  });

  it('commits a source that starts failing or answers again, not one that fails once more', async () => {
    const paths = await site();
    const fail = (n: number) => (db: Awaited<ReturnType<typeof openState>>) =>
      db.run(`UPDATE sources SET consecutive_failures = ?, last_status = 'failed', last_error = ? WHERE id = 1`, [n, `timeout ${n}`], { quiet: true });
    expect((await run(paths, 1, fail(1))).segment).toBe(true);
    expect((await run(paths, 2, fail(2))).segment).toBe(false);
    expect((await run(paths, 3, fail(0))).segment).toBe(true);
  });

  it('commits an icon whose bytes changed, not a check that found the same icon', async () => {
    const paths = await site();
    expect((await run(paths, 1, (db) => db.run(`UPDATE source_icons SET checked_at = 'later', declared = NULL, error = NULL`))).segment).toBe(false);
    expect((await run(paths, 2, (db) => db.run(`UPDATE source_icons SET hash = 'bb', file = 'media/2026/11/bb-32.webp'`))).segment).toBe(true);
  });

  it('carries a run row, and keeps the check times of every quiet run up to the one with content', async () => {
    const paths = await site();
    for (let hour = 1; hour <= 3; hour++) {
      await run(paths, hour, (db) => {
        read(`hour ${hour}`)(db);
        db.run(`INSERT INTO runs (started_at, status) VALUES (?, 'complete')`, [`hour ${hour}`]);
      });
    }
    expect(listSegments(paths.segments)).toHaveLength(1);
    await run(paths, 4, (db) => db.run(`INSERT INTO topics (slug, name) VALUES ('climate', 'Climate')`));
    expect((await segmentRows(paths, 'runs')).map((r) => r[1])).toEqual(['hour 1', 'hour 2', 'hour 3']);
    expect((await segmentRows(paths, 'sources'))[0]).toContain('hour 3');
  });

  it('ignores a file made over other segments (a later commit) or torn, at the cost of the checks in it', async () => {
    const paths = await site();
    await run(paths, 1, read('quiet'));
    // Another run commits while the file is away (another runner's cache): the file is stale now.
    renameSync(paths.bookkeeping, `${paths.bookkeeping}.away`);
    await run(paths, 2, (db) => db.run(`INSERT INTO topics (slug, name) VALUES ('climate', 'Climate')`));
    renameSync(`${paths.bookkeeping}.away`, paths.bookkeeping);
    const stale = await openState(paths, { nowMs: T0 + 3 * HOUR });
    expect(stateInfo(stale)!.carried).toBe(0);
    expect(stale.scalar('SELECT last_read_at FROM sources WHERE id = 1')).toBeNull();
    stale.close();

    writeFileSync(paths.bookkeeping, '{"mark": {"last": 2, "co');
    const torn = await openState(paths, { nowMs: T0 + 4 * HOUR });
    expect(stateInfo(torn)!.carried).toBe(0);
    torn.close();
  });

  it('never puts carried bookkeeping into the snapshot (it holds only what segments hold)', async () => {
    const paths = await site();
    rmSync(paths.stateSnapshot, { force: true });
    const lastRead = () => {
      const snapshot = new DatabaseSync(paths.stateSnapshot, { readOnly: true });
      try {
        return snapshot.prepare('SELECT last_read_at FROM sources WHERE id = 1').get()?.last_read_at;
      } finally {
        snapshot.close();
      }
    };
    await run(paths, 1, read('quiet'));
    // Rebuilt from the segments, without the check the quiet run kept in its file.
    expect(lastRead()).toBeNull();
    await run(paths, 2, (db) => db.run(`INSERT INTO topics (slug, name) VALUES ('climate', 'Climate')`));
    // Committed now, by the run whose segment holds the check.
    expect(lastRead()).toBe('quiet');
  });
});
