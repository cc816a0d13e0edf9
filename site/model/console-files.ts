import type { DataFileEntry, DataIndex } from '../builder/data/index.ts';

// Which data file a query of the /data/ console runs on. One file at a time: every file is a
// whole database of the same tables, so a query reads only the pages of that file it needs; a
// query over every monthly part would read from each of them, and cost more the older the site.
// site.sqlite while it holds the whole site; after that, the newest part of the kind of file the
// query reads (the crawl log for URLs, posts and runs; the articles otherwise), or the catalog
// for what only the catalog holds. The page's list of files offers any other.

const CRAWL_TABLES = /\b(urls|runs|posts|link_occurrences)\b/i;
const ARTICLE_TABLES = /\b(articles|articles_fts|article_tags)\b/i;

/** Newest month first, and within a month the last part first. */
function byAge(files: readonly DataFileEntry[]): DataFileEntry[] {
  return [...files].sort((a, b) => (a.period! === b.period! ? b.part - a.part : a.period! < b.period! ? 1 : -1));
}

/** The file's name (in data/) a query runs on unless the reader picks another. */
export function consoleFileFor(sql: string, index: DataIndex): string {
  if (index.site?.complete) return index.site.name;
  const part = CRAWL_TABLES.test(sql) ? byAge(index.crawl)[0] : ARTICLE_TABLES.test(sql) ? byAge(index.articles)[0] : undefined;
  return part?.name ?? index.site?.name ?? 'site.sqlite';
}

/** Every file the console can open, newest parts first: site.sqlite, then the articles and the crawl log. */
export function consoleFiles(index: DataIndex): Array<{ group: string; files: Array<{ name: string; label: string }> }> {
  const label = (f: DataFileEntry, unit: string, count: number) => `${f.name} (${f.period}${f.part > 1 ? `, part ${f.part}` : ''}: ${count.toLocaleString('en')} ${unit})`;
  return [
    { group: 'Site', files: index.site ? [{ name: index.site.name, label: index.site.complete ? `${index.site.name} (the whole site)` : `${index.site.name} (the catalog: topics, sources, tags, files)` }] : [] },
    { group: 'Articles, by month', files: byAge(index.articles).map((f) => ({ name: f.name, label: label(f, 'articles', f.articles) })) },
    { group: 'Crawl log, by month', files: byAge(index.crawl).map((f) => ({ name: f.name, label: label(f, 'URLs', f.urls) })) },
  ].filter((g) => g.files.length > 0);
}
