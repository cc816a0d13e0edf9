import type { SourceRow } from '../store/sources.ts';
import { readDiscourseSource } from './discourse-source.ts';
import { readFeedSource } from './feed-source.ts';
import { readOpmlSource } from './opml-source.ts';
import { readSearchSource } from './search-source.ts';
import { readSiteSource } from './site-source.ts';
import { readSitemapSource } from './sitemap-source.ts';
import type { DiscoveryContext, SourceOutcome } from './types.ts';

// Turns sources into candidate URLs. Each kind reads its document through the shared fetcher
// (conditional GET, politeness, robots) and hands what it found to the pipeline (ctx.found).

export type { AdmitCounts, DiscoveryContext, FoundSink, Link, SourceOutcome, SourceStatus } from './types.ts';
export { isDue, nextDueAt } from './schedule.ts';

export function readSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  switch (source.kind) {
    case 'feed':
      return readFeedSource(ctx, source);
    case 'sitemap':
      return readSitemapSource(ctx, source);
    case 'site':
      return readSiteSource(ctx, source);
    case 'discourse':
      return readDiscourseSource(ctx, source);
    case 'search':
      return readSearchSource(ctx, source);
    case 'opml':
      return readOpmlSource(ctx, source);
  }
}

/** A source's outcome and those of the feeds it added (site and OPML sources), flattened. */
export function allOutcomes(outcome: SourceOutcome): SourceOutcome[] {
  return [outcome, ...(outcome.feeds ?? []).flatMap(allOutcomes)];
}
