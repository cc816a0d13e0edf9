import type { Config, Topic } from './schema.ts';

// How a page is read, beside extraction: rendered in Chromium first, and archived. The most
// specific setting wins: the source's, then its topic's, then the site's (crawl.render, crawl.archive).

export interface PageOptions {
  render: boolean;
  archive: boolean;
}

export function pageOptionsFor(config: Config, topic: Topic | undefined, sourceUrl: string | null): PageOptions {
  const source = sourceUrl === null ? undefined : topic?.sources.find((s) => 'url' in s && s.url === sourceUrl);
  const pick = (key: keyof PageOptions): boolean => {
    const fromSource = source && key in source ? (source as Partial<PageOptions>)[key] : undefined;
    return fromSource ?? topic?.[key] ?? config.crawl[key];
  };
  return { render: pick('render'), archive: pick('archive') };
}
