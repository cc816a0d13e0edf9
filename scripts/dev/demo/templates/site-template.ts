import { esc } from '../html.ts';
import type { SiteInfo } from '../sites.ts';
import type { ArticlePage, DemoArticle, ListingPage } from '../types.ts';

export interface FeedLink {
  href: string;
  type: string;
  title: string;
}

export interface SiteContext {
  site: SiteInfo;
  /** The site's articles, newest first. */
  articles: DemoArticle[];
  popular: DemoArticle[];
  tags: Array<{ tag: string; uses: number }>;
  feeds: FeedLink[];
}

export interface SiteTemplate {
  article(page: ArticlePage, ctx: SiteContext): string;
  listing(page: ListingPage, ctx: SiteContext): string;
  notFound(path: string, ctx: SiteContext): string;
}

export function feedLinkTags(feeds: FeedLink[]): string {
  return feeds.map((f) => `<link rel="alternate" type="${esc(f.type)}" title="${esc(f.title)}" href="${esc(f.href)}">`).join('\n  ');
}

/** Puts `insert` after the n-th closing </p> of a body (or at the end): mid-article modules. */
export function insertAfterParagraph(bodyHtml: string, n: number, insert: string): string {
  let index = -1;
  for (let i = 0; i < n; i++) {
    index = bodyHtml.indexOf('</p>', index + 1);
    if (index === -1) return bodyHtml + insert;
  }
  return bodyHtml.slice(0, index + 4) + insert + bodyHtml.slice(index + 4);
}
