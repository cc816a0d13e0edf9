import type { Config } from '../config/index.ts';
import type { SitePaths } from '../paths.ts';
import { activeSources, syncSources, SEARCH_SOURCE_URL, type SourceRow } from '../store/sources.ts';
import { countByState, urlsDue } from '../store/urls.ts';
import { backlogByTopic, publishedSince } from '../store/articles.ts';
import { isDue, type DiscoveryContext } from '../discover/index.ts';
import { unknownTopicError } from '../errors.ts';
import { discoverSources } from './discover-phase.ts';
import { discoverySink } from './discovery-sink.ts';
import { runFetchPhase } from './fetch-phase.ts';
import { rescheduleRead } from './reschedule.ts';
import type { RunSummary } from './summary.ts';
import { FolderAllocator } from '../publish/folders.ts';
import { iconCandidates, refreshSourceIcons } from '../images/source-icons.ts';
import { publishReady, saveRun, withRunSession, type RunSessionOptions } from './run-session.ts';

export type { RunSummary } from './summary.ts';
export type { CrawlEvent, Reporter } from './events.ts';
export { runGivenUrls, type GivenUrlResult, type GivenUrlsRun } from './given-urls.ts';
export { urlPolicy } from './run-session.ts';

export interface CrawlOptions extends RunSessionOptions {
  /** Only these topic slugs. */
  topics?: string[];
  /** Only sources whose URL contains one of these strings (schedules are ignored for them). */
  sources?: string[];
  /** Overrides config.crawl.maxPagesPerRun. */
  maxPages?: number;
  /** Re-read sources ignoring cache lifetimes and schedules (conditional requests are still sent). */
  refresh?: boolean;
  /**
   * Save the database when this much real time has passed since the last save (default 60 s), so
   * a killed long run loses at most about that much work. Time rather than a page count: a save
   * rewrites the whole file, and its cost grows with the database.
   */
  checkpointMs?: number;
}

/** How many of the URLs a dry run would fetch it lists. */
const DRY_RUN_LISTED = 50;

/**
 * One crawl run: discover → fetch → process → dedup → store → publish → save. Bounded by
 * crawl.maxPagesPerRun (or options.maxPages) and crawl.maxMinutesPerRun: at a bound it stops
 * starting work, lets what is in flight finish, publishes and saves; the next run carries on
 * from the queue. A run that finds nothing new writes nothing (no segment, no file).
 */
export async function runCrawl(config: Config, paths: SitePaths, options: CrawlOptions = {}): Promise<RunSummary> {
  const wanted = knownTopics(config, options.topics);
  return withRunSession(config, paths, options, async (run) => {
    const { db, topics, summary, report, now } = run;
    const deadline = run.started + config.crawl.maxMinutesPerRun * 60_000;
    syncSources(db, config, topics);
    const selectedTopics = new Set(wanted.map((slug) => topics.get(slug)!.id));

    const backlog = backlogByTopic(db);
    const topicById = new Map(config.topics.map((t) => [topics.get(t.slug)!.id, t]));
    const ctx: DiscoveryContext = {
      found: discoverySink(db, {
        config,
        policy: run.policy,
        nowMs: now,
        onRemoved: (source, url, detail) => {
          summary.skippedRemoved++;
          report({ type: 'removed', url, source: source.url, detail });
        },
      }),
      fetcher: run.fetcher,
      config,
      policy: run.policy,
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

    if (run.dryRun) {
      const queue = urlsDue(db, run.iso(), { topicIds: [...selectedTopics] });
      summary.pending = queue.length;
      for (const row of queue.slice(0, DRY_RUN_LISTED)) report({ type: 'note', message: `would fetch ${row.url}` });
      if (queue.length > DRY_RUN_LISTED) report({ type: 'note', message: `… and ${queue.length - DRY_RUN_LISTED} more` });
    } else {
      await runFetchPhase(run, { deadline, topicIds: [...selectedTopics], maxPages: options.maxPages, checkpointMs: options.checkpointMs });

      const publishing = { ...config, topics: config.topics.filter((t) => selectedTopics.has(topics.get(t.slug)!.id)) };
      for (const [topic, count] of publishReady(run, publishing)) {
        summary.publishedByTopic[topic] = count;
        if (count) report({ type: 'published', topic, count });
      }

      if (now() < deadline) {
        // Hosts of this run's articles and of the configured sources: never every article.
        const published = publishedSince(db, new Date(run.started).toISOString());
        const configured = sources.filter((s) => s.url !== SEARCH_SOURCE_URL).map((s) => ({ url: s.url }));
        await refreshSourceIcons({ db, fetcher: run.fetcher, paths, policy: run.policy, media: new FolderAllocator(), now }, iconCandidates([...published, ...configured]));
      }

      rescheduleRead(db, config, outcomes, backlogByTopic(db), now());
      saveRun(run, summary.stoppedBy ? `stopped:${summary.stoppedBy}` : 'complete');
    }
    summary.totals = countByState(db);
    return summary;
  });
}

/** The topic slugs a run works on (all when none are named); an unknown one is refused before anything opens. */
function knownTopics(config: Config, wanted: string[] | undefined): string[] {
  if (!wanted?.length) return config.topics.map((t) => t.slug);
  const unknown = wanted.filter((slug) => !config.topics.some((t) => t.slug === slug));
  if (unknown.length) throw unknownTopicError(config, unknown);
  return wanted;
}

function selectSources(sources: SourceRow[], topicIds: Set<number>, needles: string[] | undefined): SourceRow[] {
  return sources.filter((s) => topicIds.has(s.topic_id) && (!needles?.length || needles.some((needle) => s.url.includes(needle))));
}
