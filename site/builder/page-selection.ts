import type { SiteIndex } from '../model/site-index.ts';
import type { ManifestStore } from './manifest.ts';
import { keyedPages, type KeyedPage, type KeyedSite } from './page-keys.ts';

// Which keyed pages a build renders, and which recorded pages are no longer keyed, from the keys
// just made and what the build memory recorded. An hourly build reads in one pass only the
// recorded keys no stamp speaks for (archive, tag, story pages…: ManifestStore.unstampedPages);
// an article page a stamp speaks for either keeps its key unread (page-keys.ts) or, keyed again,
// has its recorded key looked up. So no build holds every page's key.

export interface RecordedPages {
  /** The recorded pages no stamp speaks for, with their keys. */
  unstamped: ReadonlyMap<string, string>;
  /** A recorded key, looked up. */
  key(file: string): string | undefined;
  /** The last build's always-rendered files. */
  always: readonly string[];
  /** A build of the whole site, not a slice: it finds the recorded pages no longer keyed. */
  wholeSite: boolean;
  /** A cold build renders every page it keys. */
  cold: boolean;
  /** Whether a page is this build's to render (false: another slice's). */
  mine(file: string): boolean;
  /** Whether a page's file is missing from dist/ (an incremental build looks; any other build says no). */
  missing(file: string): boolean;
}

export interface PageSelection {
  toRender: KeyedPage[];
  /** Recorded pages no longer keyed. */
  stale: string[];
  /** Files of the last build's always-rendered list that are keyed pages now. */
  nowKeyed: string[];
}

export function pagesToRender(keyed: KeyedSite, recorded: RecordedPages): PageSelection {
  const recordedKey = (file: string) => recorded.unstamped.get(file) ?? recorded.key(file);
  const toRender: KeyedPage[] = [];
  for (const page of keyed.pages) {
    if (recorded.mine(page.file) && (recorded.cold || recordedKey(page.file) !== page.key || recorded.missing(page.file))) toRender.push(page);
  }
  for (const page of keyed.kept) {
    if (recorded.mine(page.file) && recorded.missing(page.file)) toRender.push({ ...page, key: recorded.key(page.file)! });
  }

  const stale: string[] = [];
  if (recorded.wholeSite) {
    // A kept page is an article page with a stamp, never among the unstamped: the kept files are
    // gathered only should an unstamped page not be keyed now (a page that went), to be sure.
    let keyedFiles: Set<string> | null = null;
    let keptFiles: Set<string> | null = null;
    for (const file of recorded.unstamped.keys()) {
      keyedFiles ??= new Set(keyed.pages.map((p) => p.file));
      if (keyedFiles.has(file)) continue;
      keptFiles ??= new Set(keyed.kept.map((p) => p.file));
      if (!keptFiles.has(file)) stale.push(file);
    }
    // An article gone from the site: its stamp goes, and its recorded pages with it.
    for (const id of keyed.stamps.deleted) {
      for (const file of [`${id}/index.html`, `amp/${id}/index.html`]) if (recorded.key(file) !== undefined) stale.push(file);
    }
  }

  const nowKeyed: string[] = [];
  if (recorded.always.length) {
    const always = new Set(recorded.always);
    for (const list of [keyed.pages, keyed.kept]) for (const page of list) if (always.has(page.file)) nowKeyed.push(page.file);
  }
  return { toRender, stale, nowKeyed };
}

/** What a build is, for the choice: `cold` keys everything, a `slice` keys every page of its own. */
export interface BuildKind {
  cold: boolean;
  slice: boolean;
  /** The last build's always-rendered files. */
  always: readonly string[];
  mine(file: string): boolean;
  missing(file: string): boolean;
}

/**
 * Keys the site's pages against the last build's manifest and chooses those to render (the
 * planning step's, plan.ts). An hourly build of the whole site keys again only the article pages
 * whose stamps changed; a slice keys every page (its manifest holds its own pages, no stamps).
 */
export function keyAndChoose(index: SiteIndex, prefix: string, manifest: ManifestStore, build: BuildKind): PageSelection & { keyed: KeyedSite } {
  const key = (file: string) => (build.cold ? undefined : manifest.pageKey(file));
  const keyed = keyedPages(index, prefix, build.cold || build.slice ? null : { stamps: manifest.stamps(), key });
  const chosen = pagesToRender(keyed, {
    unstamped: new Map(build.cold ? [] : manifest.unstampedPages()),
    key,
    always: build.always,
    wholeSite: !build.slice,
    cold: build.cold,
    mine: build.mine,
    missing: build.missing,
  });
  return { ...chosen, keyed };
}
