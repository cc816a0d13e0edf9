import { esc } from '../article.ts';
import { BASE, INDEX_FEED } from '../hosts.ts';
import { send } from '../http.ts';
import type { HostileRoute, Resource } from '../types.ts';
import { feedRoutes } from './feeds.ts';
import { imageRoutes } from './images.ts';
import { markupRoutes } from './markup.ts';
import { pathRoutes } from './paths.ts';
import { redirectRoutes } from './redirects.ts';
import { responseRoutes } from './responses.ts';
import { robotsRoutes } from './robots.ts';
import { transportRoutes } from './transport.ts';
import { xssRoutes } from './xss.ts';

export const ROUTES: HostileRoute[] = [
  ...transportRoutes,
  ...redirectRoutes,
  ...responseRoutes,
  ...markupRoutes,
  ...feedRoutes,
  ...robotsRoutes,
  ...xssRoutes,
  ...pathRoutes,
  ...imageRoutes,
];

const ids = new Set<string>();
for (const route of ROUTES) {
  if (ids.has(route.id)) throw new Error(`two hostile routes are called ${route.id}`);
  ids.add(route.id);
}

/** Every page route's URL (and the pages routes list besides), in route order. */
export function listedPages(routes: HostileRoute[] = ROUTES): string[] {
  return routes.filter((r) => r.kind === 'page').flatMap((r) => [r.url, ...(r.alsoListed ?? [])]);
}

/** The index feed: one RSS item per page, dated a minute apart so the queue order is stable. */
export function indexFeed(routes: HostileRoute[] = ROUTES): Resource {
  const start = Date.parse('2026-03-01T00:00:00Z');
  const items = listedPages(routes)
    .map((url, i) => `<item><title>Hostile page ${i + 1}</title><link>${esc(url)}</link><guid>${esc(url)}</guid><pubDate>${new Date(start + i * 60_000).toUTCString()}</pubDate></item>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>The hostile web</title><link>http://${BASE}/</link><description>Every page route</description>\n${items}\n</channel></rss>\n`;
  return { host: BASE, path: new URL(INDEX_FEED).pathname, http: send(200, { 'content-type': 'application/rss+xml; charset=utf-8' }, body) };
}
