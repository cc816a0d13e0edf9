import type { Config } from '../config/index.ts';
import type { SitePaths } from '../paths.ts';
import { createFetcher } from '../fetch/index.ts';
import { createRenderer } from '../render/renderer.ts';
import type { UrlPolicy } from '../url/index.ts';
import { openState } from '../store/state.ts';
import { syncTopics, type TopicRow } from '../store/topics.ts';
import { activeSources, syncSources, type SourceRow } from '../store/sources.ts';
import { countByState, urlsDue } from '../store/urls.ts';
import { backlogByTopic, publishedSince } from '../store/articles.ts';
import { recordRun, type RunRecord } from '../store/runs.ts';
import { isDue, type DiscoveryContext } from '../discover/index.ts';
import { planPublication, reconcile, writePublishing } from '../publish/index.ts';
import { GleanerError } from '../errors.ts';
import { discoverSources } from './discover-phase.ts';
import { runFetchPhase } from './fetch-phase.ts';
import { preflight } from './preflight.ts';
import { rescheduleRead } from './reschedule.ts';
import { emptySummary, type RunSummary } from './summary.ts';
import { silent, type Reporter } from './events.ts';
import { crashpoint } from '../crashpoint.ts';
import { FolderAllocator } from '../publish/folders.ts';
import { iconCandidates, refreshSourceIcons } from '../images/source-icons.ts';
import { SEARCH_SOURCE_URL } from '../store/sources.ts';
import { finishRemovals } from '../remove/index.ts';

export type { RunSummary } from './summary.ts';
export type { CrawlEvent, Reporter } from './events.ts';
export { runGivenUrls, type GivenUrlResult, type GivenUrlsRun } from './given-urls.ts';

export interface CrawlOptions {
  /** Only these topic slugs. */
  topics?: string[];
  /** Only sources whose URL contains one of these strings (schedules are ignored for them). */
  sources?: string[];
  /** Overrides config.crawl.maxPagesPerRun. */
  maxPages?: number;
  /** Discover and report; write nothing (no database, no content, no media). */
  dryRun?: boolean;
  /** Re-read sources ignoring cache lifetimes and schedules (conditional requests are still sent). */
  refresh?: boolean;
  /** Injectable clock (epoch ms): schedules, retries, cache lifetimes and the time bound follow it. */
  now?: () => number;
  /**
   * Save the database when this much real time has passed since the last save (default 60 s), so
   * a killed long run loses at most about that much work. Time rather than a page count: a save
   * rewrites the whole file, and its cost grows with the database.
   */
  checkpointMs?: number;
  reporter?: Reporter;
}

/** How many of the URLs a dry run would fetch it lists. */
const DRY_RUN_LISTED = 50;

export function urlPolicy(config: Config): UrlPolicy {
  return { allowPrivate: config.crawl.allowPrivateAddresses, privateHosts: config.crawl.privateHosts };
}

/**
 * One crawl run: discover → fetch → process → dedup → store → publish → save. Bounded by
 * crawl.maxPagesPerRun (or options.maxPages) and crawl.maxMinutesPerRun: at a bound it stops
 * starting work, lets what is in flight finish, publishes and saves; the next run carries on
 * from the queue. A run that finds nothing new writes nothing (no segment, no file).
 */
