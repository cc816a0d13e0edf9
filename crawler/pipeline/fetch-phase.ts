import { performance } from 'node:perf_hooks';
import type { Config } from '../config/index.ts';
import type { Fetcher } from '../fetch/index.ts';
import type { SitePaths } from '../paths.ts';
import type { Database } from '../store/database.ts';
import { urlsDue } from '../store/urls.ts';
import type { UrlPolicy } from '../url/index.ts';
import { crawlPage } from './crawl-page.ts';
import { bandingFor } from '../store/near-duplicates.ts';
import { FolderAllocator } from '../publish/folders.ts';
import { dispatchByHost } from './dispatch.ts';
import type { Reporter } from './events.ts';
import { workerProcessor } from '../process/pool.ts';
import type { RunSummary } from './summary.ts';
import { scopesByUrl, type UrlRow } from './rule-scopes.ts';
import { rejectByUrlRules } from './url-rules.ts';
import type { Renderer } from '../render/renderer.ts';
import type { Topic } from '../config/index.ts';

export interface FetchPhase {
  config: Config;
  paths: SitePaths;
  policy: UrlPolicy;
  fetcher: Fetcher;
  summary: RunSummary;
  report: Reporter;
  now: () => number;
  deadline: number;
  topicIds: number[];
  /** A topic's config by its id in the state (its keywords join the tags of its articles). */
  topic: (topicId: number) => Topic | undefined;
  renderer: Renderer;
  maxPages?: number;
  checkpointMs?: number;
}

/** Fetches and processes the queue, up to the page and time bounds, saving a checkpoint every so often. */
export async function runFetchPhase(db: Database, p: FetchPhase): Promise<void> {
  const maxPages = p.maxPages ?? p.config.crawl.maxPagesPerRun;
  const scoped = scopesByUrl(db, p.config);
  const rulesOf = (row: UrlRow) => scoped(row).rules;
  const now = new Date(p.now()).toISOString();
  const queue = rejectByUrlRules(db, urlsDue(db, now, { topicIds: p.topicIds }), rulesOf, { now, summary: p.summary, report: p.report });
  if (queue.length > maxPages) p.summary.stoppedBy = 'max-pages';
  const work = queue.slice(0, maxPages);
  p.report({ type: 'phase', phase: 'fetch', total: work.length });
  const threshold = p.config.quality.nearDuplicateThreshold;
  const dedup = { root: p.paths.root, threshold, banding: bandingFor(threshold) };
  const checkpointMs = p.checkpointMs ?? 60_000;
  let lastSave = performance.now();
  const processor = workerProcessor(work.length > 0 ? p.config.crawl.processWorkers : 0, { timeoutMs: p.config.crawl.processTimeoutMs });
  const pageContext = { db, fetcher: p.fetcher, config: p.config, paths: p.paths, policy: p.policy, dedup, processor, media: new FolderAllocator(), topic: p.topic, rulesOf, summary: p.summary, report: p.report, nowMs: p.now,
    renderer: p.renderer,
    pageOptions: (row: UrlRow) => scoped(row).page,
  };
  const result = await dispatchByHost(
    work,
    async (row, release) => {
      await crawlPage(row, pageContext, release);
      if (db.changed && performance.now() - lastSave >= checkpointMs) {
        db.save();
        lastSave = performance.now();
      }
    },
    {
      concurrency: p.config.crawl.concurrency,
      hostOf: (row) => URL.parse(row.url)?.hostname ?? row.url,
      readyAt: (host) => p.fetcher.hostReadyAt(host),
      shouldStop: () => p.now() > p.deadline,
    },
  ).finally(() => processor.close());
  if (result.stopped) p.summary.stoppedBy = 'time';
  p.summary.pending = queue.length - result.started;
}
