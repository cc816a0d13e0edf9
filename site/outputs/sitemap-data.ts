import { articleUpdated } from '../model/article-time.ts';
import { rfc3339 } from '../model/dates.ts';
import { dailyEditions } from '../model/daily.ts';
import type { Article, SiteIndex, TagInfo } from '../model/site-index.ts';
import { sourceHosts } from '../model/sources.ts';
import { newestDate, newestLastmod, splitSitemaps, type SitemapFile, type SitemapUrl } from './sitemap.ts';

// Sitemaps that a run rewrites in proportion to what it added: per topic, one group for its front
// and archive pages, and its articles in publication order in chunks of ARTICLE_CHUNK (only the
// newest chunk grows); the site's own pages; the tag pages in the order tags first appeared
// (without lastmod: a tag page changes with every article it gains). Article URLs are left out
// when the canonical is the source (site.canonical, or an article shown as an excerpt or a link):
// a sitemap should only list canonical URLs.

/** Articles per sitemap file: only the newest file of a topic changes when articles are added. */
export const ARTICLE_CHUNK = 5000;

/** A sitemap file, with the newest lastmod of its URLs (the sitemap index lists it). */
export interface SitemapFileOf extends SitemapFile {
  readonly newest: string | null;
  /** A file of article URLs: its articles, oldest first, and whether it holds a whole chunk (ARTICLE_CHUNK): such a file never changes when articles are only added, unless one of them changes. */
  readonly articles?: readonly Article[];
  readonly full?: boolean;
}

/**
 * A file of article URLs, made each time they are read: kept for the build, every article's URL
 * and lastmod were ~0.4 KB an article of the planning process (a build reads them once for the
 * page keys, and again for the one or two files it renders). Its newest lastmod is kept.
 */
class ArticleSitemapFile implements SitemapFileOf {
  readonly name: string;
  readonly articles: readonly Article[];
  readonly full: boolean;
  #url: (article: Article) => SitemapUrl;
  #newest: string | null | undefined;

  constructor(name: string, articles: readonly Article[], full: boolean, url: (article: Article) => SitemapUrl) {
    this.name = name;
    this.articles = articles;
    this.full = full;
    this.#url = url;
  }

  get urls(): SitemapUrl[] {
    return this.articles.map(this.#url);
  }

  /** Read from the articles' times, without making their addresses (the sitemap index reads every file's, every build). */
  get newest(): string | null {
    if (this.#newest === undefined) this.#newest = newestDate(this.articles.map(articleLastmod));
    return this.#newest;
  }
}

const lastmod = (iso: string | null | undefined) => (iso ? rfc3339(iso) : null);
const articleLastmod = (article: Article) => lastmod(articleUpdated(article.data));

const memo = new WeakMap<SiteIndex, SitemapFileOf[]>();

export function sitemapFiles(index: SiteIndex, limit?: number): SitemapFileOf[] {
  const cached = limit === undefined ? memo.get(index) : undefined;
  if (cached) return cached;
  const { routes, config } = index;
  const abs = (p: string) => routes.absolute(p);
  // Groups that grow (articles, tags, sources, stories, days) are cut at ARTICLE_CHUNK, so only their newest file changes.
  const chunk = Math.min(limit ?? ARTICLE_CHUNK, ARTICLE_CHUNK);
  const files: SitemapFileOf[] = [];
  const group = (name: string, urls: SitemapUrl[], groupLimit = limit) => {
    for (const file of splitSitemaps([{ name, urls }], groupLimit)) files.push({ ...file, newest: newestLastmod(file.urls) });
  };
  for (const topic of index.topics) {
    const urls: SitemapUrl[] = [{ loc: abs(routes.topic(topic.slug)), lastmod: lastmod(topic.articles[0]?.data.publishedOnSite) }];
    topic.pages.forEach((page, i) => {
      // A page the front lists whole is the front's (its canonical): it joins the sitemap when it leaves the front.
      if (!index.onFront(topic, i + 1)) urls.push({ loc: abs(routes.topicPage(topic.slug, i + 1)), lastmod: lastmod(page[0].data.publishedOnSite) });
    });
    group(`topic-${topic.slug}`, urls);
    if (config.site.canonical === 'self') {
      const articles = [...topic.articles].reverse().filter((article) => article.mode === 'full');
      for (let i = 0; i < articles.length; i += chunk) {
        const part = articles.slice(i, i + chunk);
        files.push(new ArticleSitemapFile(`articles-${topic.slug}-${i / chunk + 1}`, part, part.length === chunk, (article) => ({ loc: abs(article.path), lastmod: articleLastmod(article) })));
      }
    }
  }
  group('site', [
    { loc: abs(routes.home()), lastmod: lastmod(index.articles[0]?.data.publishedOnSite) },
    { loc: abs(routes.tags()), lastmod: lastmod(index.articles[0]?.data.publishedOnSite) },
    ...['about/', 'privacy/', 'terms/', 'dmca/', 'data/'].map((p) => ({ loc: abs(routes.path(p)) })),
  ]);
  if (index.listedTags.length) {
    // index.articles is newest first: a tag's oldest article has the highest index.
    const order = new Map(index.articles.map((a, i) => [a, i]));
    const firstSeen = (tag: TagInfo) => order.get(tag.articles[tag.articles.length - 1]!)!;
    const tags = [...index.listedTags].sort((a, b) => firstSeen(b) - firstSeen(a) || (a.slug < b.slug ? -1 : 1));
    group('tags', tags.map((t) => ({ loc: abs(routes.tag(t.slug)) })), chunk);
  }
  // Source pages change with every crawl (their health), so they carry no lastmod either.
  group('sources', [{ loc: abs(routes.sources()) }, ...sourceHosts(index).map((host) => ({ loc: abs(routes.source(host)) }))], chunk);
  if (index.stories.length) {
    // Oldest story first (ids grow), so only the newest file gains URLs; a story page changes with every article it gains, so no lastmod.
    group('stories', index.stories.map((s) => ({ loc: abs(s.path) })), chunk);
  }
  const editions = dailyEditions(index);
  if (editions.length) {
    // Oldest day first, so only the newest file gains URLs; the open day's page changes as it fills, so no lastmod.
    group('daily', [{ loc: abs(routes.path('daily/')) }, ...editions.map((e) => ({ loc: abs(e.path) }))], chunk);
  }
  if (limit === undefined) memo.set(index, files);
  return files;
}
