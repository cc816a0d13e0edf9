import type { SourceOutcome } from '../discover/index.ts';

export interface RunSummary {
  sources: {
    read: number;
    notModified: number;
    fresh: number;
    failed: number;
    notDue: number;
    /** Not started because the run's time bound was reached. */
    skipped: number;
    /** Feeds found by autodiscovery and added as sources this run. */
    added: number;
  };
  /** URLs seen for the first time. */
  discovered: number;
  /** Known URLs queued again (quoted-only ones cited plainly, content rejections past the refetch window). */
  requeued: number;
  /** Taken-down addresses the sources listed, skipped (never fetched); once per source read. */
  skippedRemoved: number;
  fetched: number;
  articles: number;
  published: number;
  publishedByTopic: Record<string, number>;
  rejected: Record<string, number>;
  failed: Record<string, number>;
  images: { stored: number; failed: number };
  /** Pages rendered in Chromium (configured, or an application shell), and the browser requests the address guard refused. */
  render: { pages: number; refusedRequests: number };
  /** Archived copies written under archive/. */
  archived: number;
  /** URLs left in the queue for the next run. */
  pending: number;
  stoppedBy: 'max-pages' | 'time' | null;
  saved: boolean;
  dryRun: boolean;
  durationMs: number;
  totals: Record<string, number>;
}

export function emptySummary(dryRun: boolean): RunSummary {
  return {
    sources: { read: 0, notModified: 0, fresh: 0, failed: 0, notDue: 0, skipped: 0, added: 0 },
    discovered: 0,
    requeued: 0,
    skippedRemoved: 0,
    fetched: 0,
    articles: 0,
    published: 0,
    publishedByTopic: {},
    rejected: {},
    failed: {},
    images: { stored: 0, failed: 0 },
    render: { pages: 0, refusedRequests: 0 },
    archived: 0,
    pending: 0,
    stoppedBy: null,
    saved: false,
    dryRun,
    durationMs: 0,
    totals: {},
  };
}

export function countSource(summary: RunSummary, outcome: SourceOutcome): void {
  const key = ({ read: 'read', 'not-modified': 'notModified', fresh: 'fresh', failed: 'failed' } as const)[outcome.status];
  summary.sources[key]++;
  summary.sources.added += outcome.feeds?.length ?? 0;
  summary.discovered += outcome.newUrls;
  summary.requeued += outcome.requeued;
}

export function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}
