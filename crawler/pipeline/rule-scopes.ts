import type { Config } from '../config/index.ts';
import { pageOptionsFor, type PageOptions } from '../config/page-options.ts';
import { rulesFor, type RuleScope, type RuleSet } from '../rules/index.ts';
import type { Database } from '../store/database.ts';
import { SEARCH_SOURCE_URL, sourcesById, type SourceRow } from '../store/sources.ts';
import { topicSlugsById } from '../store/topics.ts';

/** What a URL row says about where it was found. */
export type UrlRow = { topic_id: number; source_id: number | null };
export type RulesOf = (row: UrlRow) => RuleSet;

/** What a URL's topic and source decide about its page: the owner's rules, rendering and archiving. */
export interface UrlScope {
  rules: RuleSet;
  page: PageOptions;
}

/**
 * Where a source row sits in the config: its topic's index and its own, following feeds found by
 * autodiscovery (a site's or an OPML list's) to the source that found them. Pure.
 */
export function scopeOf(config: Config, topicSlugById: ReadonlyMap<number, string>, sources: ReadonlyMap<number, SourceRow>, topicId: number, sourceId: number | null): RuleScope {
  const topic = config.topics.findIndex((t) => t.slug === topicSlugById.get(topicId));
  if (topic === -1) return {};
  let source = sourceId === null ? undefined : sources.get(sourceId);
  for (let hops = 0; source?.origin === 'autodiscovery' && source.discovered_from !== null && hops < 8; hops++) source = sources.get(source.discovered_from);
  if (!source || source.origin !== 'config') return { topic };
  const index = config.topics[topic]!.sources.findIndex((s) => s.kind === source.kind && (s.kind === 'search' ? source.url === SEARCH_SOURCE_URL : s.url === source.url));
  return index === -1 ? { topic } : { topic, source: index };
}

/** A URL's scope, by the topic and source it was found for: the sources are read once from the state, each scope made once. */
export function scopesByUrl(db: Database, config: Config): (row: UrlRow) => UrlScope {
  const topicSlugById = topicSlugsById(db);
  const sources = sourcesById(db);
  const cache = new Map<string, UrlScope>();
  return (row) => {
    const key = `${row.topic_id} ${row.source_id}`;
    let scoped = cache.get(key);
    if (!scoped) {
      const scope = scopeOf(config, topicSlugById, sources, row.topic_id, row.source_id);
      cache.set(key, (scoped = { rules: rulesFor(config, scope), page: pageOptionsFor(config, scope) }));
    }
    return scoped;
  };
}
