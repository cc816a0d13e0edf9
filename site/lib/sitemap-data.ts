import { rfc3339 } from './dates.ts';
import type { SiteIndex } from './site-index.ts';
import { splitSitemaps, type SitemapFile, type SitemapUrl } from './sitemap.ts';

// One sitemap group per topic (its front page, archive pages and articles) plus one for
// the rest of the site. Article URLs are left out when the canonical is the source: a
// sitemap should only list canonical URLs.

const memo = new WeakMap<SiteIndex, SitemapFile[]>();

export function sitemapFiles(index: SiteIndex, limit?: number): SitemapFile[] {
  const cached = limit === undefined ? memo.get(index) : undefined;
  if (cached) return cached;
  const { routes, config } = index;
  const abs = (p: string) => routes.absolute(p);
  const lastmod = (iso: string | undefined) => (iso ? rfc3339(iso) : null);
  const groups: Array<{ name: string; urls: SitemapUrl[] }> = [];
  for (const topic of index.topics) {
    const urls: SitemapUrl[] = [{ loc: abs(routes.topic(topic.slug)), lastmod: lastmod(topic.articles[0]?.data.publishedOnSite) }];
    topic.pages.forEach((page, i) => {
      if (page.length > 0) urls.push({ loc: abs(routes.topicPage(topic.slug, i + 1)), lastmod: lastmod(page[0].data.publishedOnSite) });
    });
    if (config.site.canonical === 'self') {
      for (const article of [...topic.articles].reverse()) urls.push({ loc: abs(article.path), lastmod: lastmod(article.data.publishedOnSite) });
    }
    groups.push({ name: `topic-${topic.slug}`, urls });
  }
  const site: SitemapUrl[] = [
    { loc: abs(routes.home()), lastmod: lastmod(index.articles[0]?.data.publishedOnSite) },
    { loc: abs(routes.tags()), lastmod: lastmod(index.articles[0]?.data.publishedOnSite) },
    ...index.tags.map((t) => ({ loc: abs(routes.tag(t.slug)), lastmod: lastmod(t.articles[0]?.data.publishedOnSite) })),
    ...['about/', 'privacy/', 'terms/', 'dmca/', 'data/'].map((p) => ({ loc: abs(routes.path(p)) })),
  ];
  groups.push({ name: 'site', urls: site });
  const files = splitSitemaps(groups, limit);
  if (limit === undefined) memo.set(index, files);
  return files;
}
