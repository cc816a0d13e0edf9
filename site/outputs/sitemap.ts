import { element, escapeXml } from './xml.ts';

// Sitemaps per the sitemaps.org protocol: at most 50,000 URLs per file, so every group
// of URLs is split into numbered files that a sitemap index lists.

export const SITEMAP_LIMIT = 50_000;

export interface SitemapUrl {
  loc: string;
  /** W3C datetime (YYYY-MM-DD or full ISO). */
  lastmod?: string | null;
}

export interface SitemapFile {
  /** File name without extension, e.g. "topic-science-1". */
  name: string;
  urls: SitemapUrl[];
}

/** Splits named groups of URLs into numbered files of at most `limit` URLs (an empty group still gets file 1). */
export function splitSitemaps(groups: Array<{ name: string; urls: SitemapUrl[] }>, limit = SITEMAP_LIMIT): SitemapFile[] {
  const files: SitemapFile[] = [];
  for (const group of groups) {
    const count = Math.max(1, Math.ceil(group.urls.length / limit));
    for (let i = 0; i < count; i++) files.push({ name: `${group.name}-${i + 1}`, urls: group.urls.slice(i * limit, (i + 1) * limit) });
  }
  return files;
}

export function sitemapXml(urls: SitemapUrl[]): string {
  const body = urls.map((u) => `<url>${element('loc', u.loc)}${u.lastmod ? element('lastmod', u.lastmod) : ''}</url>`).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(entries: Array<{ loc: string; lastmod?: string | null }>): string {
  const body = entries.map((e) => `<sitemap><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? element('lastmod', e.lastmod) : ''}</sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

/** The newest lastmod among URLs (ISO strings compare correctly as text when in the same format). */
export function newestLastmod(urls: SitemapUrl[]): string | null {
  return newestDate(urls.map((u) => u.lastmod));
}

/** The newest of some lastmods, null for none. */
export function newestDate(lastmods: Iterable<string | null | undefined>): string | null {
  let newest: string | null = null;
  for (const lastmod of lastmods) if (lastmod && (!newest || lastmod > newest)) newest = lastmod;
  return newest;
}
