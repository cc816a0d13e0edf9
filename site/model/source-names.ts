import type { Config } from '../../crawler/config/index.ts';
import { chooseSourceName } from '../../crawler/url/source-name.ts';
import { sourceHost } from '../../crawler/url/source-host.ts';
import type { SourceHealth } from '../builder/data/sources.ts';

// The name of every source host the site shows (crawler/url/source-name.ts chooses): from the
// config's source names, what the crawler learned of each host (read from the state with its
// health, site/builder/data/sources.ts) and what its articles declare. Pure, so the build (page
// keys) and Astro (pages) compute the same names from the same input.

/** The owner's name for each host, from the first configured source of the host that gives one. */
function configuredNames(config: Config): Map<string, string> {
  const names = new Map<string, string>();
  for (const topic of config.topics) {
    for (const source of topic.sources) {
      if (!('name' in source) || !source.name) continue;
      const host = sourceHost(source.url);
      if (host && !names.has(host)) names.set(host, source.name);
    }
  }
  return names;
}

/** The site name each host's articles declare most often (articles newest first: a stable sort keeps the newest among equals). */
function declaredNames(articles: ReadonlyArray<{ host: string | null; data: { siteName: string | null } }>): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const { host, data } of articles) {
    if (!host || !data.siteName) continue;
    const names = counts.get(host) ?? new Map<string, number>();
    names.set(data.siteName, (names.get(data.siteName) ?? 0) + 1);
    counts.set(host, names);
  }
  return new Map([...counts].map(([host, names]) => [host, [...names].sort((a, b) => b[1] - a[1])[0]![0]]));
}

/** Every named host's name; a host not in the map is shown as itself. */
export function sourceNames(config: Config, health: readonly SourceHealth[], articles: ReadonlyArray<{ host: string | null; data: { siteName: string | null } }>): Map<string, string> {
  const configured = configuredNames(config);
  const declared = declaredNames(articles);
  const learned = new Map(health.map((h) => [h.host, h.learned]));
  const names = new Map<string, string>();
  for (const host of new Set([...configured.keys(), ...declared.keys(), ...learned.keys()])) {
    const l = learned.get(host);
    names.set(host, chooseSourceName(host, { configured: configured.get(host), ...l, declared: declared.get(host) }));
  }
  return names;
}

/** Each host's feeds with their topics, for crediting it in the site's feeds: the active feeds the crawler reads, else those the config names. */
export function sourceFeeds(config: Config, health: readonly SourceHealth[]): Map<string, Array<{ url: string; topic: string }>> {
  const feeds = new Map<string, Array<{ url: string; topic: string }>>();
  for (const h of health) {
    const read = h.feeds.filter((f) => f.active && f.kind === 'feed').map(({ url, topic }) => ({ url, topic }));
    if (read.length) feeds.set(h.host, read);
  }
  for (const topic of config.topics) {
    for (const source of topic.sources) {
      if (source.kind !== 'feed') continue;
      const host = sourceHost(source.url);
      if (!host || (feeds.has(host) && health.some((h) => h.host === host))) continue;
      feeds.set(host, [...(feeds.get(host) ?? []), { url: source.url, topic: topic.slug }]);
    }
  }
  return feeds;
}
