// A source host's name, as readers see it (crawler/url/source-host.ts says which host). The
// crawler learns what each host says it is called (its feeds' titles at discovery, its pages'
// og:site_name, application-name and <title> at extraction: store/source-names.ts), the build
// reads that from the state, and this one pure rule chooses, most explicit first:
//
//   1. the owner's `name` for one of the host's sources in the config
//   2. the title of the host's feeds (what they share when there are several)
//   3. og:site_name of its pages
//   4. application-name of its pages
//   5. the name its published articles declare (their frontmatter siteName: a site crawled
//      before names were learned)
//   6. a <title> suffix its pages repeat ("Headline | The Daily Parallax"), seen on two or more pages
//   7. the host itself
//
// The host stays the source's address (/sources/<host>/): only what readers read changes.

export interface SourceNameEvidence {
  /** The owner's name for the host in the config. */
  configured?: string | null;
  /** The titles of the host's feeds, as they call themselves. */
  feedTitles?: readonly string[];
  /** og:site_name of its pages (the latest seen). */
  siteName?: string | null;
  /** application-name (or apple-mobile-web-app-title) of its pages (the latest seen). */
  applicationName?: string | null;
  /** The name its articles declare most often. */
  declared?: string | null;
  /** The last segment of its pages' <title>, and on how many pages in a row it was the same. */
  titleSuffix?: { text: string; pages: number } | null;
}

/** What one page says its site is called, each kind apart (extract reads it, store/source-names.ts keeps it per host). */
export interface PageNames {
  siteName: string | null;
  applicationName: string | null;
  /** Its <title>'s last segment after a separator (titleSuffixOf). */
  titleSuffix: string | null;
}

/** Names longer than this are a sentence, not a name. */
const MAX_NAME = 80;
/** A title suffix is a name only once this many of the host's pages repeat it. */
export const SUFFIX_PAGES = 2;

/** Separators between a headline and a site's name in a <title>, and between a feed's name and its section. */
const TITLE_SEPARATORS = /\s+(?:[|·•»—–\-~/]|::)\s+/u;
const FEED_SEPARATORS = /\s*:\s+|\s+(?:[|·•»—–\-~/]|::)\s+/u;

function clean(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text && text.length <= MAX_NAME && /[\p{L}\p{N}]/u.test(text) ? text : null;
}

/** A feed's title without what says it is a feed: "Bytesmith (RSS)", "Bytesmith - Atom feed", "Bytesmith - All content" → "Bytesmith". */
function withoutFeedWords(title: string): string {
  return title
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*\((?:rss|atom|json feed|feed)\)$/i, '')
    .replace(/\s+(?:[:|·•»—–~/-]|::)\s+(?:rss|atom|json feed|rss feed|atom feed|feed|full feed|all content|all posts|all articles|all stories|latest(?: (?:news|posts|articles|stories))?)$/i, '');
}

/** The name a host's feeds give: the one title, or the leading part (before a separator) they all share ("The Daily Parallax: Space", "The Daily Parallax: Climate" → "The Daily Parallax"). */
export function feedTitlesName(titles: readonly string[]): string | null {
  const distinct = [...new Set(titles.map(withoutFeedWords).filter(Boolean))];
  if (distinct.length <= 1) return clean(distinct[0]);
  const parts = distinct.map((t) => t.split(FEED_SEPARATORS));
  let shared = Math.min(...parts.map((p) => p.length));
  for (const p of parts) {
    let n = 0;
    while (n < shared && p[n]!.toLowerCase() === parts[0]![n]!.toLowerCase()) n++;
    shared = n;
  }
  return shared ? clean(distinct[0]!.slice(0, prefixLength(distinct[0]!, shared))) : null;
}

/** How many characters of `title` its first `count` separated parts take (the separators between them kept). */
function prefixLength(title: string, count: number): number {
  const separator = new RegExp(FEED_SEPARATORS.source, 'gu');
  let seen = 0;
  for (const match of title.matchAll(separator)) if (++seen === count) return match.index;
  return title.length;
}

/** The last segment of a page's <title> after a separator ("Headline | Section | The Daily Parallax" → "The Daily Parallax"); null when it has none. */
export function titleSuffixOf(title: string | null | undefined): string | null {
  const parts = (title ?? '').replace(/\s+/g, ' ').trim().split(TITLE_SEPARATORS);
  return parts.length > 1 ? clean(parts[parts.length - 1]) : null;
}

/** The name readers see for a source host: the first the evidence gives, in the order above, else the host. */
export function chooseSourceName(host: string, evidence: SourceNameEvidence): string {
  const suffix = evidence.titleSuffix && evidence.titleSuffix.pages >= SUFFIX_PAGES ? evidence.titleSuffix.text : null;
  return (
    clean(evidence.configured) ??
    feedTitlesName(evidence.feedTitles ?? []) ??
    clean(evidence.siteName) ??
    clean(evidence.applicationName) ??
    clean(evidence.declared) ??
    clean(suffix) ??
    host
  );
}
