// URL and file names from text: lowercase ASCII words joined by hyphens. Accents and other marks
// are dropped, the Latin letters NFKD leaves alone are spelled out (ß → ss, æ → ae, ø → o, ł → l),
// apostrophes vanish inside a word ("don't" → "dont"), and whatever else is not a letter or digit
// separates words. Text with no Latin letters or digits gives "".
//
// Published article slugs come from this function (crawler/publish/slug.ts) and a published URL
// never changes: tests/text/slug.test.ts pins its output.

/** A cut prefers the last hyphen, unless that would leave fewer than this many characters. */
const MIN_WORD_CUT = 20;

export interface SlugOptions {
  /** At most this many characters, cut at a word boundary where one is near the end. */
  maxLength?: number;
  /**
   * An apostrophe separates words like any other punctuation ("what's new" → "what-s-new"): the
   * demo's sample blogs name their heading anchors and tag pages that way, and their pages (and
   * so the demo's crawl) must not change.
   */
  apostropheSeparates?: boolean;
}

export function slugify(text: string, options: SlugOptions = {}): string {
  const maxLength = options.maxLength ?? Infinity;
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/['’]/g, options.apostropheSeparates ? '-' : '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > MIN_WORD_CUT ? cut.slice(0, lastHyphen) : cut.slice(0, maxLength)).replace(/-+$/, '');
}
