import type { APIRoute } from 'astro';
import { siteIndex, sources } from '../model/site-data.ts';
import { sourceStatus } from '../model/sources.ts';

// Every source, machine-readable: what /sources/ shows, with addresses.
export const GET: APIRoute = async () => {
  const index = await siteIndex();
  const { routes } = index;
  const list = (await sources()).map((s) => ({
    host: s.host,
    name: s.name,
    page: routes.absolute(routes.source(s.host)),
    icon: routes.absolute(routes.sourceIcon(s.host)),
    urls: s.feeds.map((f) => ({ url: f.url, kind: f.kind, topic: f.topic, origin: f.origin, active: f.active })),
    topics: s.topics,
    articles: s.articles.length,
    status: sourceStatus(s),
    lastRead: s.health?.lastRead ?? null,
    lastError: s.health?.lastError ?? null,
    failures: s.health?.failures ?? 0,
    failingReads: s.health?.failingReads ?? 0,
  }));
  return new Response(`${JSON.stringify({ site: routes.absolute(routes.home()), sources: list }, null, 2)}\n`, { headers: { 'Content-Type': 'application/json' } });
};
