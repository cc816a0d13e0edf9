import type { Database } from './database.ts';
import { SEARCH_SOURCE_URL, type SourceRow } from './sources.ts';
import { sourceIconFiles } from './source-icons.ts';
import { allSourceNames } from './source-names.ts';
import { sourceHost } from '../url/source-host.ts';

// The health of each source host, summarized from the state for the site's source pages (read.ts).
// In the config a source is a feed, sitemap or forum address within a topic; readers see a
// source as a host (crawler/url/source-host.ts), so everything here is added up per host:
//
//   lastRead   the latest read of any of the host's configured or discovered sources, or fetch
//              of any of its URLs
//   lastError  the latest error still on record: a source read that failed (cleared by the next
//              good read) or a URL of the host in state `failed`
//   failures   how many of the host's URLs are in state `failed` now
//   failingReads  the most consecutive failed reads of any of its active sources (0: all well)
//   learned    what the host calls itself: its feeds' own titles (sources.title) and its pages'
//              og:site_name, application-name and repeated <title> suffix (source_names); the
//              site chooses the name from these and the config (crawler/url/source-name.ts)
//
// The URLs are grouped by their authority in SQL (one pass, nothing per row in JavaScript), and
// the authorities then folded into hosts by the one rule, so a state of any size gives one
// small row per host.

export interface SourceFeed {
  url: string;
  kind: string;
  topic: string;
  origin: string;
  active: boolean;
  /** The feed's own title, from its last good read (absent in a manifest older than names). */
  title?: string | null;
}

/** What a host calls itself, as the crawler learned it (crawler/url/source-name.ts chooses among these). */
export interface LearnedNames {
  /** Its active feeds' own titles, in source order. */
  feedTitles: string[];
  siteName: string | null;
  applicationName: string | null;
  titleSuffix: { text: string; pages: number } | null;
}

export interface SourceHealth {
  host: string;
  feeds: SourceFeed[];
  lastRead: string | null;
  lastError: { code: string; message: string; at: string } | null;
  failures: number;
  failingReads: number;
  /** The saved icon, relative to the site's root; null: none. */
  icon: string | null;
  /** Absent in a manifest older than names. */
  learned?: LearnedNames;
}

const AUTHORITY = `substr(substr(url, instr(url, '://') + 3), 1, instr(substr(url, instr(url, '://') + 3) || '/', '/') - 1)`;

function later(a: string | null, b: string | null): string | null {
  if (!a) return b;
  if (!b) return a;
  return a >= b ? a : b;
}

export function sourceHealth(state: Database): SourceHealth[] {
  type Read = SourceHealth & { learned: LearnedNames };
  const hosts = new Map<string, Read>();
  const entry = (url: string): Read | null => {
    const host = sourceHost(url);
    if (!host) return null;
    let health = hosts.get(host);
    if (!health) hosts.set(host, (health = { host, feeds: [], lastRead: null, lastError: null, failures: 0, failingReads: 0, icon: null, learned: { feedTitles: [], siteName: null, applicationName: null, titleSuffix: null } }));
    return health;
  };
  const noteError = (health: Read, code: string, message: string, at: string) => {
    if (!health.lastError || at > health.lastError.at) health.lastError = { code, message, at };
  };

  const sources = state.all<Pick<SourceRow, 'url' | 'kind' | 'origin' | 'active' | 'last_read_at' | 'last_error_code' | 'last_reason' | 'last_error' | 'consecutive_failures' | 'title'> & { topic: string }>(
    `SELECT s.url, s.kind, s.origin, s.active, s.last_read_at, s.last_error_code, s.last_reason, s.last_error, s.consecutive_failures, s.title, t.slug AS topic
     FROM sources s JOIN topics t ON t.id = s.topic_id WHERE s.url != ? ORDER BY s.id`,
    [SEARCH_SOURCE_URL],
  );
  for (const s of sources) {
    const health = entry(s.url);
    if (!health) continue;
    health.feeds.push({ url: s.url, kind: s.kind, topic: s.topic, origin: s.origin, active: s.active === 1, title: s.title });
    health.lastRead = later(health.lastRead, s.last_read_at);
    if (s.active === 1) health.failingReads = Math.max(health.failingReads, s.consecutive_failures);
    if (s.active === 1 && s.title && !health.learned.feedTitles.includes(s.title)) health.learned.feedTitles.push(s.title);
    const code = s.last_error_code ?? s.last_reason;
    if (code && s.last_read_at) noteError(health, code, s.last_error ?? '', s.last_read_at);
  }

  const urls = state.all<{ authority: string; fetched: string | null; failed: number }>(
    `SELECT ${AUTHORITY} AS authority, max(fetched_at) AS fetched, sum(state = 'failed') AS failed FROM urls GROUP BY authority`,
  );
  for (const u of urls) {
    const health = entry(`http://${u.authority}/`);
    if (!health) continue;
    health.lastRead = later(health.lastRead, u.fetched);
    health.failures += u.failed;
  }
  // SQLite takes the bare columns from the row holding the max().
  const errors = state.all<{ authority: string; error_code: string | null; detail: string | null; at: string }>(
    `SELECT ${AUTHORITY} AS authority, error_code, detail, max(updated_at) AS at FROM urls WHERE state = 'failed' GROUP BY authority`,
  );
  for (const e of errors) {
    const health = hosts.get(sourceHost(`http://${e.authority}/`) ?? '');
    if (health) noteError(health, e.error_code ?? 'E_INTERNAL', e.detail ?? '', e.at);
  }

  for (const { host, file } of sourceIconFiles(state)) {
    const health = hosts.get(host) ?? entry(`http://${host}/`);
    if (health) health.icon = file;
  }
  for (const row of allSourceNames(state)) {
    const health = hosts.get(row.host) ?? entry(`http://${row.host}/`);
    if (!health) continue;
    Object.assign(health.learned, {
      siteName: row.site_name,
      applicationName: row.application_name,
      titleSuffix: row.title_suffix ? { text: row.title_suffix, pages: row.suffix_pages } : null,
    });
  }
  return [...hosts.values()].sort((a, b) => (a.host < b.host ? -1 : a.host > b.host ? 1 : 0));
}
