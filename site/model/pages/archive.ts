import type { Article, SiteIndex } from '../site-index.ts';

// A topic's archive page (/<topic>/page/<n>/): pure, the site index and `<topic>/<n>` in.

export interface ArchivePageProps {
  topic: { slug: string; name: string; description: string };
  n: number;
  /** Newest first within the page. */
  articles: Article[];
  /** The front lists the page whole (or it is empty): it is the front's. */
  onFront: boolean;
  /** The next page is full: "Newer" leads to it rather than to the front. */
  nextFull: boolean;
}

export function archivePageProps(index: SiteIndex, id: string): ArchivePageProps {
  const cut = id.lastIndexOf('/');
  const topic = index.topicBySlug.get(id.slice(0, cut))!;
  const n = Number(id.slice(cut + 1));
  return {
    topic: { slug: topic.slug, name: topic.name, description: topic.description },
    n,
    articles: topic.pages[n - 1]!,
    onFront: index.onFront(topic, n),
    nextFull: index.isFullPage(topic, n + 1),
  };
}

export function archiveParams(id: string): { topic: string; page: string } {
  const cut = id.lastIndexOf('/');
  return { topic: id.slice(0, cut), page: id.slice(cut + 1) };
}
