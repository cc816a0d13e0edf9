import type { SourceHealth } from '../../builder/data/sources.ts';
import { dailyFeed } from '../../outputs/daily-feed.ts';
import { feedResponse, storyFeedResponse } from '../../outputs/feed-response.ts';
import type { FeedKind } from '../../outputs/feed-data.ts';
import { DAILY_FEED_FILES, FEED_FILES } from '../../outputs/feed-files.ts';
import { latestJson, latestJsonPath } from '../../outputs/latest-json.ts';
import { siteOpml } from '../../outputs/opml.ts';
import { sitemapFiles } from '../../outputs/sitemap-data.ts';
import { sitemapIndexXml } from '../../outputs/sitemap.ts';
import type { SiteIndex } from '../site-index.ts';
import { buildSources, sourceStatus } from '../sources.ts';

// The endpoints rendered every build (feeds, OPML, the sitemap index, sources.json, the
// latest.json files of /data/) read the whole site's lists: their documents are made here, from
// the build's one site index, written by the build to files of Astro's input, and the endpoints
// serve them (site/pages/). Named by the document's path under the site.

function sourcesJson(index: SiteIndex, health: SourceHealth[]): string {
  const { routes } = index;
  const list = buildSources(index, health).map((s) => ({
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
  return `${JSON.stringify({ site: routes.absolute(routes.home()), sources: list }, null, 2)}\n`;
}

function sitemapIndex(index: SiteIndex): string {
  const { routes } = index;
  return sitemapIndexXml(sitemapFiles(index).map((file) => ({ loc: routes.absolute(routes.path(`sitemaps/${file.name}.xml`)), lastmod: file.newest })));
}

/**
 * Each document, one at a time, with its path: the build writes each to a file of its own as it is
 * made (page-input.ts). Feeds carry whole bodies (~30 MB at 100,000 articles): made and held all at
 * once, and written into the pages' data, they were the planning process's largest part after the
 * index. `root` is the site's (feeds carry article bodies, read from their files).
 */
export async function* endpointDocuments(index: SiteIndex, root: string, health: SourceHealth[]): AsyncGenerator<[path: string, text: string]> {
  for (const [kind, file] of Object.entries(FEED_FILES) as Array<[FeedKind, string]>) {
    yield [file, await (await feedResponse(index, root, kind)).text()];
    for (const topic of index.topics) yield [`${topic.slug}/${file}`, await (await feedResponse(index, root, kind, topic)).text()];
    yield [`stories/${file}`, await storyFeedResponse(index, kind).text()];
  }
  yield ['opml.xml', siteOpml(index, undefined, health)];
  // Only topics in the config have sources; a removed topic's pages build without a list.
  for (const topic of index.topics) if (topic.configured) yield [`${topic.slug}/opml.xml`, siteOpml(index, topic, health)];
  yield [DAILY_FEED_FILES.rss, dailyFeed(index, 'rss')];
  yield [DAILY_FEED_FILES.atom, dailyFeed(index, 'atom')];
  yield ['sitemap-index.xml', sitemapIndex(index)];
  yield ['sources.json', sourcesJson(index, health)];
  yield [latestJsonPath(), latestJson(index)];
  for (const topic of index.topics) yield [latestJsonPath(topic), latestJson(index, topic)];
}
