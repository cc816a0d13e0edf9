import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { crashpoint } from '../../crawler/crashpoint.ts';

// Story summaries kept from one build to the next (story-quotes.ts): a summary is a pure function
// of the tellings it weighs (each one's body, language, whether it may be quoted, its outlet) and
// of the code, and an hourly build renders hundreds of story cards and pages whose tellings did
// not change (a story archive page is rendered again when one of its twenty stories gains a
// telling), each summary reading and weighing up to three bodies an outlet. Astro's child reads
// the summaries of a build that is not cold from .gleaner/build/summaries.sqlite, makes the rest,
// and writes those it made in one transaction as it exits (a killed child writes nothing, and the
// next build makes them again). A cold build (new code: perhaps a new summary) deletes the file
// first and writes every summary it made. What no build read for KEEP_DAYS is dropped. Every entry
// is derived: a file lost or unreadable costs its summaries' making, never a page.

/** A summary as stored: each sentence's text, its teller's place among the tellings weighed, and its score. */
export type StoredSummary = Array<[text: string, teller: number, score: number]>;

/** The file, for a site root (beside the build memory). */
export function summaryCacheFile(root: string): string {
  return join(root, '.gleaner', 'build', 'summaries.sqlite');
}

/** A cold build starts without it. */
export function forgetSummaries(root: string): void {
  removeCacheFile(summaryCacheFile(root));
}

/** The file and its rollback journal (a child killed in its transaction leaves one). */
function removeCacheFile(file: string): void {
  for (const path of [file, `${file}-journal`]) rmSync(path, { force: true });
}

/** The key of a summary's inputs: every telling weighed, in order. */
export function summaryKey(tellings: ReadonlyArray<readonly [bodySha: string, lang: string | null, quotable: boolean, outlet: string]>): string {
  return createHash('sha256').update(JSON.stringify(tellings)).digest('base64url');
}

export interface SummaryCache {
  get(key: string): StoredSummary | undefined;
  /** Kept in memory until `save`. */
  set(key: string, summary: StoredSummary): void;
  /**
   * Writes what was made this build and marks what was read as used `today` (days since 1970), in
   * one transaction, drops what no build used for KEEP_DAYS, and closes the file; throws when it
   * cannot (Astro's child then warns).
   */
  save(today?: number): void;
}

/**
 * Summaries no build used for this long are dropped: a story stops changing, its cards stop being
 * rendered, and each hour brings ~100 new sets of tellings (a year of them would be ~0.4 GB in a
 * cache that travels every hour). One made again costs a few milliseconds.
 */
export const KEEP_DAYS = 30;

const DAY_MS = 86_400_000;

/** The cache at `file`, or one that keeps nothing when `file` is null (a slice of a build, astro dev). */
export function openSummaryCache(file: string | null): SummaryCache {
  const made = new Map<string, StoredSummary>();
  const read = new Set<string>();
  let db: DatabaseSync | null = null;
  let unreadable = false;
  if (file && existsSync(file)) {
    try {
      db = new DatabaseSync(file, { readOnly: true });
      db.prepare('SELECT key, value, used FROM summaries LIMIT 0').all();
    } catch {
      db?.close(); // another shape, or not a database: made again, and written anew
      db = null;
      unreadable = true;
    }
  }
  const lookup = db?.prepare('SELECT value FROM summaries WHERE key = ?');
  return {
    get(key) {
      const row = lookup?.get(key) as { value: string } | undefined;
      if (!row) return made.get(key);
      read.add(key);
      return JSON.parse(row.value) as StoredSummary;
    },
    set(key, summary) {
      if (file) made.set(key, summary);
    },
    save(today = Math.floor(Date.now() / DAY_MS)) {
      db?.close();
      db = null;
      if (!file || (made.size === 0 && read.size === 0)) return;
      mkdirSync(dirname(file), { recursive: true });
      if (unreadable) removeCacheFile(file);
      const out = new DatabaseSync(file);
      try {
        out.exec('CREATE TABLE IF NOT EXISTS summaries (key TEXT PRIMARY KEY, value TEXT NOT NULL, used INTEGER NOT NULL) WITHOUT ROWID');
        out.exec('BEGIN');
        const put = out.prepare('INSERT OR REPLACE INTO summaries VALUES (?, ?, ?)');
        for (const [key, summary] of made) put.run(key, JSON.stringify(summary), today);
        const use = out.prepare('UPDATE summaries SET used = ? WHERE key = ? AND used < ?');
        for (const key of read) use.run(today, key, today);
        out.prepare('DELETE FROM summaries WHERE used < ?').run(today - KEEP_DAYS);
        crashpoint('build:summaries-write'); // kill tests only: Astro's child killed inside the transaction
        out.exec('COMMIT');
      } finally {
        out.close();
      }
      made.clear();
      read.clear();
    },
  };
}
