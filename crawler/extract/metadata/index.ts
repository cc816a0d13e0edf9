import { collapse, hasAncestor, textOf } from '../dom.ts';
import { resolveWebUrl } from '../../url/index.ts';
import { classMatches, hasClass, hasToken, tagged, tokenPattern, type DocIndex } from '../dom-index.ts';
import type { FeedLink, LeadImage } from '../types.ts';
import { authorsFromInfoLines, cleanAuthorName, infoLines, splitAuthors, uniqueAuthors, visibleAuthors } from './authors.ts';
import { dateFromUrl, normalizeDate } from './dates.ts';
import { parseJsonLdScripts, readJsonLd } from './jsonld.ts';
import { baseUrlOf, canonicalOf, faviconOf, feedsOf } from './links.ts';
import { normalizeLang } from './lang.ts';
import { readMetaTags, type MetaTags } from './meta-tags.ts';
import { chooseTitle, findHeadline } from './title.ts';
import { decodeEntities } from '../entities.ts';
import { titleSuffixOf } from '../../url/source-name.ts';
import type { PageNames } from '../../url/source-name.ts';

// Every field has one precedence chain, most explicit source first:
// JSON-LD › OpenGraph › Twitter › other <meta> › <time> › what the page shows (h1, bylines, URL).

export interface PageMetadata {
  title: string;
  description: string | null;
  authors: string[];
  siteName: string | null;
  /** What the page says its site is called, each kind apart (crawler/url/source-name.ts chooses among a host's). */
  names: PageNames;
  declaredLang: string | null;
  publishedAt: string | null;
  modifiedAt: string | null;
  image: LeadImage | null;
  favicon: string | null;
  canonicalUrl: string | null;
  feeds: FeedLink[];
  /** JSON-LD articleBody, when the page publishes one: a candidate body of its own. */
  jsonLdBody: string | null;
  /** The element showing the headline, if the page has one. */
  headline: Element | null;
}

const PUBLISHED_META = [
  'date', 'pubdate', 'publishdate', 'publish-date', 'publish_date', 'published', 'published_time', 'article.published',
  'dc.date.issued', 'dcterms.issued', 'dc.date', 'dcterms.date', 'dc.date.created', 'dcterms.created', 'sailthru.date',
  'parsely-pub-date', 'citation_publication_date', 'citation_date', 'datepublished', 'original-publish-date', 'originalpublicationdate',
];
const MODIFIED_META = ['dcterms.modified', 'dc.date.modified', 'datemodified', 'lastmod', 'last-updated', 'updated_time'];

export function readMetadata(doc: Document, index: DocIndex, url: string): PageMetadata {
  const meta = readMetaTags(tagged(index, 'meta'));
  const scripts = tagged(index, 'script')
    .filter((s) => /ld\+json/i.test(s.getAttribute('type') ?? ''))
    .map((s) => s.textContent ?? '');
  const ld = readJsonLd(parseJsonLdScripts(scripts));
  const base = baseUrlOf(tagged(index, 'base'), url);
  const links = tagged(index, 'link');

  const siteName = first(ld.siteName, meta.get('og:site_name'), ld.publisherName, meta.get('application-name', 'apple-mobile-web-app-title'));
  const titleTag = textOf(tagged(index, 'title')[0]) || null;
  const declaredName = (value: string | undefined | null) => (value ? decodeEntities(value).replace(/\s+/g, ' ').trim() || null : null);
  const headings = [...tagged(index, 'h1'), ...tagged(index, 'h2'), ...tagged(index, 'h3')];
  const title = decodeEntities(
    chooseTitle({
      declared: [
        ld.headline,
        meta.get('og:title'),
        meta.get('twitter:title'),
        meta.get('dc.title', 'dcterms.title', 'title', 'sailthru.title', 'parsely-title', 'citation_title', 'headline'),
      ],
      titleTag,
      headings,
      siteName,
      url,
    }),
  );

  return {
    title,
    description: nonEmpty(first(ld.description, meta.get('og:description'), meta.get('twitter:description'), meta.get('description', 'dc.description', 'dcterms.description', 'sailthru.description'))),
    authors: authorsOf(ld.authors, meta, index),
    siteName: siteName ? decodeEntities(siteName) : null,
    names: {
      siteName: declaredName(meta.get('og:site_name')),
      applicationName: declaredName(meta.get('application-name', 'apple-mobile-web-app-title')),
      titleSuffix: titleSuffixOf(titleTag ? decodeEntities(titleTag) : null),
    },
    declaredLang: normalizeLang(
      doc.documentElement?.getAttribute('lang') ??
        doc.documentElement?.getAttribute('xml:lang') ??
        meta.get('content-language', 'language', 'dc.language', 'dcterms.language') ??
        ld.inLanguage,
    ),
    publishedAt: publishedOf(ld.datePublished, meta, index, url),
    modifiedAt: firstDate(
      ld.dateModified,
      meta.get('article:modified_time', 'og:updated_time', 'og:modified_time'),
      ...MODIFIED_META.map((key) => meta.get(key)),
      ...index.itemprops.filter((el) => hasToken(el, 'itemprop', 'datemodified')).map((el) => el.getAttribute('datetime') ?? el.getAttribute('content')),
      tagged(index, 'time').find((el) => hasClass(el, 'updated'))?.getAttribute('datetime'),
    ),
    image: imageOf(ld.image, meta, links, tagged(index, 'img'), base),
    favicon: faviconOf(links, base, url),
    canonicalUrl: canonicalOf(links, base, meta.get('og:url')),
    feeds: feedsOf(links, base),
    jsonLdBody: ld.articleBody,
    headline: findHeadline(headings, title),
  };
}

