import type { PageNames } from '../url/source-name.ts';
import type { Database } from './database.ts';

// What each source host calls itself, learned from its pages as they are extracted (a feed's own
// title is on its `sources` row, from discovery). The build reads both (store/source-health.ts)
// and crawler/url/source-name.ts chooses the name readers see.

export interface SourceNamesRow {
  host: string;
  /** og:site_name of its latest page that had one. */
  site_name: string | null;
  /** application-name (or apple-mobile-web-app-title) of its latest page that had one. */
  application_name: string | null;
  /** The last segment of its latest titled page's <title> ("Headline | Name" → "Name"). */
  title_suffix: string | null;
  /** On how many of its pages in a row that suffix was the same (a name repeats; a headline's tail does not). */
  suffix_pages: number;
}

/** A repeat count stops here: it only has to say "more than once", and a row that stops changing is not written again. */
const SUFFIX_PAGES_CAP = 10;

/**
 * Records what a page of `host` says it is called. A value the page lacks keeps the host's last
 * one; a page without a title suffix leaves the count alone. Called inside the transaction that
 * stores the page's article (pipeline/accept.ts): no write point of its own.
 */
export function noteSourceNames(db: Database, host: string, names: PageNames): void {
  if (!names.siteName && !names.applicationName && !names.titleSuffix) return;
  const known = db.get<SourceNamesRow>('SELECT * FROM source_names WHERE host = ?', [host]);
  const pages = !names.titleSuffix ? (known?.suffix_pages ?? 0) : names.titleSuffix === known?.title_suffix ? Math.min(known.suffix_pages + 1, SUFFIX_PAGES_CAP) : 1;
  const next: SourceNamesRow = {
    host,
    site_name: names.siteName ?? known?.site_name ?? null,
    application_name: names.applicationName ?? known?.application_name ?? null,
    title_suffix: names.titleSuffix ?? known?.title_suffix ?? null,
    suffix_pages: pages,
  };
  if (known && known.site_name === next.site_name && known.application_name === next.application_name && known.title_suffix === next.title_suffix && known.suffix_pages === next.suffix_pages) return;
  // Not an upsert: its DO UPDATE overrides the change-tracking trigger's OR IGNORE (segments.ts), and a host's row is written many times a run.
  const values = [next.site_name, next.application_name, next.title_suffix, next.suffix_pages, host];
  if (known) db.run('UPDATE source_names SET site_name = ?, application_name = ?, title_suffix = ?, suffix_pages = ? WHERE host = ?', values);
  else db.run('INSERT INTO source_names (site_name, application_name, title_suffix, suffix_pages, host) VALUES (?, ?, ?, ?, ?)', values);
}

/** Every host's learned names (the build's data worker reads them beside the sources' health). */
export function allSourceNames(db: Database): SourceNamesRow[] {
  return db.all<SourceNamesRow>('SELECT * FROM source_names ORDER BY host');
}
