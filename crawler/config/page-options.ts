import type { Config } from './schema.ts';
import type { RuleScope } from './rules.ts';

// How a page is read, beside extraction: rendered in Chromium first, and archived. The most
// specific setting wins: the source's, then its topic's, then the site's (crawl.render, crawl.archive).

export interface PageOptions {
  render: boolean;
  archive: boolean;
}

/** The options of a page found for `scope` (its topic's and source's places in the config, as the rules use them). */
export function pageOptionsFor(config: Config, scope: RuleScope): PageOptions {
  const topic = scope.topic === undefined ? undefined : config.topics[scope.topic];
  const source = scope.source === undefined ? undefined : topic?.sources[scope.source];
  const pick = (key: keyof PageOptions): boolean => {
    const fromSource = source && key in source ? (source as Partial<PageOptions>)[key] : undefined;
    return fromSource ?? topic?.[key] ?? config.crawl[key];
  };
  return { render: pick('render'), archive: pick('archive') };
}
