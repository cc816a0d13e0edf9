import type { Publisher } from './jsonld.ts';
import type { Article, SiteIndex } from './site-index.ts';

/** Where an article page's rel=canonical points: the page itself, or the source (config site.canonical). */
export function articleCanonical(index: SiteIndex, article: Article): string {
  if (index.config.site.canonical === 'source') return article.data.canonical || article.data.url;
  return index.routes.absolute(article.path);
}

/** hreflang alternates for an article written in another language than the site's. */
export function languageAlternates(index: SiteIndex, article: Article): Array<{ hreflang: string; href: string }> {
  const lang = article.data.lang || index.config.site.language;
  if (lang.toLowerCase() === index.config.site.language.toLowerCase()) return [];
  return [{ hreflang: lang, href: articleCanonical(index, article) }];
}

/** The source's name: its declared site name, else its host name. */
export function sourceName(data: { siteName: string | null; url: string }): string {
  if (data.siteName) return data.siteName;
  try {
    return new URL(data.url).hostname.replace(/^www\./, '');
  } catch {
    return data.url;
  }
}

/** The site as a schema.org publisher (its name, home page and logo). */
export function publisher(index: SiteIndex): Publisher {
  const { config, routes } = index;
  return { name: config.site.title, url: routes.absolute(routes.home()), logo: routes.absolute(routes.path('icons/icon-512.png')) };
}
