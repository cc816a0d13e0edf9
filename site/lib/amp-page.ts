import { ampDocument, toAmpHtml } from './amp.ts';
import { displayDate, rfc3339, time } from './dates.ts';
import { absolutizeHtml, escapeHtml, prepareBodyHtml } from './html.ts';
import { imageAttrs, largestImage } from './images.ts';
import { newsArticleLd } from './jsonld.ts';
import { publisher, sourceName as nameOfSource } from './page-data.ts';
import type { Article, SiteIndex } from './site-index.ts';

/** The AMP version of an article page (linked from it with rel=amphtml; its rel=canonical points back). */
export function renderAmpArticle(index: SiteIndex, article: Article): string {
  const { config, routes } = index;
  const data = article.data;
  const topic = index.topicBySlug.get(article.topic);
  const topicName = topic?.name ?? article.topic;
  const pageUrl = routes.absolute(article.path);
  const published = data.published ?? data.publishedOnSite;
  const modified = data.modified && time(data.modified) > time(published) ? data.modified : published;
  const sourceName = nameOfSource(data);
  const big = data.image ? largestImage(data.image) : null;
  const bigUrl = big ? new URL(routes.asset(big.src), pageUrl).href : null;

  let leadHtml = '';
  if (data.image) {
    const img = imageAttrs(data.image, (src) => new URL(routes.asset(src), pageUrl).href);
    const width = img.width ?? 1200;
    const height = img.height ?? 675;
    const attrs = [`src="${escapeHtml(img.src)}"`, img.srcset ? `srcset="${escapeHtml(img.srcset)}"` : '', `width="${width}"`, `height="${height}"`, 'layout="responsive"', `alt="${escapeHtml(img.alt)}"`, img.width ? '' : 'class="amp-contain"'];
    leadHtml = `<figure><amp-img ${attrs.filter(Boolean).join(' ')}></amp-img>${img.alt ? `<figcaption>${escapeHtml(img.alt)}</figcaption>` : ''}</figure>`;
  }
  const lang = data.lang || config.site.language;
  const metaHtml = [
    `<p class="meta"><a href="${escapeHtml(routes.absolute(routes.topic(article.topic)))}">${escapeHtml(topicName)}</a> · `,
    data.author ? `By ${escapeHtml(data.author)} · ` : '',
    `<time datetime="${rfc3339(published)}">${escapeHtml(displayDate(published, config.site.language))}</time>`,
    data.readingTime > 0 ? ` · ${data.readingTime} min read` : '',
    '</p>',
    `<p class="source">Source: <a href="${escapeHtml(data.url)}">${escapeHtml(sourceName)}</a></p>`,
  ].join('');
  const tagLinks = article.tags.map((t) => `<a href="${escapeHtml(routes.absolute(routes.tag(t.slug)))}">${escapeHtml(t.name)}</a>`).join('');
  const footerHtml = [
    tagLinks ? `<p class="tags">${tagLinks}</p>` : '',
    `<p>First published by <a href="${escapeHtml(data.url)}">${escapeHtml(sourceName)}</a>. <a href="${escapeHtml(pageUrl)}">Read this article on ${escapeHtml(config.site.title)}</a>.</p>`,
  ].join('');

  return ampDocument({
    lang,
    title: data.title,
    siteTitle: config.site.title,
    homeUrl: routes.absolute(routes.home()),
    canonicalUrl: pageUrl,
    description: data.description,
    iconUrl: routes.path('favicon.svg'),
    bodyHtml: toAmpHtml(absolutizeHtml(prepareBodyHtml(article.html, { base: routes.base, origin: config.site.url }), pageUrl)),
    leadHtml,
    metaHtml,
    footerHtml,
    jsonLd: [
      newsArticleLd({
        headline: data.title,
        description: data.description,
        url: pageUrl,
        sourceUrl: data.url,
        datePublished: rfc3339(published),
        dateModified: rfc3339(modified),
        author: data.author,
        sourceName: data.siteName,
        images: bigUrl ? [bigUrl] : [],
        language: lang,
        section: topicName,
        keywords: article.tags.map((t) => t.name),
        wordCount: data.wordCount,
        publisher: publisher(index),
      }),
    ],
  });
}
