import type { SourceRow } from '../store/sources.ts';
import { normalizeUrl } from '../url/index.ts';
import { readFeedSource } from './feed-source.ts';
import { allFeeds, describeProblems, parseOpml } from './opml.ts';
import { failRead, fetchSourceDocument, finishRead } from './source-read.ts';
import type { DiscoveryContext, SourceOutcome } from './types.ts';

/**
 * A published OPML list: each feed in it becomes a `feed` source of the topic (origin
 * 'autodiscovery', discovered_from this source), as a site source's advertised feeds do. Feeds
 * new to the list are read in this run, side by side like all sources (the fetcher keeps each
 * host polite); known ones keep their own schedule. At most crawl.maxFeedsPerOpml feeds are taken,
 * in list order, and the outcome says when a list was cut. A list that does not parse fails the
 * source (E_OPML_PARSE) and leaves its feeds as they were.
 */
export async function readOpmlSource(ctx: DiscoveryContext, source: SourceRow): Promise<SourceOutcome> {
  const doc = await fetchSourceDocument(ctx, source);
  if (doc.type === 'done') return doc.outcome;
  const parsed = parseOpml(doc.text);
  if (!parsed.ok) return failRead(ctx, source, { code: parsed.code, message: summarize(describeProblems(parsed.problems)) });

  const max = ctx.config.crawl.maxFeedsPerOpml;
  const feeds = allFeeds(parsed.groups);
  const notes: string[] = [];
  if (feeds.length > max) notes.push(`warning: the list has ${feeds.length} feeds, only the first ${max} are read (crawl.maxFeedsPerOpml)`);
  if (parsed.rejected.length) notes.push(`${parsed.rejected.length} skipped: ${summarize(describeProblems(parsed.rejected))}`);
  const added: SourceRow[] = [];
  for (const feed of feeds.slice(0, max)) {
    const normalized = normalizeUrl(feed.url, { policy: ctx.policy });
    if (!normalized.ok) continue;
    const { source: child, created } = ctx.found.feed(source, normalized.url);
    if (created) added.push(child);
  }
  const read = await Promise.all(added.map((child) => readFeedSource(ctx, child)));
  const detail = [`${feeds.length} feed(s) listed, ${added.length} added`, ...notes].join('; ');
  const outcome = finishRead(ctx, source, { status: 'read', items: feeds.length, detail }, { validators: doc.validators });
  return { ...outcome, feeds: read };
}

/** The first few problems; a long list's every line would drown the run's log. */
function summarize(lines: string[], max = 3): string {
  return lines.length <= max ? lines.join('; ') : `${lines.slice(0, max).join('; ')}; and ${lines.length - max} more`;
}
