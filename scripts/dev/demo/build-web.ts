// Assembles the whole sample web in memory: pages, feeds, sitemaps, traps, forum and the manifest.
import { buildForum, type Forum } from './forum.ts';
import { FEED_TYPES, feedUpdated, renderAtom, renderJsonFeed, renderRss, type FeedChannel, type FeedItem } from './feeds.ts';
import { hashNumber, pickStable, sha1 } from './html.ts';
import { faviconSvg, renderFaviconIco, renderLeadImage } from './images.ts';
import { loadArticles, MIN_ARTICLE_WORDS } from './load-articles.ts';
import { FEED_CACHE, HTML, textResource, type Resource } from './resource.ts';
import { FORUM_HOST, SEARCH_HOST, SECTION_NAMES, SITES, WWW_ORBITAL_HOST, siteUrl } from './sites.ts';
import { renderSitemapIndex, renderUrlSet } from './sitemaps.ts';
import { bytesmithTemplate } from './templates/bytesmith.ts';
import { dailyParallaxTemplate } from './templates/dailyparallax.ts';
import { greenLedgerTemplate } from './templates/greenledger.ts';
import { orbitalNotesTemplate } from './templates/orbitalnotes.ts';
import { tagCloud } from './templates/boilerplate.ts';
import type { FeedLink, SiteContext, SiteTemplate } from './templates/site-template.ts';
import { planTraps, postId, type PendingEntry, type SiteItem } from './traps.ts';
import { SITE_IDS, TOPICS, type ArticlePage, type DemoArticle, type LeadImage, type ManifestEntry, type SampleManifest, type SiteId, type TopicId } from './types.ts';

const TEMPLATES: Record<SiteId, SiteTemplate> = {
  orbitalnotes: orbitalNotesTemplate,
  greenledger: greenLedgerTemplate,
  bytesmith: bytesmithTemplate,
  dailyparallax: dailyParallaxTemplate,
};

/** Dates traps on sites that have no articles yet. */
const FALLBACK_DATE = new Date('2026-06-01T12:00:00Z');

export interface SampleWebContent {
  articles: DemoArticle[];
  problems: string[];
  manifest: SampleManifest;
  /** Every virtual host, including www.orbitalnotes.test, forum.test and search.test. */
  hosts: string[];
  /** Static resources by host + path (www.orbitalnotes.test is served from orbitalnotes.test's). */
  routes: Map<string, Resource>;
  notFoundPages: Map<string, Buffer>;
  forum: Forum;
  /** Settles when every lead image has been rendered. */
  imagesDone: Promise<unknown>;
}

export interface BuildOptions {
  articlesDir?: string;
}

