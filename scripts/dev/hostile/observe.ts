import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../../../crawler/config/index.ts';
import type { SitePaths } from '../../../crawler/paths.ts';
import { join } from 'node:path';
import { describeSourceFailure } from '../../../crawler/errors.ts';
import { readArticleBody } from '../../../crawler/publish/article-file.ts';
import type { Database } from '../../../crawler/store/database.ts';
import type { SourceRow } from '../../../crawler/store/sources.ts';
import { openState } from '../../../crawler/store/state.ts';
import { normalizeUrl } from '../../../crawler/url/index.ts';
import type { ArticleView, Expectation, HostileRoute, Probe, ServedRequest, UrlRowView } from './types.ts';

// After a crawl of the hostile web: what became of each route (from the database and the
// server's own log), whether that is what the route expects, and whether its own checks hold.

export interface RouteResult {
  route: HostileRoute;
  /** published | rejected | failed | pending | not queued | source read | source failed | source not read */
  outcome: string;
  /** The reason, error code and detail, as the crawler recorded them. */
  reason: string;
  expected: string;
  problems: string[];
  ok: boolean;
}

export async function observeCrawl(options: { routes: HostileRoute[]; paths: SitePaths; config: Config; requests: ServedRequest[]; log: string }): Promise<RouteResult[]> {
  const db = await openState(options.paths, { readOnly: true });
  try {
    const probe = makeProbe(db, options);
    const results: RouteResult[] = [];
    for (const route of options.routes) results.push(await observeRoute(route, probe));
    return results;
  } finally {
    db.close();
  }
}

export function makeProbe(db: Database, options: { paths: SitePaths; config: Config; requests: ServedRequest[]; log: string }): Probe {
  const policy = { allowPrivate: options.config.crawl.allowPrivateAddresses, privateHosts: options.config.crawl.privateHosts };
  const stored = (url: string) => {
    const n = normalizeUrl(url, { policy });
    return n.ok ? n.url : url;
  };
  const urlRow = (url: string) => db.get<UrlRowView>('SELECT id, url, state, reason, error_code, detail, attempts, next_retry_at, updated_at, http_status, source_id FROM urls WHERE url = ?', [stored(url)]);
  return {
    db,
    config: options.config,
    paths: options.paths,
    requests: options.requests,
    log: options.log,
    urlRow,
    article(url) {
      const row = urlRow(url);
      if (!row) return undefined;
      const a = db.get<Omit<ArticleView, 'file' | 'fileText'> & { path: string | null }>('SELECT id, status, slug, title, image, markdown, file AS path FROM articles WHERE url_id = ?', [row.id]);
      if (!a) return undefined;
      const file = a.path ? join(options.paths.root, a.path) : null;
      const present = file !== null && existsSync(file);
      const fileText = present ? readFileSync(file, 'utf8') : null;
      // The state keeps the body until the article is published; the file keeps it after.
      const markdown = a.markdown ?? (fileText ? readArticleBody(fileText) : null);
      return { id: a.id, status: a.status, slug: a.slug, title: a.title, image: a.image, markdown, file: present ? file : null, fileText };
    },
  };
}

async function observeRoute(route: HostileRoute, probe: Probe): Promise<RouteResult> {
  const seen = route.kind === 'page' ? pageOutcome(probe.urlRow(route.url)) : sourceOutcome(probe, route.url);
  const problems = mismatch(route.expect, seen);
  if (problems.length === 0 && route.verify) {
    try {
      problems.push(...(await route.verify(probe)));
    } catch (error) {
      problems.push(`its check crashed: ${(error as Error).message}`);
    }
  }
  return { route, outcome: seen.outcome, reason: seen.reason, expected: describe(route.expect), problems, ok: problems.length === 0 };
}

interface Seen {
  outcome: string;
  reason: string;
  code?: string;
  transient?: boolean;
}

function pageOutcome(row: UrlRowView | undefined): Seen {
  if (!row) return { outcome: 'not queued', reason: '' };
  switch (row.state) {
    case 'published':
      return { outcome: 'published', reason: '' };
    case 'rejected':
      return { outcome: 'rejected', reason: `${row.reason}: ${row.detail ?? ''}`, code: row.reason ?? '' };
    case 'failed':
      return { outcome: 'failed', reason: `${row.error_code}: ${row.detail ?? ''}`, code: row.error_code ?? '', transient: row.next_retry_at !== null };
    default:
      return { outcome: row.state === 'extracted' ? 'stored, not published' : 'pending', reason: row.detail ?? '' };
  }
}

function sourceOutcome(probe: Probe, url: string): Seen {
  const row = probe.db.get<Pick<SourceRow, 'last_status' | 'last_error' | 'last_error_code' | 'last_reason' | 'items_seen'>>(
    'SELECT last_status, last_error, last_error_code, last_reason, items_seen FROM sources WHERE url = ?',
    [url],
  );
  if (!row?.last_status) return { outcome: 'source not read', reason: '' };
  if (row.last_status === 'failed') return { outcome: 'source failed', reason: sourceFailureOf(row) };
  const urls = Number(probe.db.scalar('SELECT count(*) FROM link_occurrences o JOIN sources s ON s.id = o.source_id WHERE s.url = ?', [url]));
  return { outcome: `source ${row.last_status}`, reason: `${row.items_seen} items, ${urls} URLs recorded` };
}

function mismatch(expect: Expectation, seen: Seen): string[] {
  const want = describe(expect);
  const wrong = [`expected ${want}, got ${seen.outcome}${seen.reason ? ` (${seen.reason})` : ''}`];
  switch (expect.outcome) {
    case 'published':
      return seen.outcome === 'published' ? [] : wrong;
    case 'rejected':
      return seen.outcome === 'rejected' && seen.code === expect.reason ? [] : wrong;
    case 'failed':
      if (seen.outcome !== 'failed' || seen.code !== expect.code) return wrong;
      if (expect.detail && !expect.detail.test(seen.reason)) return wrong;
      if (expect.transient !== undefined && seen.transient !== expect.transient) return [`expected a ${expect.transient ? 'transient' : 'permanent'} failure, got ${seen.reason}`];
      return [];
    case 'source-read':
      return seen.outcome === 'source read' ? [] : wrong;
    case 'source-failed':
      return seen.outcome === 'source failed' && expect.detail.test(seen.reason) ? [] : wrong;
  }
}

export function describe(expect: Expectation): string {
  switch (expect.outcome) {
    case 'published':
      return 'published';
    case 'rejected':
      return `rejected (${expect.reason})`;
    case 'failed':
      return `failed (${expect.code}${expect.transient ? ', retried later' : ''})`;
    case 'source-read':
      return 'source read';
    case 'source-failed':
      return 'source failed';
  }
}

/** A failed source's code or reason and message, spelled as the crawl prints it. */
function sourceFailureOf(row: Pick<SourceRow, 'last_error' | 'last_error_code' | 'last_reason'>): string {
  const message = row.last_error ?? '';
  if (row.last_error_code) return describeSourceFailure({ code: row.last_error_code, message });
  if (row.last_reason) return describeSourceFailure({ reason: row.last_reason, message });
  return message;
}
