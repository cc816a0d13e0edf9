import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { config, input, paths } from 'virtual:gleaner/config';
import { articleHtml } from '../html/article-body.ts';
import { openSummaryCache, type SummaryCache } from '../html/summary-cache.ts';
import type { Article, SiteContext } from './site-index.ts';
import type { RemovedPage } from './removed.ts';
import { createRoutes } from './urls.ts';
import type { KeyedRoute } from '../builder/page-keys.ts';
import type { PageInput } from '../builder/page-input.ts';
import type { StaticPath } from './pages/keyed.ts';
import { decodePageData } from './pages/page-json.ts';

// The only way pages reach content: the build (site/builder/) builds the site index once and
// hands Astro each page's data, made by site/model/pages/: the props of the keyed pages it
// renders, the data of the pages rendered every build, in one file (input.pages). So this process
// reads what it renders, never every article; article bodies are read per page (bodyOf). Pages
// and components that need only the config take it, and the site's routes, from here too.

let pagesMemo: PageInput | undefined;

function pageInput(): PageInput {
  pagesMemo ??= decodePageData<PageInput>(readFileSync(input.pages, 'utf8'));
  return pagesMemo;
}

/** The pages of a keyed route this build renders, as getStaticPaths returns them. */
export function staticPaths<P>(route: KeyedRoute): StaticPath<P>[] {
  return pageInput().keyed[route] as StaticPath<P>[];
}

/** The data of the pages rendered every build (site/model/pages/always.ts). */
export function alwaysPages(): PageInput['always'] {
  return pageInput().always;
}

let documentsMemo: Set<string> | undefined;

/** The paths of the endpoints' documents the build wrote. */
function documentPaths(): Set<string> {
  documentsMemo ??= new Set(pageInput().documents);
  return documentsMemo;
}

/** An endpoint's document, by its path under the site (site/model/pages/documents.ts), read from the file the build wrote it to. */
export function documentAt(path: string): string {
  if (!documentPaths().has(path)) throw new Error(`the build prepared no document ${path}`);
  return readFileSync(join(input.documents, path), 'utf8');
}

/** The topics that have a document `file` of their own (`<under><topic>/<file>`), as static paths. */
export function topicDocumentPaths(file: string, under = ''): Array<{ params: { topic: string } }> {
  const documents = documentPaths();
  return pageInput().always.topicFronts.filter(({ params }) => documents.has(`${under}${params.topic}/${file}`)).map(({ params }) => ({ params: { topic: params.topic! } }));
}

let summariesMemo: SummaryCache | undefined;

/** The story summaries kept from the builds before (summary-cache.ts); those this process makes are written when it exits, once Astro has rendered. */
export function summaryCache(): SummaryCache {
  if (!summariesMemo) {
    const cache = (summariesMemo = openSummaryCache(input.summaries ?? null));
    process.once('exit', () => {
      try {
        cache.save();
      } catch (error) {
        // A cache: a build that rendered its pages does not fail for it (the next one makes them again).
        console.error(`warning: the story summaries made in this build were not kept: ${(error as Error).message}`);
      }
    });
  }
  return summariesMemo;
}

let removedMemo: RemovedPage[] | undefined;

/** The old pages of removed articles (npm run remove), read from the state by the build's data worker (input.removed). */
export function removedPages(): RemovedPage[] {
  removedMemo ??= JSON.parse(readFileSync(input.removed, 'utf8')) as RemovedPage[];
  return removedMemo;
}

/** An article's body as HTML (rendered from its Markdown file). */
export function bodyOf(article: Article): Promise<string> {
  return articleHtml(paths.root, article);
}

export { config, paths };

export const routes = createRoutes(config.site.url);

/** The config and routes, for the page helpers that take them (site/html/page-data.ts). */
export const site: SiteContext = { config, routes };
