import { existsSync, readFileSync } from 'node:fs';
import type { SitePaths } from '../paths.ts';
import { affectedRows, crawledIn, crawlMonths, publishedCount, publishedIn, publishedMonths } from './months.ts';
import { catalogRows, publicRows, wholeSite, type PublicRows, type RowSelection } from './public-rows.ts';
import { mediaOwners } from './media-owners.ts';
import { listRemovals, removedMediaNames, removedPages, type RemovalRow } from './removals.ts';
import { touchedSince, type Touched } from './segment-changes.ts';
import { sourceHealth, type SourceHealth } from './source-health.ts';
import { openState, stateLayout } from './state.ts';

// What the site (and an owner's command) may ask of the crawler's state: the only way anything
// outside crawler/ reads it (tests/architecture/state-seam.test.ts holds every other file to that).
// It answers with plain values, never a database handle, so SQL over the state and the segment
// format stay in crawler/store/. docs/ARCHITECTURE.md, "What the site may ask the store", lists it.

export type { SegmentMark, StateChanges, Touched } from './segment-changes.ts';
export type { LearnedNames, SourceFeed, SourceHealth } from './source-health.ts';
export type { PublicRows, RowSelection, StoredRow } from './public-rows.ts';
export type { RemovalRow } from './removals.ts';
export { stateLayout, touchedSince };

/** The state opened read-only: nothing it does writes a segment, a snapshot or an upgrade. */
export interface StateReader {
  /** How many articles are published. */
  publishedCount(): number;
  /** The articles and URLs whose published rows `touched` changed (through their posts and URLs too), with the articles of `changedFiles` (Markdown files, relative to the site's root). */
  affectedRows(touched: Touched | null, changedFiles: string[]): { articles: Set<number>; urls: Set<number> };
  /** "YYYY-MM" months articles were published in: all (`among` null) or of those ids. */
  publishedMonths(among: Set<number> | null): string[];
  /** Months URLs were found and runs started in: all (`among` null) or of those ids. */
  crawlMonths(among: { urls: Set<number>; runs: Set<number> } | null): string[];
  /** A month's published articles, in publication order. */
  publishedIn(period: string): number[];
  /** A month's URLs (none taken down) and runs, in id order. */
  crawledIn(period: string): { urls: Array<{ id: number; discovered_at: string }>; runs: Array<{ id: number; started_at: string }> };
  /** Every published article, URL not taken down and run. */
  wholeSite(): RowSelection;
  /** The rows a data file holds of a selection. */
  publicRows(selection: RowSelection): PublicRows;
  /** Every topic, source and tag. */
  catalogRows(): Pick<PublicRows, 'topics' | 'sources' | 'tags'>;
  /** Each source host's health and learned names. */
  sourceHealth(): SourceHealth[];
  /** The old pages of removed articles: topic slug, article slug, date. */
  removedPages(): Array<{ topic: string; slug: string; removedAt: string }>;
  /** Every removal, oldest first, with its topic's slug. */
  removals(): Array<RemovalRow & { topic: string | null }>;
  /** The source icons' files and each lead-image file's article (npm run media tells them apart). */
  mediaOwners(): { icons: string[]; articleOf: Map<string, number> };
  /** The names under /media/ of taken-down articles' lead images no article shows (a bucket-mode deploy deletes them). */
  removedMedia(): string[];
  close(): void;
}

/** Opens the state of the site at `paths` to read (a site of the single-file layout is read as it is, not upgraded). */
export async function openStateReader(paths: SitePaths): Promise<StateReader> {
  const db = await openState(paths, { readOnly: true });
  return {
    publishedCount: () => publishedCount(db),
    affectedRows: (touched, changedFiles) => affectedRows(db, touched, changedFiles),
    publishedMonths: (among) => publishedMonths(db, among),
    crawlMonths: (among) => crawlMonths(db, among),
    publishedIn: (period) => publishedIn(db, period),
    crawledIn: (period) => crawledIn(db, period),
    wholeSite: () => wholeSite(db),
    publicRows: (selection) => publicRows(db, selection),
    catalogRows: () => catalogRows(db),
    sourceHealth: () => sourceHealth(db),
    removedPages: () => removedPages(db),
    removals: () => listRemovals(db),
    mediaOwners: () => mediaOwners(db),
    removedMedia: () => removedMediaNames(db),
    close: () => db.close(),
  };
}

/** The single database file of a site not upgraded yet (the next crawl upgrades it), as it is on disk; null when there is none. */
export function legacyDatabaseBytes(paths: SitePaths): Uint8Array | null {
  return existsSync(paths.legacyDatabase) ? readFileSync(paths.legacyDatabase) : null;
}