function first(...values: Array<string | null | undefined>): string | null {
  for (const value of values) if (value && value.trim()) return collapse(value);
  return null;
}

function nonEmpty(value: string | null): string | null {
  return value ? decodeEntities(value) || null : null;
}

function authorsOf(ldAuthors: string[], meta: MetaTags, index: DocIndex): string[] {
  const fromList = (list: string[]) => uniqueAuthors(list.flatMap((raw) => (/^https?:\/\//i.test(raw) ? [] : splitAuthors(raw))));
  const chain: Array<() => string[]> = [
    () => uniqueAuthors(ldAuthors.map((a) => cleanAuthorName(a)).filter((a): a is string => a !== null)),
    () => fromList(meta.all('article:author').concat(meta.all('og:article:author'))),
    () => (/^(?:written|author)/i.test(meta.get('twitter:label1') ?? '') ? fromList(meta.all('twitter:data1')) : []),
    () => fromList(meta.all('author').concat(meta.all('dc.creator'), meta.all('dcterms.creator'), meta.all('citation_author'), meta.all('sailthru.author'), meta.all('parsely-author'))),
    () => visibleAuthors(index),
    () => authorsFromInfoLines(infoLines(index)),
  ];
  for (const source of chain) {
    const found = source();
    if (found.length > 0) return found.slice(0, 10);
  }
  return [];
}

function firstDate(...values: Array<string | null | undefined>): string | null {
  for (const value of values) {
    const date = normalizeDate(value);
    if (date) return date;
  }
  return null;
}

const VISIBLE_DATE_CLASSES = tokenPattern(['published', 'entry-date', 'post-date', 'postdate', 'date-header', 'dateline', 'timestamp', 'date']);

function publishedOf(ldDate: string | null, meta: MetaTags, index: DocIndex, url: string): string | null {
  const times = tagged(index, 'time').filter((el) => el.hasAttribute('datetime'));
  const time =
    times.find((el) => el.hasAttribute('pubdate') || hasToken(el, 'itemprop', 'datepublished')) ??
    times.find((el) => hasAncestor(el, ['article', 'header'])) ??
    times[0];
  const visible = index.named.filter((el) => classMatches(el, VISIBLE_DATE_CLASSES)).slice(0, 5);
  return firstDate(
    ldDate,
    meta.get('article:published_time', 'og:published_time', 'og:article:published_time'),
    ...PUBLISHED_META.map((key) => meta.get(key)),
    index.itemprops.find((el) => hasToken(el, 'itemprop', 'datepublished') && el.hasAttribute('content'))?.getAttribute('content'),
    time?.getAttribute('datetime'),
    ...visible.map((el) => el.getAttribute('title') ?? el.getAttribute('datetime') ?? textOf(el).slice(0, 120)),
    ...infoLines(index),
    dateFromUrl(url),
  );
}

function imageOf(ldImage: LeadImage | null, meta: MetaTags, links: Element[], images: Element[], base: string): LeadImage | null {
  const candidates: Array<[string | null | undefined, string | null]> = [
    [ldImage?.url, ldImage?.alt ?? null],
    [meta.get('og:image:secure_url', 'og:image:url', 'og:image'), meta.get('og:image:alt')],
    [meta.get('twitter:image', 'twitter:image:src'), meta.get('twitter:image:alt')],
    [links.find((link) => hasToken(link, 'rel', 'image_src'))?.getAttribute('href'), null],
    [meta.get('image', 'thumbnail', 'thumbnailurl'), null],
  ];
  for (const [raw, alt] of candidates) {
    const url = resolveWebUrl(raw, base);
    if (url) return { url, alt: alt ? collapse(alt) || null : altOnPage(url, images, base) };
  }
  return null;
}

/** The alt text of the page's own <img> showing the lead image, when the metadata gives none. */
function altOnPage(url: string, images: Element[], base: string): string | null {
  for (const img of images.slice(0, 200)) {
    const alt = img.getAttribute('alt');
    if (alt && alt.trim() && resolveWebUrl(img.getAttribute('src'), base) === url) return collapse(alt);
  }
  return null;
}
