import { readFileSync } from 'node:fs';
import { config, input, paths } from 'virtual:gleaner/config';
import { articleHtml } from '../html/article-body.ts';
import { buildSiteIndex, type Article, type ArticleInput, type SiteContext, type SiteIndex } from './site-index.ts';
import { buildSources, type SourceInfo } from './sources.ts';
import type { SourceHealth } from '../builder/data/sources.ts';
import type { RemovedPage } from './removed.ts';
import { createRoutes } from './urls.ts';
import { keyedPagesFile, type RenderSet } from '../builder/input.ts';
import type { KeyedRoute } from '../builder/page-keys.ts';
import type { StaticPath } from './pages/keyed.ts';
import { decodePageData } from './pages/page-json.ts';

// The only way pages reach content: the build (site/builder/) reads content/ and hands Astro the
// articles (input.siteIndex) and which pages to render (input.renderSet); one index per build,
// shared by every page through this module-level memo. Pages and components that need only the
// config take it, and the site's routes, from here too.

let memo: Promise<SiteIndex> | undefined;

export function siteIndex(): Promise<SiteIndex> {
  memo ??= Promise.resolve().then(() => buildSiteIndex(JSON.parse(readFileSync(input.siteIndex, 'utf8')) as ArticleInput[], config, sourceHealth()));
  return memo;
}

let healthMemo: SourceHealth[] | undefined;

/** Each source host's health and learned names: the build read them from the crawler's state in its data worker (input.sources); this process never loads the state. */
export function sourceHealth(): SourceHealth[] {
  healthMemo ??= JSON.parse(readFileSync(input.sources, 'utf8')) as SourceHealth[];
  return healthMemo;
}

let sourcesMemo: Promise<SourceInfo[]> | undefined;

/** The site's sources with their health and names. */
export function sources(): Promise<SourceInfo[]> {
  sourcesMemo ??= siteIndex().then((index) => buildSources(index, sourceHealth()));
  return sourcesMemo;
}

let removedMemo: RemovedPage[] | undefined;

/** The old pages of removed articles (npm run remove), read from the state by the build's data worker (input.removed). */
export function removedPages(): RemovedPage[] {
  removedMemo ??= JSON.parse(readFileSync(input.removed, 'utf8')) as RemovedPage[];
  return removedMemo;
}

let renderSet: { all: boolean; pages: Map<string, Set<string>> } | undefined;

/** Whether this build renders the page `key` of a keyed route ('article', 'amp', 'archive', 'tag', 'story', 'stories', 'sitemap', 'daily'); pages it does not render keep last build's file. */
export function renders(route: string, key: string): boolean {
  if (!renderSet) {
    const value = JSON.parse(readFileSync(input.renderSet, 'utf8')) as RenderSet;
    renderSet = { all: value.all, pages: new Map(Object.entries(value.pages).map(([r, keys]) => [r, new Set(keys)])) };
  }
  return renderSet.all || (renderSet.pages.get(route)?.has(key) ?? false);
}

/** The pages of a keyed route this build renders, as getStaticPaths returns them: the build made their props (site/model/pages/, site/builder/page-input.ts). */
export function staticPaths<P>(route: KeyedRoute): StaticPath<P>[] {
  return decodePageData<StaticPath<P>[]>(readFileSync(keyedPagesFile(input, route), 'utf8'));
}

/** An article's body as HTML (rendered from its Markdown file). */
export function bodyOf(article: Article): Promise<string> {
  return articleHtml(paths.root, article);
}

export { config, paths };

export const routes = createRoutes(config.site.url);

/** The config and routes, for the page helpers that take them (site/html/page-data.ts). */
export const site: SiteContext = { config, routes };
