import { mkdirSync, writeFileSync } from 'node:fs';
import type { SiteIndex } from '../model/site-index.ts';
import { keyedStaticPaths } from '../model/pages/keyed.ts';
import { encodePageData } from '../model/pages/page-json.ts';
import { keyedPagesFile, type BuildInput, type RenderSet } from './input.ts';
import type { KeyedPage, KeyedRoute } from './page-keys.ts';

// What the Astro child reads: the props of the pages it renders, made here from the one site
// index of the build, so the child never holds every article.

const KEYED_ROUTES: KeyedRoute[] = ['article', 'amp', 'archive', 'tag', 'story', 'stories', 'sitemap', 'daily'];

export function writePageInput(index: SiteIndex, entries: unknown[], toRender: readonly KeyedPage[], input: BuildInput): void {
  const renderSet: RenderSet = { all: false, pages: {} };
  for (const page of toRender) (renderSet.pages[page.route] ??= []).push(page.id);
  writeFileSync(input.siteIndex, JSON.stringify(entries));
  writeFileSync(input.renderSet, JSON.stringify(renderSet));
  mkdirSync(input.pages, { recursive: true });
  for (const route of KEYED_ROUTES) writeFileSync(keyedPagesFile(input, route), encodePageData(keyedStaticPaths(index, route, renderSet.pages[route] ?? [])));
}
