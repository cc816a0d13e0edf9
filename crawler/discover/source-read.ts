import type { CacheValidators, FetchKind } from '../fetch/index.ts';
import { describeSourceFailure, type SourceFailure } from '../errors.ts';
import type { SourceRow } from '../store/sources.ts';
import { nextDueAt } from './schedule.ts';
import type { DiscoveryContext, SourceOutcome } from './types.ts';

// What every source kind shares: fetching its document with the source's cache validators, and
// booking the read (ctx.found.read; quietly: bookkeeping alone never makes a run save the database).

export type SourceDocument =
  | { type: 'ok'; text: string; body: Buffer; finalUrl: string; contentType: string; validators: CacheValidators }
  | { type: 'done'; outcome: SourceOutcome };

/** Fetches a source's own document (conditional GET); anything but a fresh 200 finishes the read. */
export async function fetchSourceDocument(ctx: DiscoveryContext, source: SourceRow, url = source.url, kind: FetchKind = 'feed'): Promise<SourceDocument> {
  const outcome = await ctx.fetcher.fetch({
    url,
    kind,
    refresh: ctx.refresh,
    validators: { etag: source.etag, lastModified: source.last_modified, expiresAt: source.expires_at },
  });
  switch (outcome.type) {
    case 'fresh':
      return { type: 'done', outcome: finishRead(ctx, source, { status: 'fresh' }) };
    case 'not-modified':
      return { type: 'done', outcome: finishRead(ctx, source, { status: 'not-modified' }, { validators: outcome.validators }) };
    case 'rejected':
      return { type: 'done', outcome: failRead(ctx, source, { reason: outcome.reason, message: outcome.detail }) };
    case 'error':
      return { type: 'done', outcome: failRead(ctx, source, { code: outcome.failure.code, message: outcome.failure.message }) };
    case 'ok':
      return { type: 'ok', text: outcome.text ?? outcome.body.toString('utf8'), body: outcome.body, finalUrl: outcome.finalUrl, contentType: outcome.contentType, validators: outcome.validators };
  }
}

export interface ReadExtras {
  validators?: CacheValidators;
  /** The source's new cursor (sitemap high-water mark, search position); undefined keeps the old one. */
  cursor?: string;
  /** The document was not fully used (a capped or partial sitemap walk): the next read must not get a 304 or skip it as fresh. */
  incomplete?: boolean;
  /** The document's own title (a feed's: what its site calls itself, crawler/url/source-name.ts). */
  title?: string | null;
}

/** A string field of a source's JSON cursor (`{"highWater": …}`, `{"last": …}`); null when absent or unreadable. */
export function cursorField(cursor: string | null, field: string): string | null {
  if (!cursor) return null;
  try {
    const value = (JSON.parse(cursor) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Records a read that failed (its code or reason apart from its message) and returns its outcome, the failure in one line as its detail. */
export function failRead(ctx: DiscoveryContext, source: SourceRow, failure: SourceFailure): SourceOutcome {
  return finishRead(ctx, source, { status: 'failed', failure, detail: describeSourceFailure(failure) });
}

/** Records a read and returns its outcome; a failed one records `result.failure`. */
export function finishRead(
  ctx: DiscoveryContext,
  source: SourceRow,
  result: Partial<Omit<SourceOutcome, 'source'>> & Pick<SourceOutcome, 'status'>,
  extras: ReadExtras = {},
): SourceOutcome {
  const nowMs = ctx.nowMs();
  const failed = result.status === 'failed';
  const { validators } = extras;
  ctx.found.read(source, {
    now: new Date(nowMs).toISOString(),
    nextDueAt: nextDueAt({
      nowMs,
      backlog: ctx.backlog(source.topic_id),
      perTopicPerRun: ctx.config.publish.perTopicPerRun,
      backlogIntervalMinutes: ctx.config.crawl.backlogIntervalMinutes,
      consecutiveFailures: failed ? source.consecutive_failures + 1 : 0,
    }),
    status: result.status,
    failure: failed ? (result.failure ?? null) : null,
    etag: validators?.etag ?? null,
    lastModified: validators?.lastModified ?? null,
    expiresAt: extras.incomplete ? null : validators ? (validators.expiresAt ?? null) : source.expires_at,
    forgetValidators: extras.incomplete ?? false,
    itemsSeen: result.items ?? 0,
    cursor: extras.cursor ?? null,
    title: extras.title ?? null,
    failed,
  });
  return { items: 0, newUrls: 0, requeued: 0, ...result, source };
}
