// OpenGraph and Twitter card tags, for the site's pages (layouts/Base.astro) and AMP pages
// (amp-page.ts) alike: a link shared from either shows the same title, text and image.

export interface OgImage {
  url: string;
  width?: number | null;
  height?: number | null;
  alt?: string;
}

export interface ArticleMeta {
  published: string;
  modified: string;
  section: string;
  tags: string[];
  author: string | null;
}

export interface SocialMetaInput {
  siteTitle: string;
  /** The page's title without the site name; the site's title when absent. */
  title?: string;
  description?: string;
  /** The page's absolute URL (none for the 404 page). */
  url: string | null;
  /** The site's language ("en-GB"). */
  language: string;
  /** The page's own image; the site's icon (512 px square, absolute URL) stands in without one. */
  image: OgImage | null;
  siteIconUrl: string;
  article?: ArticleMeta;
}

/** A `<meta>` tag: OpenGraph uses `property`, Twitter `name`. */
export interface MetaTag {
  attribute: 'property' | 'name';
  key: string;
  content: string;
}

export function socialMeta(input: SocialMetaInput): MetaTag[] {
  const tags: MetaTag[] = [];
  const add = (attribute: MetaTag['attribute'], key: string, content: string | number | null | undefined) => {
    if (content !== null && content !== undefined && content !== '') tags.push({ attribute, key, content: String(content) });
  };
  const title = input.title ?? input.siteTitle;
  const image = input.image ?? { url: input.siteIconUrl, width: 512, height: 512, alt: input.siteTitle };
  // OpenGraph wants language_TERRITORY; a bare language says nothing it does not already default to.
  const locale = /^[a-z]{2,3}-[A-Z]{2}$/.test(input.language) ? input.language.replace('-', '_') : null;
  add('property', 'og:site_name', input.siteTitle);
  add('property', 'og:type', input.article ? 'article' : 'website');
  add('property', 'og:title', title);
  add('property', 'og:description', input.description);
  add('property', 'og:url', input.url);
  add('property', 'og:locale', locale);
  add('property', 'og:image', image.url);
  add('property', 'og:image:width', image.width);
  add('property', 'og:image:height', image.height);
  add('property', 'og:image:alt', image.alt);
  if (input.article) {
    add('property', 'article:published_time', input.article.published);
    add('property', 'article:modified_time', input.article.modified);
    add('property', 'article:section', input.article.section);
    add('property', 'article:author', input.article.author);
    for (const tag of input.article.tags) add('property', 'article:tag', tag);
  }
  add('name', 'twitter:card', input.image ? 'summary_large_image' : 'summary');
  add('name', 'twitter:title', title);
  add('name', 'twitter:description', input.description);
  add('name', 'twitter:image', image.url);
  add('name', 'twitter:image:alt', image.alt);
  return tags;
}
