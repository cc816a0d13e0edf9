import { allOutcomes, readSource, type DiscoveryContext, type SourceOutcome } from '../discover/index.ts';
import type { SourceRow } from '../store/sources.ts';
import type { Reporter } from './events.ts';
import { countSource, type RunSummary } from './summary.ts';
import { crashpoint } from '../crashpoint.ts';

export interface DiscoverPhaseOptions {
  /** Epoch ms after which no further source is started (the run's time bound). */
  deadline: number;
  report: Reporter;
  summary: RunSummary;
}

/**
 * Reads the due sources. Feeds, sitemaps, sites and forums run side by side (the fetcher keeps
 * each host polite). Search sources run one after another, topics with the fewest unpublished
 * articles first: a URL that matches several topics belongs to the first that finds it, so the
 * topics that most need articles get them. Returns every outcome, feeds added by sites included.
 */
export async function discoverSources(ctx: DiscoveryContext, sources: SourceRow[], options: DiscoverPhaseOptions): Promise<SourceOutcome[]> {
  const outcomes: SourceOutcome[] = [];
  const read = async (source: SourceRow): Promise<void> => {
    if (ctx.nowMs() > options.deadline) {
      options.summary.sources.skipped++;
      options.summary.stoppedBy ??= 'time';
      return;
    }
    for (const outcome of allOutcomes(await readSource(ctx, source))) {
      outcomes.push(outcome);
      countSource(options.summary, outcome);
      options.report({ type: 'source', outcome });
      crashpoint('discover:source-read');
    }
  };
  const searches = searchOrder(ctx, sources.filter((s) => s.kind === 'search'));
  const others = sources.filter((s) => s.kind !== 'search');
  await Promise.all([
    ...others.map(read),
    (async () => {
      for (const source of searches) await read(source);
    })(),
  ]);
  return outcomes;
}

/** Fewest unpublished articles first; ties by topic order. */
function searchOrder(ctx: Pick<DiscoveryContext, 'backlog'>, sources: SourceRow[]): SourceRow[] {
  return [...sources].sort((a, b) => ctx.backlog(a.topic_id) - ctx.backlog(b.topic_id) || a.topic_id - b.topic_id || a.id - b.id);
}