export async function runCrawl(config: Config, paths: SitePaths, options: CrawlOptions = {}): Promise<RunSummary> {
  const now = options.now ?? Date.now;
  const started = now();
  const report = options.reporter ?? silent;
  const dryRun = options.dryRun ?? false;
  const summary = emptySummary(dryRun);
  const iso = () => new Date(now()).toISOString();
  const deadline = started + config.crawl.maxMinutesPerRun * 60_000;

  preflight(paths, dryRun);
  const db = await openState(paths, { readOnly: dryRun, nowMs: started, nearDuplicateThreshold: config.quality.nearDuplicateThreshold });
  const fetcher = createFetcher({ ...config.crawl, now });
  // Chromium starts only when a page first needs it.
  const renderer = createRenderer({ settings: config.crawl, policy: urlPolicy(config), log: (message) => report({ type: 'note', message }), now });
  try {
    const topics = syncTopics(db, config);
    syncSources(db, config, topics);
    const selectedTopics = selectTopics(config, topics, options.topics);
    if (!dryRun) {
      reconcile(db, paths, topics, iso());
      finishRemovals(db, paths);
    }

    const policy = urlPolicy(config);
    const backlog = backlogByTopic(db);
    const topicById = new Map(config.topics.map((t) => [topics.get(t.slug)!.id, t]));
    const ctx: DiscoveryContext = {
      db,
      fetcher,
      config,
      policy,
      nowMs: now,
      refresh: options.refresh ?? false,
      backlog: (id) => backlog.get(id) ?? 0,
      topic: (id) => topicById.get(id),
    };

    // Discover.
    const sources = selectSources(activeSources(db), selectedTopics, options.sources);
    const due = sources.filter((s) => options.refresh || options.sources?.length || isDue(s.next_due_at, now()));
    summary.sources.notDue = sources.length - due.length;
    report({ type: 'phase', phase: 'discover', total: due.length });
    const outcomes = await discoverSources(ctx, due, { deadline, report, summary });

    if (dryRun) {
      const queue = urlsDue(db, iso(), { topicIds: [...selectedTopics] });
      summary.pending = queue.length;
      for (const row of queue.slice(0, DRY_RUN_LISTED)) report({ type: 'note', message: `would fetch ${row.url}` });
      if (queue.length > DRY_RUN_LISTED) report({ type: 'note', message: `… and ${queue.length - DRY_RUN_LISTED} more` });
    } else {
      await runFetchPhase(db, { config, paths, policy, fetcher, summary, report, now, deadline, topicIds: [...selectedTopics], topic: (id) => topicById.get(id), renderer, maxPages: options.maxPages, checkpointMs: options.checkpointMs });

      // Publish: plan (committed by a save), then write files, then save again.
      report({ type: 'phase', phase: 'publish' });
      const publishing = { ...config, topics: config.topics.filter((t) => selectedTopics.has(topics.get(t.slug)!.id)) };
      const plan = planPublication(db, publishing, paths, topics, iso());
      if (plan.total > 0) db.save();
      crashpoint('publish:planned');
      summary.published = writePublishing(db, paths, topics, iso());
      crashpoint('publish:files-written');
      for (const [topic, count] of plan.byTopic) {
        summary.publishedByTopic[topic] = count;
        if (count) report({ type: 'published', topic, count });
      }

      if (now() < deadline) {
        // Hosts of this run's articles and of the configured sources: never every article.
        const published = publishedSince(db, new Date(started).toISOString());
        const configured = sources.filter((s) => s.url !== SEARCH_SOURCE_URL).map((s) => ({ url: s.url }));
        await refreshSourceIcons({ db, fetcher, paths, policy, media: new FolderAllocator(), now }, iconCandidates([...published, ...configured]));
      }

      rescheduleRead(db, config, outcomes, backlogByTopic(db), now());
      report({ type: 'phase', phase: 'save' });
      if (db.changed) {
        recordRun(db, runRecord(started, now(), summary));
        db.save();
        summary.saved = true;
      }
    }
    summary.totals = countByState(db);
  } finally {
    summary.render.refusedRequests = renderer.stats().refused;
    await renderer.close();
    await fetcher.close();
    db.close();
  }
  summary.durationMs = now() - started;
  return summary;
}

function selectTopics(config: Config, topics: Map<string, TopicRow>, wanted: string[] | undefined): Set<number> {
  if (!wanted?.length) return new Set(config.topics.map((t) => topics.get(t.slug)!.id));
  const unknown = wanted.filter((slug) => !config.topics.some((t) => t.slug === slug));
  if (unknown.length) {
    throw new GleanerError('E_TOPIC', `unknown topic ${unknown.map((s) => `"${s}"`).join(', ')}; the config has ${config.topics.map((t) => t.slug).join(', ')}`);
  }
  return new Set(wanted.map((slug) => topics.get(slug)!.id));
}

function selectSources(sources: SourceRow[], topicIds: Set<number>, needles: string[] | undefined): SourceRow[] {
  return sources.filter((s) => topicIds.has(s.topic_id) && (!needles?.length || needles.some((needle) => s.url.includes(needle))));
}

function runRecord(startedMs: number, endedMs: number, summary: RunSummary): RunRecord {
  return {
    startedAt: new Date(startedMs).toISOString(),
    finishedAt: new Date(endedMs).toISOString(),
    status: summary.stoppedBy ? `stopped:${summary.stoppedBy}` : 'complete',
    stats: { discovered: summary.discovered, requeued: summary.requeued, fetched: summary.fetched, articles: summary.articles, published: summary.published, rejected: summary.rejected, failed: summary.failed },
  };
}
