import { mkdirSync, writeFileSync } from 'node:fs';
import type { SiteIndex } from '../model/site-index.ts';
import { alwaysPages } from '../model/pages/always.ts';
import { endpointDocuments } from '../model/pages/documents.ts';
import { keyedStaticPaths } from '../model/pages/keyed.ts';
import { encodePageData } from '../model/pages/page-json.ts';
import type { SourceHealth } from './data/sources.ts';
import { keyedPagesFile, type BuildInput } from './input.ts';
import type { KeyedPage, KeyedRoute } from './page-keys.ts';

// What the Astro child reads: the data of the pages it renders, made here from the build's one
// site index, so the child never holds every article (it reads bodies per page, and nothing else).

const KEYED_ROUTES: KeyedRoute[] = ['article', 'amp', 'archive', 'tag', 'story', 'stories', 'sitemap', 'daily'];

/** The always-rendered pages' file, as site-data.ts reads it. */
export interface AlwaysInput {
  pages: ReturnType<typeof alwaysPages>;
  documents: Record<string, string>;
}

/** `root`: the site's (feeds carry bodies); `health`: what the data worker read of the sources. */
export async function writePageInput(index: SiteIndex, toRender: readonly KeyedPage[], input: BuildInput, site: { root: string; health: SourceHealth[] }): Promise<void> {
  const ids = new Map<KeyedRoute, string[]>(KEYED_ROUTES.map((route) => [route, []]));
  for (const page of toRender) ids.get(page.route)!.push(page.id);
  mkdirSync(input.pages, { recursive: true });
  for (const [route, list] of ids) writeFileSync(keyedPagesFile(input, route), encodePageData(keyedStaticPaths(index, route, list)));
  const always: AlwaysInput = { pages: alwaysPages(index, site.health), documents: await endpointDocuments(index, site.root, site.health) };
  writeFileSync(input.always, encodePageData(always));
}
