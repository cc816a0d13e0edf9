import type { Config } from '../config/index.ts';
import type { SitePaths } from '../paths.ts';
import { articleById, articleOfUrl } from '../store/articles.ts';
import { topicSlugsById, type TopicRow } from '../store/topics.ts';
import { discoverUrl, requeueUrl } from '../store/url-state.ts';
import { urlByAddress, urlById } from '../store/urls.ts';
import { removedAddress, type RemovalRow } from '../store/removals.ts';
import type { Database } from '../store/database.ts';
import { addressKeys, normalizeUrl, type UrlPolicy } from '../url/index.ts';
import { crawlPage } from './crawl-page.ts';
import { unknownTopicError } from '../errors.ts';
import { inlineProcessor } from '../process/pool.ts';
import type { RunSummary } from './summary.ts';
import { pageContext, publishReady, saveRun, withRunSession, type RunSessionOptions } from './run-session.ts';

// The pipeline for URLs given by hand (npm run add, pacman -S): each goes through the same
// pieces as a crawled one (the URL policy, the fetcher with robots.txt, the address guard and its
// caps, processing, dedup, storing, publishing, a segment), now, without waiting for a source.

export interface GivenUrlsOptions extends Omit<RunSessionOptions, 'dryRun'> {
  urls: string[];
  /** The topic they go to (its slug). */
  topic: string;
  /** Skip the quality filters (too short, too long, noise…); never the guards. */
  force?: boolean;
}

export type GivenUrlResult =
  | { url: string; outcome: 'published' | 'already'; article: string; file: string }
  | { url: string; outcome: 'duplicate'; of: string; detail: string }
  | { url: string; outcome: 'rejected'; reason: string; detail: string }
  | { url: string; outcome: 'failed'; code: string; detail: string };

export interface GivenUrlsRun {
  results: GivenUrlResult[];
  summary: RunSummary;
}

export async function runGivenUrls(config: Config, paths: SitePaths, options: GivenUrlsOptions): Promise<GivenUrlsRun> {
  if (!config.topics.some((t) => t.slug === options.topic)) throw unknownTopicError(config, [options.topic]);
  return withRunSession(config, paths, options, async (run) => {
    const { db, topics, summary, report, policy } = run;
    const topic = topics.get(options.topic)!;
    const slugOf = topicSlugsById(db);
    const results = new Map<string, GivenUrlResult>();
    const admitted = new Map<string, number>();
    for (const input of options.urls) {
      const a = admit(db, topic, slugOf, input, policy, run.iso());
      if ('result' in a) results.set(input, a.result);
      else admitted.set(input, a.urlId);
    }
    const ids = [...new Set(admitted.values())];
    // One whose article is stored already (waiting to be published) is published, not fetched again.
    const rows = ids.filter((id) => !articleOfUrl(db, id));

    report({ type: 'phase', phase: 'fetch', total: rows.length });
    // The owner's rules, rendering and archiving apply to an added page as to a crawled one (--force skips only the quality filters).
    const ctx = { ...pageContext(run, { force: options.force }), processor: inlineProcessor() };
    for (const id of rows) await crawlPage(urlById(db, id)!, ctx);

    const extracted = ids.map((id) => articleOfUrl(db, id)).filter((a) => a?.status === 'ready').map((a) => a!.id);
    for (const [slug, count] of publishReady(run, config, extracted)) if (count) summary.publishedByTopic[slug] = count;

    for (const [input, urlId] of admitted) results.set(input, outcomeOf(db, slugOf, input, urlId));
    saveRun(run, 'complete:add');
    return { results: options.urls.map((u) => results.get(u)!), summary };
  });
}

/** A given URL's row, queued for fetching now; or what it already is. */
function admit(db: Database, topic: TopicRow, slugOf: Map<number, string>, input: string, policy: UrlPolicy, now: string): { urlId: number } | { result: GivenUrlResult } {
  const normalized = normalizeUrl(input, { policy });
  if (!normalized.ok) return { result: { url: input, outcome: 'rejected', reason: normalized.code, detail: normalized.message } };
  const url = normalized.url;
  const existing = urlByAddress(db, url);
  if (existing?.state === 'removed') return { result: removedResult(url, removedAddress(db, addressKeys(url))) };
  if (existing) {
    const article = articleOfUrl(db, existing.id);
    if (article && article.status !== 'ready' && article.file) {
      return { result: { url, outcome: 'already', article: `${slugOf.get(article.topic_id)}/${article.slug}`, file: article.file } };
    }
    if (!article) requeueUrl(db, existing.id, topic.id, now);
    return { urlId: existing.id };
  }
  const added = discoverUrl(db, { url, topicId: topic.id, sourceId: null }, now);
  return added.removal ? { result: removedResult(url, added.removal) } : { urlId: added.id };
}

function removedResult(url: string, removal: RemovalRow | undefined): GivenUrlResult {
  return { url, outcome: 'rejected', reason: 'removed', detail: removal ? `taken down on ${removal.removed_at.slice(0, 10)}: ${removal.reason}` : 'taken down' };
}

function outcomeOf(db: Database, slugOf: Map<number, string>, input: string, urlId: number): GivenUrlResult {
  const row = urlById(db, urlId)!;
  const article = articleOfUrl(db, urlId);
  if (row.state === 'published' && article?.file) return { url: row.url, outcome: 'published', article: `${slugOf.get(article.topic_id)}/${article.slug}`, file: article.file };
  if (row.state === 'failed') return { url: row.url, outcome: 'failed', code: row.error_code ?? 'E_INTERNAL', detail: row.detail ?? '' };
  if (row.state === 'rejected' && row.duplicate_of !== null && row.reason !== 'quoted_only') {
    const twin = articleOfUrl(db, row.duplicate_of);
    const of = twin?.slug ? `${slugOf.get(twin.topic_id)}/${twin.slug}` : twin ? `article #${twin.id} (not published yet)` : (urlById(db, row.duplicate_of)?.url ?? `#${row.duplicate_of}`);
    return { url: row.url, outcome: 'duplicate', of, detail: `${row.reason}: ${row.detail ?? ''}` };
  }
  if (row.state === 'rejected') return { url: row.url, outcome: 'rejected', reason: row.reason ?? 'rejected', detail: row.detail ?? '' };
  const waiting = article ? articleById(db, article.id) : undefined;
  return { url: row.url || input, outcome: 'failed', code: 'E_INTERNAL', detail: `left in state ${row.state}${waiting ? ` (article ${waiting.status})` : ''}` };
}
