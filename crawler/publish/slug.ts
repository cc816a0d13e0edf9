// Slugs are derived once, at publish time, stored in the database, and never recomputed:
// an article's URL never changes.

import { slugify } from '../text/slug.ts';

/**
 * Names the site uses for its own routes under /<topic>/, and device names Windows refuses as
 * file or folder names (content/<topic>/nul.md, dist/<topic>/con/): an article may not take them.
 */
const RESERVED = new Set([
  'page', 'rss', 'atom', 'feed', 'index', 'tags', 'amp', 'search', 'data', 'sitemap', 'media', 'pagefind',
  'con', 'prn', 'aux', 'nul', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => [`com${n}`, `lpt${n}`]),
]);
const MAX_LENGTH = 80;

/** An article's slug from its title ("article" when the title has no Latin letters or digits). */
export function articleSlug(title: string): string {
  return slugify(title, { maxLength: MAX_LENGTH }) || 'article';
}

/** The first of slug, slug-2, slug-3… that is neither reserved nor taken. */
export function uniqueSlug(base: string, isTaken: (slug: string) => boolean): string {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!RESERVED.has(candidate) && !isTaken(candidate)) return candidate;
  }
}
