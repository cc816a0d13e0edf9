import { fetchProblem } from '../fetch/index.ts';
import type { ErrorCode, RejectReason } from '../errors.ts';
import type { SourceRow } from '../store/sources.ts';
import { keywordRotation, parseSearchAnswer, searchUrl } from './searxng.ts';
import { cursorField, finishRead } from './source-read.ts';
import type { DiscoveryContext, SourceOutcome } from './types.ts';

interface Cursor {
  /** The keyword queried last; the next run starts after it. */
  last: string | null;
}

/**
 * Keyword search through the configured SearXNG instance. Each run asks search.keywordsPerRun of
 * the topic's keywords, round-robin from the cursor, taking search.resultsPerQuery results each.
 * When those find nothing new it goes on to the next keywords (at most once round the list): the
 * cursor is bookkeeping and is only saved with real changes, so a run that saves nothing must
 * already have asked every keyword, or the rotation would stall. The first failed query ends the
 * round (an instance that refuses or rate-limits is not pressed further).
 */
export async function readSearchSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  // The config schema refuses a search source without search.searxngUrl or without the topic's keywords.
  const base = ctx.config.search.searxngUrl!;
  const keywords = keywordRotation(ctx.topic(source.topic_id)?.keywords ?? [], cursorField(source.cursor, 'last'));

  const { keywordsPerRun, resultsPerQuery } = ctx.config.search;
  const queries: string[] = [];
  let items = 0;
  let newUrls = 0;
  let requeued = 0;
  let failure: string | null = null;
  let cause: { code: ErrorCode } | { reason: RejectReason } = { code: 'E_SOURCE' };
  for (const keyword of keywords) {
    if (queries.length >= keywordsPerRun && newUrls + requeued > 0) break;
    const outcome = await ctx.fetcher.fetch({ url: searchUrl(base, keyword), kind: 'feed', refresh: true });
    if (outcome.type !== 'ok') {
      failure = `"${keyword}": ${fetchProblem(outcome)}`;
      if (outcome.type === 'error') cause = { code: outcome.failure.code };
      if (outcome.type === 'rejected') cause = { reason: outcome.reason };
      break;
    }
    queries.push(keyword);
    const answer = parseSearchAnswer(outcome.text ?? outcome.body.toString('utf8'), resultsPerQuery);
    if (!answer.ok) {
      failure = `"${keyword}": ${answer.code} ${answer.message}`;
      cause = { code: answer.code };
      break;
    }
    const counts = ctx.found.links(source, answer.hits.map((h) => ({ url: h.url, title: h.title, published: h.published, context: 'search' as const })));
    items += answer.hits.length;
    newUrls += counts.newUrls;
    requeued += counts.requeued;
  }
  const cursor = queries.length > 0 ? JSON.stringify({ last: queries.at(-1)! } satisfies Cursor) : undefined;
  const failed = failure !== null && queries.length === 0;
  const detail = `queried ${queries.map((q) => `"${q}"`).join(', ') || 'nothing'}${failure ? `; stopped at ${failure}` : ''}`;
  if (!failed) return finishRead(ctx, source, { status: 'read', items, newUrls, requeued, queries, detail }, { cursor });
  // A failed round is recorded with the code (or reason) of the query that stopped it and the whole account as its message.
  return finishRead(ctx, source, { status: 'failed', items, newUrls, requeued, queries, detail, failure: { ...cause, message: detail } }, { cursor });
}
