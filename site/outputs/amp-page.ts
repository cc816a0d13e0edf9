import { ampDocument } from './amp.ts';
import { displayDate, rfc3339 } from '../model/dates.ts';
import { escapeHtml } from '../html/html.ts';
import { imageAttrs, leadCaption } from '../html/images.ts';
import { articleFacts, articleLd } from '../html/page-data.ts';
import { shownBody } from '../model/reuse.ts';
import { AMP_DEFAULT_HEIGHT, AMP_DEFAULT_WIDTH, servedHtml } from '../html/served-html.ts';
import type { Article, SiteContext } from '../model/site-index.ts';
import { socialMeta } from '../html/social-meta.ts';

/** The AMP version of an article page (linked from it with rel=amphtml; its rel=canonical points back). */
export function renderAmpArticle(index: SiteContext, article: Article, html: string, topicName: string): string {
  const { config, routes } = index;
  const data = article.data;
  const facts = articleFacts(index, article, html, topicName);
  const pageUrl = facts.url;
  const sourceName = article.source;
  const { mode } = facts;
  const image = mode === 'link' ? null : data.image;

  let leadHtml = '';
  if (data.image && image) {
    const img = imageAttrs(data.image, (src) => new URL(routes.asset(src), pageUrl).href);
    const width = img.width ?? AMP_DEFAULT_WIDTH;
    const height = img.height ?? AMP_DEFAULT_HEIGHT;
    const attrs = [`src="${escapeHtml(img.src)}"`, img.srcset ? `srcset="${escapeHtml(img.srcset)}"` : '', `width="${width}"`, `height="${height}"`, 'layout="responsive"', `alt="${escapeHtml(img.alt)}"`, img.width ? '' : 'class="amp-contain"'];
    leadHtml = `<figure><amp-img ${attrs.filter(Boolean).join(' ')}></amp-img>${leadCaption(img.alt, data.title) ? `<figcaption>${escapeHtml(img.alt)}</figcaption>` : ''}</figure>`;
  }
  const metaHtml = [
    `<p class="meta"><a href="${escapeHtml(routes.absolute(routes.topic(article.topic)))}">${escapeHtml(facts.topicName)}</a> · `,
    data.author ? `By ${escapeHtml(data.author)} · ` : '',
    `<time datetime="${rfc3339(facts.published)}">${escapeHtml(displayDate(facts.published, config.site.language))}</time>`,
    data.readingTime > 0 ? ` · ${data.readingTime} min read` : '',
    '</p>',
    `<p class="source">Source: <a href="${escapeHtml(data.url)}">${escapeHtml(sourceName)}</a></p>`,
  ].join('');
  const tagLinks = article.shownTags.map((t) => `<a href="${escapeHtml(routes.absolute(routes.tag(t.slug)))}">${escapeHtml(t.name)}</a>`).join('');
  const footerHtml = [
    tagLinks ? `<p class="tags">${tagLinks}</p>` : '',
    `<p>First published by <a href="${escapeHtml(data.url)}">${escapeHtml(sourceName)}</a>. <a href="${escapeHtml(pageUrl)}">Read this article on ${escapeHtml(config.site.title)}</a>.</p>`,
  ].join('');

  return ampDocument({
    lang: facts.lang,
    title: data.title,
    siteTitle: config.site.title,
    homeUrl: routes.absolute(routes.home()),
    canonicalUrl: pageUrl,
    description: facts.description,
    iconUrl: routes.path('favicon.svg'),
    // The same excerpt or summary as the article page, and the same way to the original.
    bodyHtml: [
      mode === 'link' ? (facts.description ? `<p>${escapeHtml(facts.description)}</p>` : '') : servedHtml(shownBody(mode, html), { origin: config.site.url, amp: true }),
      mode === 'full' ? '' : `<p class="read-original"><a href="${escapeHtml(data.url)}">Read the full article at ${escapeHtml(sourceName)}</a></p>`,
    ].join(''),
    leadHtml,
    metaHtml,
    footerHtml,
    jsonLd: [articleLd(index, article, facts)],
    social: socialMeta({
      siteTitle: config.site.title,
      title: data.title,
      description: facts.description,
      url: facts.canonical,
      language: config.site.language,
      image: facts.image && image ? { ...facts.image, alt: image.alt } : null,
      siteIconUrl: routes.absolute(routes.path('icons/icon-512.png')),
      article: { published: rfc3339(facts.published), modified: rfc3339(facts.modified), section: facts.topicName, tags: article.shownTags.map((t) => t.name), author: data.author },
    }),
  });
}
