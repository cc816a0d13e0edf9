// JSON-LD documents for schema.org. Serialized so that "</script>" can never end the
// element early: "<" is written as \u003c, which JSON parsers read back unchanged.

export type JsonLd = Record<string, unknown>;

export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface Publisher {
  name: string;
  url: string;
  logo: string;
}

function organization(p: Publisher): JsonLd {
  return { '@type': 'Organization', name: p.name, url: p.url, logo: { '@type': 'ImageObject', url: p.logo } };
}

export function websiteLd(options: { name: string; url: string; description: string; language: string; searchUrl: string; publisher: Publisher }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: options.name,
    url: options.url,
    description: options.description || undefined,
    inLanguage: options.language,
    publisher: organization(options.publisher),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${options.searchUrl}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function collectionPageLd(options: { name: string; url: string; description: string; language: string; siteName: string; siteUrl: string; items: Array<{ url: string; name: string }> }): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: options.name,
    url: options.url,
    description: options.description || undefined,
    inLanguage: options.language,
    isPartOf: { '@type': 'WebSite', name: options.siteName, url: options.siteUrl },
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: options.items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, url: item.url, name: item.name })),
    },
  };
}

export function newsArticleLd(options: {
  headline: string;
  description: string;
  /** The article's canonical URL (this page, or the source's when the page shows less than the whole). */
  url: string;
  /** The page that shows it, when not `url`. */
  pageUrl?: string;
  sourceUrl: string;
  datePublished: string;
  dateModified: string;
  author: string | null;
  /** The source's name (crawler/url/source-name.ts): the original's publisher. */
  sourceName: string;
  images: string[];
  language: string;
  section: string;
  keywords: string[];
  wordCount: number;
  publisher: Publisher;
}): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: options.headline.length > 110 ? `${options.headline.slice(0, 109)}…` : options.headline,
    description: options.description || undefined,
    mainEntityOfPage: { '@type': 'WebPage', '@id': options.pageUrl ?? options.url },
    url: options.url,
    // The original, credited to its publisher by the name readers see on the page.
    isBasedOn: { '@type': 'CreativeWork', url: options.sourceUrl, publisher: { '@type': 'Organization', name: options.sourceName } },
    datePublished: options.datePublished,
    dateModified: options.dateModified,
    author: options.author ? { '@type': 'Person', name: options.author } : { '@type': 'Organization', name: options.sourceName },
    image: options.images.length ? options.images : undefined,
    inLanguage: options.language,
    articleSection: options.section,
    keywords: options.keywords.length ? options.keywords.join(', ') : undefined,
    wordCount: options.wordCount || undefined,
    publisher: organization(options.publisher),
  };
}

export function breadcrumbLd(items: Array<{ name: string; url: string }>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: item.url })),
  };
}
