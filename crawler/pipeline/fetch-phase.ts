import { performance } from 'node:perf_hooks';
import { urlsDue } from '../store/urls.ts';
import { workerProcessor } from '../process/pool.ts';
import { crawlPage } from './crawl-page.ts';
import { dispatchByHost } from './dispatch.ts';
import { pageContext, type RunSession } from './run-session.ts';
import { rejectByUrlRules } from './url-rules.ts';

export interface FetchPhase {
  deadline: number;
  topicIds: number[];
  maxPages?: number;
  checkpointMs?: number;
}

/** Fetches and processes the queue, up to the page and time bounds, saving a checkpoint every so often. */
export async function runFetchPhase(run: RunSession, p: FetchPhase): Promise<void> {
  const { db, config, summary, report } = run;
  const maxPages = p.maxPages ?? config.crawl.maxPagesPerRun;
  const now = run.iso();
  const context = pageContext(run);
  const queue = rejectByUrlRules(db, urlsDue(db, now, { topicIds: p.topicIds }), context.rulesOf, { now, summary, report });
  if (queue.length > maxPages) summary.stoppedBy = 'max-pages';
  const work = queue.slice(0, maxPages);
  report({ type: 'phase', phase: 'fetch', total: work.length });
  const checkpointMs = p.checkpointMs ?? 60_000;
  let lastSave = performance.now();
  const processor = workerProcessor(work.length > 0 ? config.crawl.processWorkers : 0, { timeoutMs: config.crawl.processTimeoutMs });
  const page = { ...context, processor };
  const result = await dispatchByHost(
    work,
    async (row, release) => {
      await crawlPage(row, page, release);
      if (db.changed && performance.now() - lastSave >= checkpointMs) {
        db.save();
        lastSave = performance.now();
      }
    },
    {
      concurrency: config.crawl.concurrency,
      hostOf: (row) => URL.parse(row.url)?.hostname ?? row.url,
      readyAt: (host) => run.fetcher.hostReadyAt(host),
      shouldStop: () => run.now() > p.deadline,
    },
  ).finally(() => processor.close());
  if (result.stopped) summary.stoppedBy = 'time';
  summary.pending = queue.length - result.started;
}
