import { getCollection } from 'astro:content';
import { config, paths } from 'virtual:gleaner/config';
import { articleBody } from './article-bodies.ts';
import { buildSiteIndex, type SiteIndex } from './site-index.ts';
import { createRoutes } from './urls.ts';

// The only way pages reach content: one collection read and one index per build,
// shared by every page through this module-level memo. Pages and components that need only
// the config take it, and the site's routes, from here too.

let memo: Promise<SiteIndex> | undefined;

export function siteIndex(): Promise<SiteIndex> {
  memo ??= getCollection('articles').then((entries) =>
    buildSiteIndex(
      entries.map((entry) => ({
        id: entry.id,
        data: entry.data,
        // Not in the data store: see article-bodies.ts.
        get html() {
          return articleBody(entry.id);
        },
      })),
      config,
    ),
  );
  return memo;
}

export { config, paths };

export const routes = createRoutes(config.site.url);
