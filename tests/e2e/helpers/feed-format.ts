import { JSDOM } from 'jsdom';

// Format checks for the site's feeds and sitemaps: a strict XML parse (jsdom reports any
// well-formedness error), then the elements each format requires, with valid dates and
// absolute URLs. Each returns the problems found (empty when the document is valid) and the
// items' identities, so GUIDs can be compared across builds.

const ATOM = 'http://www.w3.org/2005/Atom';
const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export interface FeedItemId {
  /** guid (RSS) or id (Atom, JSON Feed). */
  id: string;
  link: string;
}

export interface FeedCheck {
  problems: string[];
  items: FeedItemId[];
}

const window = new JSDOM('').window;

function parseXml(xml: string): { doc: Document | null; problems: string[] } {
  const doc = new window.DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  return error ? { doc: null, problems: [`not well-formed XML: ${error.textContent?.slice(0, 200)}`] } : { doc, problems: [] };
}

function childText(parent: Element, name: string, ns: string | null = null): string | null {
  for (const child of parent.children) if (child.localName === name && child.namespaceURI === ns) return child.textContent;
  return null;
}

function isAbsolute(url: string | null): boolean {
  try {
    return url !== null && /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * WebSub (§4): a feed that names a hub names its own address too (rel="self"), both absolute,
 * each once: a subscriber asks the hub for the self URL. `links` are the feed-level links.
 */
function websubProblems(links: Array<{ rel: string | null; href: string | null }>): string[] {
  const hubs = links.filter((l) => l.rel === 'hub');
  if (!hubs.length) return [];
  const selves = links.filter((l) => l.rel === 'self');
  const problems: string[] = [];
  if (hubs.length > 1) problems.push(`${hubs.length} hub links`);
  if (selves.length !== 1) problems.push(`a hub link but ${selves.length} self links`);
  for (const l of [...hubs, ...selves]) if (!isAbsolute(l.href)) problems.push(`${l.rel} link is not absolute: ${l.href}`);
  return problems;
}

export function checkRss(xml: string): FeedCheck {
  const { doc, problems } = parseXml(xml);
  if (!doc) return { problems, items: [] };
  const rss = doc.documentElement;
  if (rss.localName !== 'rss' || rss.getAttribute('version') !== '2.0') problems.push('root is not <rss version="2.0">');
  const channel = [...rss.children].find((c) => c.localName === 'channel');
  if (!channel) return { problems: [...problems, 'no <channel>'], items: [] };
  for (const name of ['title', 'link', 'description']) if (!childText(channel, name)) problems.push(`channel lacks <${name}>`);
  problems.push(...websubProblems([...channel.children].filter((c) => c.localName === 'link' && c.namespaceURI === ATOM).map((l) => ({ rel: l.getAttribute('rel'), href: l.getAttribute('href') }))));
  const items: FeedItemId[] = [];
  for (const item of [...channel.children].filter((c) => c.localName === 'item')) {
    const guid = childText(item, 'guid');
    const link = childText(item, 'link');
    const pubDate = childText(item, 'pubDate');
    if (!childText(item, 'title') && !childText(item, 'description')) problems.push('item without title or description');
    if (!guid) problems.push(`item without guid: ${link}`);
    if (!isAbsolute(link)) problems.push(`item link is not absolute: ${link}`);
    if (!pubDate || !RFC822.test(pubDate)) problems.push(`item pubDate is not RFC 822: ${pubDate}`);
    if (guid && link) items.push({ id: guid, link });
  }
  return { problems, items };
}

export function checkAtom(xml: string): FeedCheck {
  const { doc, problems } = parseXml(xml);
  if (!doc) return { problems, items: [] };
  const feed = doc.documentElement;
  if (feed.localName !== 'feed' || feed.namespaceURI !== ATOM) return { problems: [...problems, 'root is not an Atom <feed>'], items: [] };
  for (const name of ['id', 'title', 'updated']) if (!childText(feed, name, ATOM)) problems.push(`feed lacks <${name}>`);
  if (!RFC3339.test(childText(feed, 'updated', ATOM) ?? '')) problems.push('feed updated is not RFC 3339');
  problems.push(...websubProblems([...feed.children].filter((c) => c.localName === 'link' && c.namespaceURI === ATOM).map((l) => ({ rel: l.getAttribute('rel'), href: l.getAttribute('href') }))));
  const hasAuthor = [...feed.children].some((c) => c.localName === 'author');
  const items: FeedItemId[] = [];
  for (const entry of [...feed.children].filter((c) => c.localName === 'entry' && c.namespaceURI === ATOM)) {
    const id = childText(entry, 'id', ATOM);
    const alternate = [...entry.children].find((c) => c.localName === 'link' && (c.getAttribute('rel') ?? 'alternate') === 'alternate')?.getAttribute('href') ?? null;
    for (const name of ['id', 'title', 'updated']) if (!childText(entry, name, ATOM)) problems.push(`entry lacks <${name}>: ${id}`);
    if (!RFC3339.test(childText(entry, 'updated', ATOM) ?? '')) problems.push(`entry updated is not RFC 3339: ${id}`);
    if (!hasAuthor && ![...entry.children].some((c) => c.localName === 'author')) problems.push(`entry without author (and the feed has none): ${id}`);
    if (!isAbsolute(alternate)) problems.push(`entry without an absolute alternate link: ${id}`);
    if (id && alternate) items.push({ id, link: alternate });
  }
  return { problems, items };
}

export function checkJsonFeed(text: string): FeedCheck {
  let feed: Record<string, unknown>;
  try {
    feed = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    return { problems: [`not JSON: ${(error as Error).message}`], items: [] };
  }
  const problems: string[] = [];
  if (feed.version !== 'https://jsonfeed.org/version/1.1') problems.push(`version is ${String(feed.version)}`);
  if (typeof feed.title !== 'string' || !feed.title) problems.push('no title');
  if (feed.hubs !== undefined) {
    // JSON Feed 1.1: hubs is a list of { type, url }; its self link is feed_url.
    const hubs = Array.isArray(feed.hubs) ? (feed.hubs as Array<Record<string, unknown>>) : [];
    if (!hubs.length || hubs.some((h) => typeof h.type !== 'string' || typeof h.url !== 'string')) problems.push('hubs is not a list of { type, url }');
    problems.push(...websubProblems([...hubs.filter((h) => h.type === 'WebSub').map((h) => ({ rel: 'hub', href: String(h.url) })), ...(feed.feed_url === undefined ? [] : [{ rel: 'self', href: String(feed.feed_url) }])]));
  }
  if (!Array.isArray(feed.items)) return { problems: [...problems, 'items is not an array'], items: [] };
  const items: FeedItemId[] = [];
  for (const item of feed.items as Array<Record<string, unknown>>) {
    if (typeof item.id !== 'string' || !item.id) problems.push('item without a string id');
    if (typeof item.content_html !== 'string' && typeof item.content_text !== 'string') problems.push(`item without content_html or content_text: ${String(item.id)}`);
    if (!isAbsolute(item.url as string)) problems.push(`item url is not absolute: ${String(item.url)}`);
    if (item.date_published !== undefined && !RFC3339.test(String(item.date_published))) problems.push(`item date_published is not RFC 3339: ${String(item.date_published)}`);
    if (typeof item.id === 'string' && typeof item.url === 'string') items.push({ id: item.id, link: item.url });
  }
  return { problems, items };
}

/** A sitemap index or url set: its <loc> URLs, each absolute, with a valid <lastmod> when given. */
export function checkSitemap(xml: string, root: 'sitemapindex' | 'urlset'): { problems: string[]; locs: string[] } {
  const { doc, problems } = parseXml(xml);
  if (!doc) return { problems, locs: [] };
  const top = doc.documentElement;
  if (top.localName !== root || top.namespaceURI !== SITEMAP) return { problems: [...problems, `root is not <${root}> in the sitemap namespace`], locs: [] };
  const locs: string[] = [];
  for (const entry of [...top.children]) {
    const loc = childText(entry, 'loc', SITEMAP);
    const lastmod = childText(entry, 'lastmod', SITEMAP);
    if (!isAbsolute(loc)) problems.push(`<loc> is not absolute: ${loc}`);
    if (lastmod !== null && !RFC3339.test(lastmod)) problems.push(`<lastmod> is not W3C datetime: ${lastmod}`);
    if (loc) locs.push(loc);
  }
  if (locs.length > 50_000) problems.push('more than 50,000 URLs');
  return { problems, locs };
}
