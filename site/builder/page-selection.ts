import type { SiteIndex } from '../model/site-index.ts';
import type { ManifestStore } from './manifest.ts';
import { keyedPages, type KeyedPage, type KeyedSite, type RecordedStamp } from './page-keys.ts';
import type { PageReach } from './page-reach.ts';

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
  /** The pages a build that only added articles reaches (page-reach.ts); null keys every page. */
  reach?: PageReach | null;
  /** An incremental build: every keyed page is listed, to find those whose file is missing. */
  incremental?: boolean;
}

/**
 * Keys the site's pages against the last build's manifest and chooses those to render (the
 * planning step's, plan.ts). An hourly build of the whole site keys again only the article pages
 * whose stamps changed; one that only added articles keys only the pages they reach; a slice keys
 * every page (its manifest holds its own pages, no stamps).
 */
export function keyAndChoose(index: SiteIndex, prefix: string, manifest: ManifestStore, build: BuildKind): PageSelection & { keyed: KeyedSite } {
  const key = (file: string) => (build.cold ? undefined : manifest.pageKey(file));
  const recorded = (unstamped: Iterable<[string, string]>): RecordedPages => ({
    unstamped: new Map(unstamped),
    key,
    always: build.always,
    wholeSite: !build.slice,
    cold: build.cold,
    mine: build.mine,
    missing: build.missing,
  });
  const whole = () => {
    const keyed = keyedPages(index, prefix, build.cold || build.slice ? null : { stamps: manifest.stamps(), key });
    return { ...pagesToRender(keyed, recorded(build.cold ? [] : manifest.unstampedPages())), keyed };
  };
  if (!build.reach || build.cold || build.slice) return whole();

  // Only the reached articles' stamps are read, and only the reached pages' keys; nothing goes.
  const stamps = new Map<string, RecordedStamp>();
  for (const article of build.reach.articles) {
    const stamp = manifest.stamp(article.id);
    if (stamp) stamps.set(article.id, stamp);
  }
  const keyed = keyedPages(index, prefix, { stamps, key }, { ...build.reach, listKept: build.incremental ?? false });
  const chosen = { ...pagesToRender(keyed, recorded([])), keyed };
  if (process.env.GLEANER_VERIFY_KEYS) sameChoice(chosen, whole(), Boolean(build.incremental));
  return chosen;
}

/** GLEANER_VERIFY_KEYS: the reach's choice must be what keying every page chooses. */
function sameChoice(reached: PageSelection & { keyed: KeyedSite }, whole: PageSelection & { keyed: KeyedSite }, listed: boolean): void {
  const differences: string[] = [];
  const compare = (what: string, a: Map<string, string>, b: Map<string, string>) => {
    for (const [file, value] of b) if (a.get(file) !== value) differences.push(`${what} ${file}: ${a.get(file) ?? 'missed'} where keying every page gives ${value}`);
    for (const [file, value] of a) if (!b.has(file)) differences.push(`${what} ${file}: ${value} where keying every page gives nothing`);
  };
  compare('render', new Map(reached.toRender.map((p) => [p.file, p.key])), new Map(whole.toRender.map((p) => [p.file, p.key])));
  compare('stamp', new Map(reached.keyed.stamps.set.map(([id, s]) => [id, JSON.stringify(s)])), new Map(whole.keyed.stamps.set.map(([id, s]) => [id, JSON.stringify(s)])));
  const set = (files: readonly string[]) => new Map(files.map((f) => [f, '']));
  compare('stale', set(reached.stale), set(whole.stale));
  compare('gone stamp', set(reached.keyed.stamps.deleted), set(whole.keyed.stamps.deleted));
  if (listed) compare('now keyed', set(reached.nowKeyed), set(whole.nowKeyed));
  if (differences.length) throw new Error(`the pages a build that only added articles reaches (page-reach.ts) are not what keying every page gives:\n${differences.slice(0, 10).join('\n')}`);
}
