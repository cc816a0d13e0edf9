import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SiteIndex } from '../model/site-index.ts';
import { alwaysPages, type AlwaysPages } from '../model/pages/always.ts';
import { endpointDocuments } from '../model/pages/documents.ts';
import { keyedStaticPaths, type StaticPath } from '../model/pages/keyed.ts';
import { encodePageData } from '../model/pages/page-json.ts';
import type { SourceHealth } from './data/sources.ts';
import type { BuildInput } from './input.ts';
import type { KeyedPage, KeyedRoute } from './page-keys.ts';

// What the Astro child reads: the data of the pages it renders, made here from the build's one
// site index, so the child never holds every article (it reads bodies per page, and nothing
// else). One file, so an article shown by several pages (its page, its AMP page, an archive
// page, a front) is written and read once; the endpoints' documents (feeds…) beside it, a file
// each, written as each is made.

const KEYED_ROUTES: KeyedRoute[] = ['article', 'amp', 'archive', 'tag', 'story', 'stories', 'sitemap', 'daily'];

/** input.pages, as site-data.ts reads it. */
export interface PageInput {
  /** Per keyed route, the pages this build renders. */
  keyed: Record<KeyedRoute, StaticPath[]>;
  /** The pages rendered every build. */
  always: AlwaysPages;
  /** The paths of the endpoints' documents rendered every build: each is a file under input.documents (documentAt in site-data.ts reads it). */
  documents: string[];
}

/** `root`: the site's (feeds carry bodies); `health`: what the data worker read of the sources. */
export async function writePageInput(index: SiteIndex, toRender: readonly KeyedPage[], input: BuildInput, site: { root: string; health: SourceHealth[] }): Promise<void> {
  const ids = new Map<KeyedRoute, string[]>(KEYED_ROUTES.map((route) => [route, []]));
  for (const page of toRender) ids.get(page.route)!.push(page.id);
  const documents: string[] = [];
  rmSync(input.documents, { recursive: true, force: true });
  for await (const [path, text] of endpointDocuments(index, site.root, site.health)) {
    const file = join(input.documents, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    documents.push(path);
  }
  const value: PageInput = {
    keyed: Object.fromEntries(KEYED_ROUTES.map((route) => [route, keyedStaticPaths(index, route, ids.get(route)!)])) as PageInput['keyed'],
    always: alwaysPages(index, site.health),
    documents,
  };
  writeFileSync(input.pages, encodePageData(value));
}
