import PQueue from 'p-queue';
import { createRoutes } from '../../site/model/urls.ts';
import { isFeedFile } from '../../site/outputs/feed-files.ts';

// WebSub (https://www.w3.org/TR/websub/): once a deploy has uploaded the site, the hub its feeds
// declare (config site.websubHub) is told which of them changed, so it fetches them and tells
// their subscribers. WebSub leaves that notice to the hub; the common hubs
// (pubsubhubbub.appspot.com, websubhub.com…) take a form POST of hub.mode=publish and hub.url.
// Pure plan (which feed URLs) apart from the edge (the POSTs). A hub that fails is a warning: the
// site is deployed either way, and the next deploy that changes the feed pings it again.

/** How long one ping may take; a hub answers a publish ping at once and fetches the feed later. */
export const PING_TIMEOUT_MS = 5_000;

/** The public URLs of the feeds among a deploy's uploaded files (paths under the site), in their order. */
export function changedFeedUrls(uploadedPaths: readonly string[], siteUrl: string): string[] {
  const routes = createRoutes(siteUrl);
  return uploadedPaths.filter(isFeedFile).map((path) => routes.absolute(routes.path(path)));
}

export interface PingResult {
  feed: string;
  /** Null when the hub accepted it (any 2xx); else what went wrong, after the retry. */
  problem: string | null;
}

async function pingOnce(hub: string, feed: string, timeoutMs: number): Promise<string | null> {
  try {
    const response = await fetch(hub, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': feed }).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return (error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (cause?.code ?? cause?.message ?? (error as Error).message);
  }
}

/** Pings in flight: a hub that never answers holds a deploy for feeds / PINGS_AT_ONCE × two timeouts. */
const PINGS_AT_ONCE = 6;

/** One publish ping per feed, each tried twice at most; results in the feeds' order. Never throws. */
export async function pingHub(hub: string, feeds: readonly string[], timeoutMs = PING_TIMEOUT_MS): Promise<PingResult[]> {
  const queue = new PQueue({ concurrency: PINGS_AT_ONCE });
  return Promise.all(
    feeds.map((feed) => queue.add(async () => ({ feed, problem: (await pingOnce(hub, feed, timeoutMs)) && (await pingOnce(hub, feed, timeoutMs)) }))),
  );
}
