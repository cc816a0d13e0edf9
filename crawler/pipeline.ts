import { existsSync, mkdirSync, accessSync, constants } from 'node:fs';
import type { Config } from './config/index.ts';
import type { SitePaths } from './paths.ts';
import { createFetcher, type Fetcher } from './fetch/index.ts';
import type { UrlPolicy } from './url/index.ts';
import { openDatabase, StoreError, type Database } from './store/database.ts';
import { syncTopics, type TopicRow } from './store/topics.ts';
import { activeSources, syncSources } from './store/sources.ts';
import { countByState, markFailed, markFetched, markRejected, urlsDue, type UrlRow } from './store/urls.ts';
import { backlogByTopic } from './store/articles.ts';
import { readSource, type DiscoveryContext } from './discover/index.ts';
import { isDue } from './discover/schedule.ts';
import { processPage } from './process-page.ts';
import { countContentFiles, planPublication, reconcile, writePublishing } from './publish/index.ts';
import { acceptArticle } from './pipeline/accept.ts';
import { NearDuplicateIndex } from './pipeline/dedup-index.ts';
import { fetchLeadImage } from './pipeline/lead-image.ts';
import { bump, countSource, emptySummary, type RunSummary } from './pipeline/summary.ts';
import { silent, type Reporter } from './pipeline/events.ts';

export type { RunSummary } from './pipeline/summary.ts';
export type { CrawlEvent, Reporter } from './pipeline/events.ts';

export interface CrawlOptions {
  /** Only these topic slugs. */
  topics?: string[];
  /** Only sources whose URL contains one of these strings. */
  sources?: string[];
  /** Overrides config.crawl.maxPagesPerRun. */
  maxPages?: number;
  /** Discover and report; write nothing. */
  dryRun?: boolean;
  /** Re-read sources ignoring cache lifetimes (conditional requests are still sent). */
  refresh?: boolean;
  /** Injectable clock (epoch ms). */
  now?: () => number;
  /** Save the database every this many pages, so a killed long run loses little. */
  checkpointEvery?: number;
  reporter?: Reporter;
}

export class CrawlError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'CrawlError';
    this.code = code;
  }
}

export function urlPolicy(config: Config): UrlPolicy {
  return { allowPrivate: config.crawl.allowPrivateAddresses, privateHosts: config.crawl.privateHosts };
}

/** One crawl run: discover → fetch → process → dedup → store → publish → save. */
export async function runCrawl(config: Config, paths: SitePaths, options: CrawlOptions = {}): Promise<RunSummary> {
  const now = options.now ?? Date.now;
  const started = now();
  const report = options.reporter ?? silent;
  const dryRun = options.dryRun ?? false;
  const summary = emptySummary(dryRun);
  const iso = () => new Date(now()).toISOString();

  preflight(paths, dryRun);
  const db = await openDatabase(paths.database);
  const fetcher = createFetcher({ ...config.crawl });
  try {
    const topics = syncTopics(db, config);
    syncSources(db, config, topics);
    const selectedTopics = selectTopics(config, topics, options.topics);
    if (!dryRun) reconcile(db, paths, topics, iso());

    const policy = urlPolicy(config);
    const deadline = started + config.crawl.maxMinutesPerRun * 60_000;
    const backlog = backlogByTopic(db);
    const ctx: DiscoveryContext = { db, fetcher, config, policy, nowMs: now, refresh: options.refresh ?? false, backlog: (id) => backlog.get(id) ?? 0 };

    // Discover.
    const sources = activeSources(db).filter(
      (s) => selectedTopics.has(s.topic_id) && (!options.sources?.length || options.sources.some((needle) => s.url.includes(needle))),
    );
    const due = sources.filter((s) => options.refresh || options.sources?.length || isDue(s.next_due_at, now()));
    summary.sources.notDue = sources.length - due.length;
    report({ type: 'phase', phase: 'discover', total: due.length });
    await Promise.all(
      due.map(async (source) => {
        const outcome = await readSource(ctx, source);
        countSource(summary, outcome);
        report({ type: 'source', outcome });
      }),
    );

    if (!dryRun) {
      // Fetch and process.
      const maxPages = options.maxPages ?? config.crawl.maxPagesPerRun;
      const queue = urlsDue(db, iso(), { topicIds: [...selectedTopics] });
      if (queue.length > maxPages) summary.stoppedBy = 'max-pages';
      const work = queue.slice(0, maxPages);
      report({ type: 'phase', phase: 'fetch', total: work.length });
      const near = NearDuplicateIndex.load(db, config.quality.nearDuplicateThreshold);
      let done = 0;
      const checkpointEvery = options.checkpointEvery ?? 100;
      await runPool(work, config.crawl.concurrency, async (row) => {
        if (now() > deadline) {
          summary.stoppedBy = 'time';
          return;
        }
        await crawlPage(row, { db, fetcher, config, paths, policy, near, summary, report, iso });
        if (++done % checkpointEvery === 0 && db.changed) db.save();
      });

      // Publish: plan (committed by a save), then write files, then save again.
      report({ type: 'phase', phase: 'publish' });
      const plan = planPublication(db, config, new Map([...topics].filter(([, t]) => selectedTopics.has(t.id))), iso());
      if (plan.total > 0) db.save();
      summary.published = writePublishing(db, paths, topics, iso());
      for (const [topic, count] of plan.byTopic) {
        summary.publishedByTopic[topic] = count;
        if (count) report({ type: 'published', topic, count });
      }
      report({ type: 'phase', phase: 'save' });
      if (db.changed) {
        recordRun(db, started, now(), summary);
        db.save();
        summary.saved = true;
      }
    }
    summary.totals = countByState(db);
  } finally {
    await fetcher.close();
    db.close();
  }
  summary.durationMs = now() - started;
  return summary;
}

