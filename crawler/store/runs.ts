import type { Database } from './database.ts';

/** One row per crawl run that changed something: when, how it ended, and its counts. */
export interface RunRecord {
  startedAt: string;
  finishedAt: string;
  /** 'complete', or 'stopped:<why>'. */
  status: string;
  stats: Record<string, unknown>;
}

export function recordRun(db: Database, run: RunRecord): void {
  db.run('INSERT INTO runs (started_at, finished_at, status, stats) VALUES (?, ?, ?, ?)', [run.startedAt, run.finishedAt, run.status, JSON.stringify(run.stats)]);
}
