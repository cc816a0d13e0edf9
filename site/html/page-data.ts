import { articleTime, articleUpdated } from '../model/article-time.ts';
import { rfc3339 } from '../model/dates.ts';
import { htmlToText, truncate } from './html.ts';
import { largestImage } from './images.ts';
import { collectionPageLd, newsArticleLd, type JsonLd, type Publisher } from '../outputs/jsonld.ts';
import type { ReuseMode } from '../model/reuse.ts';
import { servedHtml } from './served-html.ts';
import type { Article, SiteContext } from '../model/site-index.ts';

/** A tag page lists its newest articles; older ones are one click away in search, filtered by the tag. */
export const TAG_PAGE_LIMIT = 50;

/** Where an article page's rel=canonical points: the source when the page shows less than the whole article or config site.canonical says so, else the page itself. */
export function articleCanonical(index: SiteContext, article: Article): string {
  if (index.config.site.canonical === 'source' || article.mode !== 'full') return article.data.canonical || article.data.url;
  return index.routes.absolute(article.path);
}

/** hreflang alternates for an article written in another language than the site's. */
export function languageAlternates(index: SiteContext, article: Article): Array<{ hreflang: string; href: string }> {
  const lang = article.data.lang || index.config.site.language;
  if (lang.toLowerCase() === index.config.site.language.toLowerCase()) return [];
  return [{ hreflang: lang, href: articleCanonical(index, article) }];
}

/** The site as a schema.org publisher (its name, home page and logo). */
export function publisher(index: SiteContext): Publisher {
  const { config, routes } = index;
  return { name: config.site.title, url: routes.absolute(routes.home()), logo: routes.absolute(routes.path('icons/icon-512.png')) };
}

/** An article's body (`html`, see article-body.ts) as its page serves it (see served-html.ts). */
export function articleBodyHtml(index: SiteContext, html: string): string {
  return servedHtml(html, { origin: index.config.site.url });
}

/** Text enough for any description or summary made from the start of a body. */
const DESCRIPTION_SOURCE_CHARS = 2000;

/** The start of an article's body (`html`) as plain text, at most `max` characters, ending in an ellipsis when cut. */
export function bodyStart(html: string, max: number): string {
  return truncate(htmlToText(html, { maxChars: DESCRIPTION_SOURCE_CHARS }), max);
}

/** What an article page and its AMP page both say about the article. */
export interface ArticleFacts {
  /** The article page's absolute URL. */
  url: string;
  /** Its rel=canonical (articleCanonical): OpenGraph and JSON-LD name the same URL. */
  canonical: string;
  mode: ReuseMode;
  topicName: string;
  lang: string;
  /** The source's description, else the start of the body (never in link mode): meta description, OpenGraph, JSON-LD. */
  description: string;
  /** The article's own time (article-time.ts): the source's publication date, else when it was found. */
  published: string;
  /** The source's modification date when later than `published`, else `published`. */
  modified: string;
  /** The largest widely supported lead image, absolute (OpenGraph, JSON-LD). */
  image: { url: string; width: number | null; height: number | null } | null;
}

/** `topicName`: its topic's name (the slug for a topic no longer configured). */
export function articleFacts(index: SiteContext, article: Article, html: string, topicName: string): ArticleFacts {
  const { config, routes } = index;
  const data = article.data;
  const url = routes.absolute(article.path);
  const published = articleTime(data).iso;
  const big = data.image ? largestImage(data.image) : null;
  const mode = article.mode;
  return {
    url,
    canonical: articleCanonical(index, article),
    mode,
    topicName,
    lang: data.lang || config.site.language,
    description: data.description || (mode === 'link' ? '' : bodyStart(html, 160)),
    published,
    modified: articleUpdated(data),
    image: big ? { url: new URL(routes.asset(big.src), url).href, width: big.width, height: big.height } : null,
  };
}

/** NewsArticle JSON-LD of an article page or its AMP page. */
export function articleLd(index: SiteContext, article: Article, facts: ArticleFacts): JsonLd {
  const data = article.data;
  return newsArticleLd({
    headline: data.title,
    description: facts.description,
    url: facts.canonical,
    pageUrl: facts.url,
    sourceUrl: data.url,
    datePublished: rfc3339(facts.published),
    dateModified: rfc3339(facts.modified),
    author: data.author,
    sourceName: article.source,
    images: facts.image ? [facts.image.url] : [],
    language: facts.lang,
    section: facts.topicName,
    keywords: article.shownTags.map((t) => t.name),
    wordCount: data.wordCount,
    publisher: publisher(index),
  });
}

/** CollectionPage JSON-LD of one of the site's list pages (topic, archive, tag, tags); paths are site-relative. */
export function listPageLd(index: SiteContext, page: { name: string; path: string; description: string }, items: Array<{ path: string; name: string }>): JsonLd {
  const { config, routes } = index;
  return collectionPageLd({
    name: page.name,
    url: routes.absolute(page.path),
    description: page.description,
    language: config.site.language,
    siteName: config.site.title,
    siteUrl: routes.absolute(routes.home()),
    items: items.map((item) => ({ url: routes.absolute(item.path), name: item.name })),
  });
}