function preflight(paths: SitePaths, dryRun: boolean): void {
  if (!existsSync(paths.database) && countContentFiles(paths) > 0) {
    throw new CrawlError(
      'E_STATE',
      `${paths.content} holds articles but ${paths.database} is missing. Restore the database (git checkout -- data/site.sqlite) or remove content/ to start over.`,
    );
  }
  if (dryRun) return;
  for (const dir of [paths.data, paths.content, paths.media]) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
    } catch (error) {
      throw new CrawlError('E_UNWRITABLE', `cannot write to ${dir}: ${(error as Error).message}`);
    }
  }
}

function selectTopics(config: Config, topics: Map<string, TopicRow>, wanted: string[] | undefined): Set<number> {
  if (!wanted?.length) return new Set(config.topics.map((t) => topics.get(t.slug)!.id));
  const unknown = wanted.filter((slug) => !config.topics.some((t) => t.slug === slug));
  if (unknown.length) {
    throw new CrawlError('E_TOPIC', `unknown topic ${unknown.map((s) => `"${s}"`).join(', ')}; the config has ${config.topics.map((t) => t.slug).join(', ')}`);
  }
  return new Set(wanted.map((slug) => topics.get(slug)!.id));
}

interface PageContext {
  db: Database;
  fetcher: Fetcher;
  config: Config;
  paths: SitePaths;
  policy: UrlPolicy;
  near: NearDuplicateIndex;
  summary: RunSummary;
  report: Reporter;
  iso: () => string;
}

async function crawlPage(row: UrlRow, ctx: PageContext): Promise<void> {
  const { db, summary, report } = ctx;
  const response = await ctx.fetcher.fetch({ url: row.url, kind: 'page' });
  const nowMs = Date.parse(ctx.iso());
  if (response.type === 'error') {
    markFailed(db, row, response.failure, nowMs);
    bump(summary.failed, response.failure.code);
    report({ type: 'page', url: row.url, outcome: 'failed', detail: `${response.failure.code} ${response.failure.message}` });
    return;
  }
  if (response.type === 'rejected') {
    markRejected(db, row.id, response.reason, response.detail, ctx.iso());
    bump(summary.rejected, response.reason);
    report({ type: 'page', url: row.url, outcome: 'rejected', detail: `${response.reason} ${response.detail}` });
    return;
  }
  if (response.type !== 'ok') {
    report({ type: 'page', url: row.url, outcome: 'unchanged', detail: response.type });
    return;
  }
  summary.fetched++;
  markFetched(db, row.id, { httpStatus: response.status, finalUrl: response.finalUrl, redirects: response.redirects }, ctx.iso());

  const processed = processPage(response.text ?? response.body.toString('utf8'), response.finalUrl, {
    minWords: ctx.config.quality.minWords,
    maskProfanity: ctx.config.quality.maskProfanity,
  });
  if (processed.type === 'failed') {
    markFailed(db, row, processed.failure, nowMs); // markFetched already counted this attempt
    bump(summary.failed, processed.failure.code);
    report({ type: 'page', url: row.url, outcome: 'failed', detail: `${processed.failure.code} ${processed.failure.message}` });
    return;
  }
  if (processed.type === 'rejected') {
    markRejected(db, row.id, processed.reason, processed.detail, ctx.iso());
    bump(summary.rejected, processed.reason);
    report({ type: 'page', url: row.url, outcome: 'rejected', detail: `${processed.reason} ${processed.detail}` });
    return;
  }

  const acceptance = acceptArticle(db, row, response.finalUrl, processed.article, ctx.near, ctx.policy, ctx.iso());
  if (!acceptance.accepted) {
    bump(summary.rejected, acceptance.reason);
    report({ type: 'page', url: row.url, outcome: 'rejected', detail: `${acceptance.reason} ${acceptance.detail}` });
    return;
  }
  summary.articles += 1 - acceptance.displaced.length;
  for (const urlId of acceptance.displaced) {
    bump(summary.rejected, String(db.scalar('SELECT reason FROM urls WHERE id = ?', [urlId])));
    report({ type: 'page', url: String(db.scalar('SELECT url FROM urls WHERE id = ?', [urlId])), outcome: 'rejected', detail: `displaced by the earlier ${row.url}` });
  }
  report({ type: 'page', url: row.url, outcome: 'article', detail: processed.article.title });

  if (ctx.config.images.enabled && processed.article.image) {
    const image = await fetchLeadImage(ctx.fetcher, ctx.config, ctx.paths.media, ctx.policy, processed.article.image);
    if (image.ok) {
      db.run('UPDATE articles SET image = ? WHERE id = ?', [JSON.stringify(image.image), acceptance.articleId]);
      summary.images.stored++;
    } else {
      summary.images.failed++;
    }
  }
}

/** Runs tasks with at most `size` in flight; the fetcher itself keeps each host polite. */
async function runPool<T>(items: T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(workers);
}

function recordRun(db: Database, startedMs: number, endedMs: number, summary: RunSummary): void {
  const stats = { discovered: summary.discovered, fetched: summary.fetched, articles: summary.articles, published: summary.published, rejected: summary.rejected, failed: summary.failed };
  db.run('INSERT INTO runs (started_at, finished_at, status, stats) VALUES (?, ?, ?, ?)', [
    new Date(startedMs).toISOString(),
    new Date(endedMs).toISOString(),
    summary.stoppedBy ? `stopped:${summary.stoppedBy}` : 'complete',
    JSON.stringify(stats),
  ]);
}

export { StoreError };
