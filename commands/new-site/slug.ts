/**
 * Lowercase ASCII words joined by hyphens, accents dropped, at most `maxLength` characters:
 * for the tools' and commands' own names (sample-web URLs, synthetic articles, topic slugs of a new site).
 * The crawler names published articles with crawler/publish/slug.ts, which has rules of its own.
 */
export function slugify(text: string, maxLength = Infinity): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
