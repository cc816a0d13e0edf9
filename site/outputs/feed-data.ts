import { articleTime, articleUpdated } from '../model/article-time.ts';
import type { FeedItem, FeedMeta } from './feeds.ts';
import { escapeHtml } from '../html/html.ts';
import { largestImage, mimeForFormat } from '../html/images.ts';
import { bodyStart } from '../html/page-data.ts';
import { PLACEHOLDER_OWNER } from '../../crawler/config/schema.ts';
import { isPlaceholderAddress } from '../../crawler/config/placeholders.ts';
import { shownBody } from '../model/reuse.ts';
import { servedHtml } from '../html/served-html.ts';
import type { Article, SiteIndex, TopicInfo } from '../model/site-index.ts';

// Turns index entries into feed items and metadata; the writers in feeds.ts do the XML.

export type FeedKind = 'rss' | 'atom' | 'json';

function feedPaths(index: SiteIndex, topic?: TopicInfo): Record<FeedKind, string> {
  const dir = topic ? `${topic.slug}/` : '';
  return { rss: index.routes.path(`${dir}rss.xml`), atom: index.routes.path(`${dir}atom.xml`), json: index.routes.path(`${dir}feed.json`) };
}

export function feedMeta(index: SiteIndex, items: Article[], topic?: TopicInfo): FeedMeta {
  const { config, routes } = index;
  const paths = feedPaths(index, topic);
  return {
    title: topic ? `${topic.name} – ${config.site.title}` : config.site.title,
    description: topic ? topic.description || `${topic.name} on ${config.site.title}` : config.site.description,
    language: config.site.language,
    homeUrl: routes.absolute(topic ? routes.topic(topic.slug) : routes.home()),
    feedUrls: { rss: routes.absolute(paths.rss), atom: routes.absolute(paths.atom), json: routes.absolute(paths.json) },
    author: siteAuthor(index),
    icon: routes.absolute(routes.path('icons/icon-512.png')),
    favicon: routes.absolute(routes.path('icons/icon-192.png')),
    updated: items[0]?.data.publishedOnSite ?? null,
    hub: config.site.websubHub,
  };
}

/** The feeds' author is the site: its title (with its owner, when the config names a real one), its home page, and its contact address when it is one. */
export function siteAuthor(index: SiteIndex): FeedMeta['author'] {
  const { site } = index.config;
  const owner = site.legal.owner.trim();
  const named = owner && owner !== PLACEHOLDER_OWNER && owner !== site.title;
  const email = site.legal.email.trim();
  return {
    name: named ? `${site.title} (${owner})` : site.title,
    uri: index.routes.absolute(index.routes.home()),
    email: email && !isPlaceholderAddress(email) ? email : undefined,
  };
}

export function feedItem(index: SiteIndex, article: Article, html: string): FeedItem {
  const { config, routes } = index;
  const url = routes.absolute(article.path);
  const data = article.data;
  const image = data.image ? largestImage(data.image) : null;
  const imageUrl = image ? new URL(routes.asset(image.src), url).href : null;
  // The feeds carry what the article page shows (reuse.ts): the whole body, its excerpt, or the source's description; then the way to the original.
  const mode = article.mode;
  const summary = data.description || (mode === 'link' ? '' : bodyStart(html, 280));
  const name = escapeHtml(article.source);
  let contentHtml: string | null = null;
  const story = storyHtml(index, article);
  if (mode === 'link') {
    contentHtml = servedHtml(`${summary ? `<p>${escapeHtml(summary)}</p>\n` : ''}<p><a href="${escapeHtml(data.url)}">Read the article at ${name}</a></p>${story}`, { origin: config.site.url });
  } else if (config.publish.fullContentInFeeds) {
    const lead = imageUrl ? `<figure><img src="${escapeHtml(imageUrl)}" alt="${escapeHtml(data.image?.alt ?? '')}"></figure>\n` : '';
    const source =
      mode === 'full'
        ? `<p>Originally published by <a href="${escapeHtml(data.url)}">${name}</a>.</p>`
        : `<p><a href="${escapeHtml(data.url)}">Read the full article at ${name}</a></p>`;
    // Feed readers have no CSP: the whole item goes through the allowlist, last.
    contentHtml = servedHtml(`${lead}${shownBody(mode, html)}\n${source}${story}`, { origin: config.site.url });
  }
  return {
    url,
    title: data.title,
    summary,
    contentHtml,
    // The article's own time, not the run that published it: a run's articles never share one timestamp.
    published: articleTime(data).iso,
    updated: articleUpdated(data),
    authors: data.author ? [data.author] : [],
    tags: article.shownTags.map((t) => t.name),
    image: image && imageUrl && mode !== 'link' ? { url: imageUrl, type: mimeForFormat(image.format, image.src), width: image.width, height: image.height } : null,
    sourceUrl: data.url,
    source: { name: article.source, url: siteOf(data.url), feedUrl: article.host ? index.sourceFeed(article.host, article.topic) : null },
    language: data.lang,
  };
}

/** An item of a story carries the story's page and every other telling's headline (a feed is made anew each build; the article page, kept, lists the first tellings). */
function storyHtml(index: SiteIndex, article: Article): string {
  const story = index.storyOf(article);
  if (!story) return '';
  const link = (a: Article) => `<li>${escapeHtml(a.source)}: <a href="${escapeHtml(index.routes.absolute(a.path))}">${escapeHtml(a.data.title)}</a></li>`;
  const others = story.members.filter((m) => m !== article);
  return `\n<p>One of ${story.members.length} reports of this story (<a href="${escapeHtml(index.routes.absolute(story.path))}">the whole story</a>). Also:</p>\n<ul>${others.map(link).join('')}</ul>`;
}

/** The home page of an article's site (its origin), for crediting the source. */
export function siteOf(url: string): string {
  const origin = URL.parse(url)?.origin;
  return origin && origin !== 'null' ? `${origin}/` : url;
}

/** The newest `publish.feedItems` articles of the site or of one topic. */
export function feedArticles(index: SiteIndex, topic?: TopicInfo): Article[] {
  return (topic ? topic.articles : index.articles).slice(0, index.config.publish.feedItems);
}
