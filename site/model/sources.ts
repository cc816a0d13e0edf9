import { sourceHost } from '../../crawler/url/source-host.ts';
import type { SourceFeed, SourceHealth } from '../builder/data/sources.ts';
import type { Article, SiteIndex } from './site-index.ts';

// The site's sources, one per host (crawler/url/source-host.ts): the hosts of its articles and
// of its configured sources, so a source with nothing published yet still has a page (its
// health). Pure: the site index, and the health the build read from the crawler's state, in.

export interface SourceInfo {
  host: string;
  /** Its name as readers see it (crawler/url/source-name.ts, through the site index). */
  name: string;
  /** Newest first. */
  articles: Article[];
  /** Topic slugs it is read for or published in. */
  topics: string[];
  /** Its feeds, sitemaps and forums: from the state when there is one, else from the config. */
  feeds: SourceFeed[];
  health: SourceHealth | null;
}

/** Every source host of the site: its articles' and its configured sources', sorted. */
export function sourceHosts(index: SiteIndex): string[] {
  return hostsOf(articlesByHost(index), configuredFeeds(index));
}

function hostsOf(byHost: Map<string, Article[]>, configured: Array<{ host: string | null }>): string[] {
  return [...new Set([...byHost.keys(), ...configured.flatMap((f) => f.host ?? [])])].sort();
}

/** The articles of each source host, newest first. */
function articlesByHost(index: SiteIndex): Map<string, Article[]> {
  const byHost = new Map<string, Article[]>();
  for (const article of index.articles) {
    if (!article.host) continue;
    const list = byHost.get(article.host);
    if (list) list.push(article);
    else byHost.set(article.host, [article]);
  }
  return byHost;
}

function configuredFeeds(index: SiteIndex): Array<SourceFeed & { host: string | null }> {
  return index.config.topics.flatMap((topic) =>
    topic.sources.flatMap((source) => ('url' in source && source.url ? [{ url: source.url, kind: source.kind, topic: topic.slug, origin: 'config', active: true, host: sourceHost(source.url) }] : [])),
  );
}

export function buildSources(index: SiteIndex, health: SourceHealth[]): SourceInfo[] {
  const healthByHost = new Map(health.map((h) => [h.host, h]));
  const byHost = articlesByHost(index);
  const configured = configuredFeeds(index);
  return hostsOf(byHost, configured).map((host) => {
    const articles = byHost.get(host) ?? [];
    const h = healthByHost.get(host) ?? null;
    const feeds = h?.feeds.length ? h.feeds : configured.filter((f) => f.host === host).map(({ host: _, ...feed }) => feed);
    const name = index.sourceName(host);
    const topics = [...new Set([...feeds.map((f) => f.topic), ...articles.map((a) => a.topic)])].sort();
    return { host, name, articles, topics, feeds, health: h };
  });
}

export type SourceStatus = 'ok' | 'failing' | 'unread';

/** failing: a source of the host failed its last read; unread: nothing of the host read yet. */
export function sourceStatus(source: Pick<SourceInfo, 'health'>): SourceStatus {
  if (!source.health?.lastRead) return 'unread';
  return source.health.failingReads > 0 ? 'failing' : 'ok';
}
