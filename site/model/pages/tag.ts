import { TAG_PAGE_LIMIT } from '../../html/page-data.ts';
import type { Article, SiteIndex } from '../site-index.ts';

// A tag's page (/tags/<slug>/): its newest TAG_PAGE_LIMIT articles and how many there are.

export interface TagPageProps {
  tag: { slug: string; name: string; listed: boolean; count: number };
  shown: Article[];
}

export function tagPageProps(index: SiteIndex, slug: string): TagPageProps {
  const tag = index.tagBySlug.get(slug)!;
  return { tag: { slug: tag.slug, name: tag.name, listed: tag.listed, count: tag.articles.length }, shown: tag.articles.slice(0, TAG_PAGE_LIMIT) };
}
