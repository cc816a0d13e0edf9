import mime from 'mime-types';

// What each file in dist/ is, for the bucket: its Content-Type, how long caches may keep it,
// and in which phase of the upload it goes.

/**
 * - immutable: the name changes when the content does (Astro's _astro/ bundles, Pagefind's
 *   hashed index files, media/ named by content hash): cached for a year.
 * - revalidate: pages, feeds, sitemaps, the database and anything else whose URL stays the
 *   same while its content changes: browsers revalidate every time (cheap 304s), a CDN may
 *   keep a copy five minutes (an invalidation, when configured, clears it at once).
 * - static: unhashed files that rarely change (icons, Pagefind's loader): an hour.
 */
export type CacheClass = 'immutable' | 'revalidate' | 'static';

export const CACHE_CONTROL: Record<CacheClass, string> = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'public, max-age=0, s-maxage=300, must-revalidate',
  static: 'public, max-age=3600',
};

/**
 * Upload order, so an interrupted deploy never leaves a page pointing at something missing:
 * hashed assets, then the other files pages use (the database, icons, Pagefind's entry), then
 * pages not yet linked from anywhere (new ones), then pages that already exist, and last the
 * files that announce pages to the world (feeds, sitemaps, robots.txt, the checksum).
 */
export const PHASES = ['assets', 'files', 'new-pages', 'pages', 'feeds'] as const;
export type Phase = (typeof PHASES)[number];

const HASHED = [
  /^_astro\//,
  /^media\//,
  /^pagefind\/(s\d+\/)?(fragment|index|filter)\//,
  /^pagefind\/(s\d+\/)?pagefind\.[^/]+\.pf_meta$/,
];
const FEED = /(^|\/)(rss\.xml|atom\.xml|feed\.json)$/;
const SITEMAP = /^(sitemap[^/]*\.xml|sitemaps\/.+\.xml)$/;
/** Also the JSON lists of the newest articles (data/latest.json, data/<topic>/latest.json): they link new pages, like a feed. */
const ANNOUNCE = /^(robots\.txt|.+\.sha256|(.+\/)?latest\.json)$/;
const REVALIDATE_FILES = /\.(sqlite|sqlite3|db|json|webmanifest)$/;

export function isHashedAsset(path: string): boolean {
  return HASHED.some((re) => re.test(path));
}

export function isPage(path: string): boolean {
  return path.endsWith('.html');
}

function announces(path: string): boolean {
  return FEED.test(path) || SITEMAP.test(path) || ANNOUNCE.test(path);
}

export function cacheClassOf(path: string): CacheClass {
  if (isHashedAsset(path)) return 'immutable';
  if (isPage(path) || announces(path) || REVALIDATE_FILES.test(path)) return 'revalidate';
  return 'static';
}

export function phaseOf(path: string, isNew: boolean): Phase {
  if (isHashedAsset(path)) return 'assets';
  if (isPage(path)) return isNew ? 'new-pages' : 'pages';
  if (announces(path)) return 'feeds';
  return 'files';
}

const TYPES: Array<[RegExp, string]> = [
  [/(^|\/)rss\.xml$/, 'application/rss+xml; charset=utf-8'],
  [/(^|\/)atom\.xml$/, 'application/atom+xml; charset=utf-8'],
  [/(^|\/)feed\.json$/, 'application/feed+json; charset=utf-8'],
  [/\.(sqlite|sqlite3)$/, 'application/vnd.sqlite3'],
  [/\.sha256$/, 'text/plain; charset=utf-8'],
  [/\.webmanifest$/, 'application/manifest+json; charset=utf-8'],
  [/\.(pf_meta|pf_fragment|pf_index|pf_filter|pagefind)$/, 'application/octet-stream'],
];

const TEXTUAL = /^(text\/|application\/(json|xml|javascript|manifest\+json)$|image\/svg\+xml$)|\+xml$|\+json$/;

export function contentTypeOf(path: string): string {
  for (const [re, type] of TYPES) if (re.test(path)) return type;
  const type = mime.lookup(path) || 'application/octet-stream';
  return TEXTUAL.test(type) ? `${type}; charset=utf-8` : type;
}
