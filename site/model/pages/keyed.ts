import type { KeyedRoute } from '../../builder/page-keys.ts';
import type { SiteIndex } from '../site-index.ts';
import { ampPageProps, articlePageProps, articleParams } from './article.ts';
import { archivePageProps, archiveParams } from './archive.ts';
import { dailyPageProps } from './daily.ts';
import { sitemapPageProps } from './sitemap.ts';
import { storiesPageProps, storyPageProps } from './story.ts';
import { tagPageProps } from './tag.ts';

// Each keyed route's pages as Astro's getStaticPaths returns them, { params, props }, made from
// the site index by the page's id (page-keys.ts): the build makes them for the pages it renders.

export interface StaticPath<P = unknown> {
  params: Record<string, string>;
  props: P;
}

type Maker = (index: SiteIndex, id: string) => StaticPath;

const makers: Record<KeyedRoute, Maker> = {
  article: (index, id) => ({ params: articleParams(index, id), props: articlePageProps(index, id) }),
  amp: (index, id) => ({ params: articleParams(index, id), props: ampPageProps(index, id) }),
  archive: (index, id) => ({ params: archiveParams(id), props: archivePageProps(index, id) }),
  tag: (index, id) => ({ params: { tag: id }, props: tagPageProps(index, id) }),
  story: (index, id) => ({ params: { id }, props: storyPageProps(index, id) }),
  stories: (index, id) => ({ params: { page: id }, props: storiesPageProps(index, id) }),
  sitemap: (index, id) => ({ params: { name: id }, props: sitemapPageProps(index, id) }),
  daily: (index, id) => ({ params: { day: id }, props: dailyPageProps(index, id) }),
};

export function keyedStaticPaths(index: SiteIndex, route: KeyedRoute, ids: readonly string[]): StaticPath[] {
  const make = makers[route];
  return ids.map((id) => make(index, id));
}
