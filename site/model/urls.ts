// Every site URL is built here, so the base path (a site served under /news/) and the
// trailing-slash convention are decided in one place.

export interface Routes {
  /** Base path with leading and trailing slash, e.g. "/" or "/news/". */
  base: string;
  /** Site-relative path for a path written from the site root ("/tags/" → "/news/tags/"). */
  path(p: string): string;
  /** Absolute URL for a site-relative path produced by path(). */
  absolute(p: string): string;
  home(): string;
  topic(topic: string): string;
  topicPage(topic: string, page: number): string;
  article(id: string): string;
  amp(id: string): string;
  tags(): string;
  tag(slug: string): string;
  search(): string;
  sources(): string;
  /** A source's page; `host` as crawler/url/source-host.ts names it. */
  source(host: string): string;
  /** A source's icon: one address per host whatever its bytes, so pages showing it never change when it is refreshed. */
  sourceIcon(host: string): string;
  /** A story's page (site/pages/stories/). */
  story(id: number): string;
  /** An archived copy's index (archive/<id>/index.html, written by the crawler, deployed beside the site). */
  archive(id: string): string;
  /** A frontmatter asset path: site-absolute ("/media/…") gets the base path, remote URLs stay as they are. */
  asset(src: string): string;
}

/** A path of segments of unreserved characters, none empty and none starting with a dot. */
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?)?$/;

export function createRoutes(siteUrl: string): Routes {
  const origin = new URL(siteUrl);
  const base = origin.pathname.endsWith('/') ? origin.pathname : `${origin.pathname}/`;
  const path = (p: string): string => base + p.replace(/^\/+/, '');
  return {
    base,
    path,
    // A plain site path (what the routes make: no dot segments, nothing to escape) is appended as
    // it is, which is what the URL parser would give; anything else goes through it. Sitemaps and
    // feeds make one per article.
    absolute: (p) => (PLAIN_PATH.test(p) ? origin.origin + p : new URL(p, origin.origin).href),
    home: () => base,
    topic: (topic) => path(`${topic}/`),
    topicPage: (topic, page) => path(`${topic}/page/${page}/`),
    article: (id) => path(`${id}/`),
    amp: (id) => path(`amp/${id}/`),
    tags: () => path('tags/'),
    tag: (slug) => path(`tags/${slug}/`),
    search: () => path('search/'),
    sources: () => path('sources/'),
    source: (host) => path(`sources/${host}/`),
    sourceIcon: (host) => path(`sources/${host}/icon.webp`),
    story: (id) => path(`stories/${id}/`),
    archive: (id) => path(`archive/${id}/`),
    asset: (src) => (src.startsWith('/') && !src.startsWith('//') ? path(src) : src),
  };
}
