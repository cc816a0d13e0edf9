import type { Config } from '../config/index.ts';
import { crashpoint } from '../crashpoint.ts';
import { createFetcher, type Fetcher } from '../fetch/index.ts';
import type { SitePaths } from '../paths.ts';
import { planPublication, reconcile, writePublishing } from '../publish/index.ts';
import { finishRemovals } from '../remove/index.ts';
import { createRenderer, type Renderer } from '../render/renderer.ts';
import type { Database } from '../store/database.ts';
import { recordRun, type RunRecord } from '../store/runs.ts';
import { openUpgradedState } from '../upgrade/index.ts';
import { stateInfo } from '../store/state.ts';
import { syncTopics, type TopicRow } from '../store/topics.ts';
import type { UrlPolicy } from '../url/index.ts';
import { silent, type Reporter } from './events.ts';
import { preflight } from './preflight.ts';
import { emptySummary, type RunSummary } from './summary.ts';
import type { PageContext } from './crawl-page.ts';
import { scopesByUrl } from './rule-scopes.ts';
import { bandingFor } from '../store/near-duplicates.ts';
import { FolderAllocator } from '../publish/folders.ts';
import { mediaEntryCounter } from '../media/staged.ts';
import { readMediaStore } from '../media/store-file.ts';

// What every run shares, whatever brings its URLs (sources for a crawl, the command line for
// npm run add): the state opened and closed, one fetcher and one renderer, the topics synced, a
// half-done publication or removal finished first, then publishing and saving at the end.

export interface RunSession {
  config: Config;
  paths: SitePaths;
  policy: UrlPolicy;
  db: Database;
  fetcher: Fetcher;
  renderer: Renderer;
  topics: Map<string, TopicRow>;
  summary: RunSummary;
  report: Reporter;
  /** The run's clock (epoch ms) and the time it started. */
  now: () => number;
  started: number;
  iso: () => string;
  dryRun: boolean;
}

export interface RunSessionOptions {
  /** Discover and report; write nothing (no database, no content, no media). */
  dryRun?: boolean;
  now?: () => number;
  reporter?: Reporter;
}

export function urlPolicy(config: Config): UrlPolicy {
  return { allowPrivate: config.crawl.allowPrivateAddresses, privateHosts: config.crawl.privateHosts };
}

/** Opens a run, hands it to `body`, and closes everything however `body` ends (the summary's duration includes the closing). */
export async function withRunSession<T>(config: Config, paths: SitePaths, options: RunSessionOptions, body: (run: RunSession) => Promise<T>): Promise<T> {
  const now = options.now ?? Date.now;
  const started = now();
  const report = options.reporter ?? silent;
  const dryRun = options.dryRun ?? false;
  const summary = emptySummary(dryRun);
  const policy = urlPolicy(config);
  preflight(paths, dryRun);
  const db = await openUpgradedState(paths, { readOnly: dryRun, nowMs: started, nearDuplicateThreshold: config.quality.nearDuplicateThreshold });
  const fetcher = createFetcher({ ...config.crawl, now });
  // Chromium starts only when a page first needs it.
  const renderer = createRenderer({ settings: config.crawl, policy, log: (message) => report({ type: 'note', message }), now });
  try {
    const iso = () => new Date(now()).toISOString();
    const topics = syncTopics(db, config);
    if (!dryRun) {
      reconcile(db, paths, iso());
      finishRemovals(db, paths);
    }
    return await body({ config, paths, policy, db, fetcher, renderer, topics, summary, report, now, started, iso, dryRun });
  } finally {
    summary.render.refusedRequests = renderer.stats().refused;
    await renderer.close();
    await fetcher.close();
    db.close();
    summary.durationMs = now() - started;
  }
}

/**
 * Publishes what is ready, in two steps a killed run can resume: the plan (committed by a save),
 * then the files. `config` may hold fewer topics than the run (crawl --topic); `only` limits it to
 * these article ids (npm run add). Returns how many articles each planned topic got.
 */
export function publishReady(run: RunSession, config: Config, only?: number[]): Map<string, number> {
  const { db, paths, topics } = run;
  run.report({ type: 'phase', phase: 'publish' });
  const plan = planPublication(db, config, paths, topics, run.iso(), only);
  if (plan.total > 0) db.save();
  crashpoint('publish:planned');
  run.summary.published = writePublishing(db, paths, run.iso());
  crashpoint('publish:files-written');
  return plan.byTopic;
}

/**
 * What crawling one page needs from the run (crawl-page.ts), but the processor, which the caller
 * chooses (a pool for a crawl, inline for npm run add): the page's topic, rules and options looked
 * up by its row, and the dedup settings.
 */
export function pageContext(run: RunSession, options: { force?: boolean } = {}): Omit<PageContext, 'processor'> {
  const { db, config, topics } = run;
  const threshold = config.quality.nearDuplicateThreshold;
  const scoped = scopesByUrl(db, config);
  const topicById = new Map(config.topics.map((t) => [topics.get(t.slug)!.id, t]));
  return {
    db, config,
    fetcher: run.fetcher, paths: run.paths, policy: run.policy, summary: run.summary, report: run.report, nowMs: run.now, renderer: run.renderer,
    force: options.force ?? false,
    dedup: { root: run.paths.root, threshold, banding: bandingFor(threshold) },
    media: new FolderAllocator(mediaEntryCounter(run.paths)),
    mediaStore: readMediaStore(run.paths),
    topic: (id) => topicById.get(id),
    rulesOf: (row) => scoped(row).rules,
    pageOptions: (row) => scoped(row).page,
  };
}

/**
 * Records the run (its counts from the summary) and saves. A run that found nothing new changed
 * only bookkeeping: the state keeps it locally and writes no segment (store/bookkeeping.ts).
 */
export function saveRun(run: RunSession, status: string): void {
  run.report({ type: 'phase', phase: 'save' });
  const { discovered, requeued, fetched, articles, published, rejected, failed } = run.summary;
  const stats: RunRecord['stats'] = { discovered, requeued, fetched, articles, published, rejected, failed };
  recordRun(run.db, { startedAt: new Date(run.started).toISOString(), finishedAt: run.iso(), status, stats });
  run.db.save();
  run.summary.saved = stateInfo(run.db)?.written ?? true;
}