export function buildSampleWeb(options: BuildOptions = {}): SampleWebContent {
  const { articles, problems } = loadArticles(options.articlesDir);
  const bySite = Object.fromEntries(SITE_IDS.map((id) => [id, articles.filter((a) => a.site === id)])) as Record<SiteId, DemoArticle[]>;
  const newestOverall = articles.at(-1)?.date ?? FALLBACK_DATE;
  const plan = planTraps(bySite, newestOverall);

  const routes = new Map<string, Resource>();
  const notFoundPages = new Map<string, Buffer>();
  const entries: PendingEntry[] = [];
  const foundIn = new Map<string, Set<string>>();
  const images: Array<Promise<unknown>> = [];
  const seen = (url: string, source: string): void => {
    foundIn.set(url, (foundIn.get(url) ?? new Set()).add(source));
  };
  const route = (host: string, path: string, resource: Resource): void => {
    routes.set(host + path, resource);
  };
  const image = (site: SiteId, img: LeadImage, lastModified: Date): void => {
    if (routes.has(SITES[site].host + img.path)) return;
    const body = renderLeadImage(img, SITES[site].name);
    const settled = body.catch(() => undefined);
    images.push(settled);
    route(SITES[site].host, img.path, { status: 200, type: img.format === 'webp' ? 'image/webp' : 'image/jpeg', body, lastModified });
    entries.push({ url: img.url, kind: 'other', expect: 'rejected', status: 200, contentType: `image/${img.format}`, note: 'A lead image (og:image), not an article.' });
  };

  for (const id of SITE_IDS) {
    const site = SITES[id];
    const own = bySite[id];
    const newestFirst = [...own].reverse();
    const related = (a: { url: string; topic: TopicId; tags: string[]; date: Date }): DemoArticle[] =>
      own
        .filter((o) => o.url !== a.url && o.topic === a.topic)
        .map((o) => ({ o, score: o.tags.filter((t) => a.tags.includes(t)).length * 1e12 - Math.abs(o.date.getTime() - a.date.getTime()) }))
        .sort((x, y) => y.score - x.score || x.o.url.localeCompare(y.o.url))
        .slice(0, 3)
        .map((x) => x.o);

    const items: SiteItem[] = own.map((a) => ({
      topic: a.topic,
      title: a.title,
      author: a.author,
      date: a.date,
      summary: a.summary,
      tags: a.tags,
      image: a.image.url,
      link: plan.feedLinks.get(a.url) ?? a.url,
      rssLink: plan.rssLinks.get(a.url),
      page: { ...a, related: related(a) },
      listed: true,
      article: a,
    }));
    for (const extra of plan.items[id] ?? []) {
      if (extra.page && extra.page.related.length === 0) extra.page.related = related(extra.page);
      items.push(extra);
    }
    items.sort((x, y) => y.date.getTime() - x.date.getTime() || x.link.localeCompare(y.link));
    const newest = items[0]?.date ?? FALLBACK_DATE;

    const siteFeeds: FeedLink[] = [
      { href: siteUrl(id, '/feed.xml'), type: FEED_TYPES.rss, title: `${site.name} (RSS)` },
      { href: siteUrl(id, '/atom.xml'), type: FEED_TYPES.atom, title: `${site.name} (Atom)` },
      ...(id === 'dailyparallax' ? [{ href: siteUrl(id, '/feed.json'), type: FEED_TYPES.json, title: `${site.name} (JSON Feed)` }] : []),
    ];
    const ctx: SiteContext = {
      site,
      articles: newestFirst,
      popular: pickStable(own, 5, `${id}#popular`),
      tags: tagCloud(own, 14),
      feeds: siteFeeds,
    };
    const template = TEMPLATES[id];

    // Article pages (real and trap pages), with their lead images.
    for (const item of items) {
      if (!item.page) continue;
      const p = item.page;
      route(site.host, p.path, textResource(HTML, template.article(p, ctx), p.date));
      if (p.image) image(id, p.image, p.date);
      if (item.article) {
        const a = item.article;
        const publishable = a.words >= MIN_ARTICLE_WORDS;
        entries.push({
          url: a.url,
          kind: 'article',
          topic: a.topic,
          expect: publishable ? 'published' : 'rejected',
          ...(publishable ? {} : { reason: 'too_short' as const }),
          status: 200,
          contentType: 'text/html',
          note: publishable ? `${site.name}: ${a.file} (${a.words} words)` : `${a.file} has only ${a.words} words`,
        });
      }
    }

    // Listing pages: home, and on the magazine one per section.
    const listed = items.filter((i) => i.listed && i.page).map((i) => i.page as ArticlePage);
    const listing = (path: string, title: string, intro: string, pages: ArticlePage[], feeds: FeedLink[]): void => {
      const html = template.listing({ title, path, url: siteUrl(id, path), intro, items: pages.slice(0, 12), feeds }, { ...ctx, feeds });
      route(site.host, path, textResource(HTML, html, pages[0]?.date ?? newest));
      entries.push({ url: siteUrl(id, path), kind: 'other', expect: 'rejected', status: 200, contentType: 'text/html', note: 'A listing page with feed autodiscovery links, not an article.' });
    };
    listing('/', id === 'dailyparallax' ? 'Latest stories' : 'Latest posts', site.tagline, listed, siteFeeds);

    // Feeds.
    const feedItem = (item: SiteItem, rss: boolean): FeedItem => ({
      title: item.title,
      link: (rss && item.rssLink) || item.link,
      guid: guidFor(id, item),
      guidIsLink: id === 'greenledger',
      date: item.date,
      author: item.author,
      summary: item.summary,
      tags: item.tags,
      image: item.image,
    });
    const channel = (feedUrl: string, title: string, list: SiteItem[], rss: boolean): FeedChannel => {
      const feedItems = list.map((i) => feedItem(i, rss));
      for (const f of feedItems) seen(f.link, feedUrl);
      return { title, description: site.tagline, homeUrl: siteUrl(id, '/'), feedUrl, items: feedItems };
    };
    const feed = (path: string, type: string, text: string, updated: Date, note: string): void => {
      route(site.host, path, textResource(`${type}; charset=utf-8`, text, updated, FEED_CACHE));
      entries.push({ url: siteUrl(id, path), kind: 'feed', expect: 'rejected', status: 200, contentType: type, note });
    };
    const rss = channel(siteUrl(id, '/feed.xml'), site.name, items, true);
    feed('/feed.xml', FEED_TYPES.rss, renderRss(rss, id === 'greenledger' ? 'email' : 'dc', site.host), feedUpdated(rss), 'RSS 2.0 feed of every post.');
    const atom = channel(siteUrl(id, '/atom.xml'), site.name, items, false);
    feed('/atom.xml', FEED_TYPES.atom, renderAtom(atom), feedUpdated(atom), 'Atom feed of every post.');
    if (id === 'dailyparallax') {
      const json = channel(siteUrl(id, '/feed.json'), site.name, items, false);
      feed('/feed.json', FEED_TYPES.json, renderJsonFeed(json), feedUpdated(json), 'JSON Feed 1.1 of every story.');
      for (const topic of TOPICS) {
        const sectionItems = items.filter((i) => i.topic === topic);
        const sectionFeed = siteUrl(id, `/section/${topic}/feed.xml`);
        const section = channel(sectionFeed, `${site.name}: ${SECTION_NAMES[topic]}`, sectionItems, true);
        feed(`/section/${topic}/feed.xml`, FEED_TYPES.rss, renderRss(section, 'dc'), feedUpdated(section), `RSS 2.0 feed of the ${SECTION_NAMES[topic]} section.`);
        listing(`/section/${topic}/`, SECTION_NAMES[topic], `The latest ${SECTION_NAMES[topic].toLowerCase()} stories from ${site.name}.`, listed.filter((p) => p.topic === topic), [
          { href: sectionFeed, type: FEED_TYPES.rss, title: `${site.name}: ${SECTION_NAMES[topic]}` },
          ...siteFeeds,
        ]);
      }
    }

    // Sitemaps: an index pointing to the posts sitemap.
    const sitemapPosts = siteUrl(id, '/sitemap-posts.xml');
    for (const p of listed) seen(p.url, sitemapPosts);
    route(site.host, '/sitemap-posts.xml', textResource('application/xml; charset=utf-8', renderUrlSet(listed.map((p) => ({ loc: p.url, lastmod: p.date }))), newest));
    route(site.host, '/sitemap.xml', textResource('application/xml; charset=utf-8', renderSitemapIndex([{ loc: sitemapPosts, lastmod: newest }]), newest));
    seen(sitemapPosts, siteUrl(id, '/sitemap.xml'));
    entries.push({ url: siteUrl(id, '/sitemap.xml'), kind: 'sitemap', expect: 'rejected', status: 200, contentType: 'application/xml', note: 'Sitemap index pointing to /sitemap-posts.xml.' });
    entries.push({ url: sitemapPosts, kind: 'sitemap', expect: 'rejected', status: 200, contentType: 'application/xml', note: 'Sitemap of every listed post, with <lastmod>.' });

    // robots.txt and favicon.
    route(site.host, '/robots.txt', textResource('text/plain; charset=utf-8', site.robots, FALLBACK_DATE));
    entries.push({ url: siteUrl(id, '/robots.txt'), kind: 'other', expect: 'rejected', status: 200, contentType: 'text/plain', note: id === 'bytesmith' ? 'Disallows /drafts/.' : 'robots.txt' });
    route(site.host, '/favicon.svg', textResource('image/svg+xml', faviconSvg(site.name, id), FALLBACK_DATE));
    entries.push({ url: siteUrl(id, '/favicon.svg'), kind: 'other', expect: 'rejected', status: 200, contentType: 'image/svg+xml', note: 'Site icon.' });
    const ico = renderFaviconIco(site.name, id);
    images.push(ico.catch(() => undefined));
    route(site.host, '/favicon.ico', { status: 200, type: 'image/x-icon', body: ico, lastModified: FALLBACK_DATE });
    entries.push({ url: siteUrl(id, '/favicon.ico'), kind: 'other', expect: 'rejected', status: 200, contentType: 'image/x-icon', note: 'Site icon as ICO (PNG images inside): what the crawler saves, the SVG being refused.' });

    notFoundPages.set(site.host, Buffer.from(template.notFound('{path}', ctx)));
  }

  for (const extra of plan.routes) route(extra.host, extra.path, extra.resource);
  entries.push(...plan.entries);

  // Forum and search.
  const forum = buildForum(articles, plan.www, newestOverall);
  for (const post of forum.manifest.posts) for (const l of post.links) seen(l.url, forum.feedUrl);
  if (forum.manifest.version2.addedLink) seen(forum.manifest.version2.addedLink, forum.feedUrl);
  entries.push({ url: forum.feedUrl, kind: 'feed', expect: 'rejected', status: 200, contentType: FEED_TYPES.rss, note: 'Discourse-style posts.rss; setForumVersion(2) edits one post.' });
  for (const path of forum.topicPaths) {
    entries.push({ url: `http://${FORUM_HOST}${path}`, kind: 'other', expect: 'rejected', status: 200, contentType: 'text/html', note: 'A forum topic page: discussion, not an article.' });
  }
  const forumHome = `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Parallax Readers Forum</title><link rel="alternate" type="application/rss+xml" title="Latest posts" href="${forum.feedUrl}"></head><body><h1>Parallax Readers Forum</h1><ul>${forum.topicPaths.map((p) => `<li><a href="${p}">${p}</a></li>`).join('')}</ul></body></html>\n`;
  route(FORUM_HOST, '/', textResource(HTML, forumHome, newestOverall));
  route(FORUM_HOST, '/robots.txt', textResource('text/plain; charset=utf-8', 'User-agent: *\nDisallow: /admin/\nDisallow: /u/\n', FALLBACK_DATE));
  route(SEARCH_HOST, '/', textResource(HTML, '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>searx (sample)</title></head><body><form action="/search"><input name="q"><input type="hidden" name="format" value="json"><button>Search</button></form></body></html>\n', FALLBACK_DATE));
  route(SEARCH_HOST, '/robots.txt', textResource('text/plain; charset=utf-8', 'User-agent: *\nDisallow: /preferences\n', FALLBACK_DATE));
  for (const host of [FORUM_HOST, SEARCH_HOST]) notFoundPages.set(host, Buffer.from('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>404 Not Found</h1><p>{path}</p></body></html>\n'));

  const urls: ManifestEntry[] = entries.map((e) => ({ ...e, foundIn: [...(foundIn.get(e.url) ?? [])].sort() }));
  const manifest: SampleManifest = {
    urls,
    articles: articles
      .filter((a) => a.words >= MIN_ARTICLE_WORDS)
      .map((a) => ({ url: a.url, title: a.title, topic: a.topic, site: a.site, author: a.author, published: a.date.toISOString(), summary: a.summary, tags: a.tags, words: a.words, image: a.image.url })),
    forum: forum.manifest,
    search: `http://${SEARCH_HOST}/search`,
  };
  const hosts = [...SITE_IDS.map((id) => SITES[id].host), WWW_ORBITAL_HOST, FORUM_HOST, SEARCH_HOST];
  return { articles, problems, manifest, hosts, routes, notFoundPages, forum, imagesDone: Promise.all(images) };
}

function guidFor(site: SiteId, item: SiteItem): string {
  const key = item.page?.path ?? item.link;
  switch (site) {
    case 'orbitalnotes':
      return `http://orbitalnotes.test/?p=${postId(key)}`;
    case 'greenledger':
      return item.link;
    case 'bytesmith':
      return `urn:bytesmith:post:${hashNumber(key).toString(36)}`;
    case 'dailyparallax': {
      const h = sha1(key);
      return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
    }
  }
}

