import { createHash } from 'node:crypto';

/** A tag's URL slug: lowercase ASCII (accents folded), words joined by single hyphens. */
export function tagSlug(tag: string): string {
  const slug = tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/ø/gi, 'o')
    .replace(/œ/gi, 'oe')
    .replace(/ł/gi, 'l')
    .replace(/đ/gi, 'd')
    .replace(/\+/g, ' plus ')
    .replace(/#/g, ' sharp ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Scripts with no ASCII folding (e.g. 日本語) still need a stable, unique slug.
  return slug || `tag-${createHash('sha1').update(tag.normalize('NFC')).digest('hex').slice(0, 10)}`;
}
