import type { UserConfig } from '../../../crawler/config/index.ts';
import { INDEX_FEED } from './hosts.ts';
import type { HostileWeb } from './server.ts';

// The site config for crawling the hostile web: one topic whose sources are the index feed (it
// lists every page route) and every feed, sitemap and site route. `fast` shortens timeouts and
// drops retries and politeness delays so a test run takes seconds; otherwise every limit keeps
// the default a real site gets.

export const HOSTILE_TOPIC = 'hostile';

/**
 * Test settings: each slow route fails within a few seconds, once. Pages are processed in a
 * worker thread: with timeouts this short, seconds of extraction on the main thread (the
 * pathological page) would make other requests in flight time out with it.
 */
// Short enough that stalling routes fail in seconds, long enough that a loaded CI machine
// running other suites in parallel does not time out honest localhost responses. The total
// (got's request timer) is the one a busy crawl process can eat: it fires as soon as the event
// loop is back, before reading a response that arrived meanwhile (the connect and response timers
// wait one turn for it). At load 15 on 2 cores the main thread still stalls for up to ~3 s at a
// time, so it gets several times that.
export const FAST_CRAWL = {
  processWorkers: 1,
  connectTimeoutMs: 3000,
  responseTimeoutMs: 5000,
  totalTimeoutMs: 15_000,
  // The pathological page is ~6 s of extractor work alone; at load 17 it took 73 s, past the
  // default 60 s. No route waits for this limit: it only has to outlast honest work.
  processTimeoutMs: 300_000,
  retries: 0,
  perHostDelayMs: 0,
  maxRetryAfterMs: 1000,
  // The run takes ~12 s alone and 3 minutes at load 19; this bound is only a backstop.
  maxMinutesPerRun: 10,
} as const;

export function hostileConfig(web: Pick<HostileWeb, 'resolve' | 'privateHosts' | 'routes'>, options: { fast?: boolean } = {}): UserConfig {
  const sources = [
    INDEX_FEED,
    ...web.routes.filter((r) => r.kind !== 'page').map((r) => (r.kind === 'feed' ? r.url : { kind: r.kind, url: r.url })),
  ];
  return {
    site: { title: 'Hostile web', url: 'http://localhost:4321', description: 'What Gleaner publishes from a web that attacks it.' },
    topics: [{ slug: HOSTILE_TOPIC, name: 'Hostile', description: 'Pages that survived the hostile web.', keywords: ['harbor'], sources: sources as UserConfig['topics'][number]['sources'] }],
    // Every published article in every feed: the safety test reads the feeds' HTML of each one.
    publish: { perTopicPerRun: 500, feedItems: 500 },
    crawl: {
      resolve: { ...web.resolve },
      privateHosts: [...web.privateHosts],
      ...(options.fast ? FAST_CRAWL : {}),
    },
  };
}
