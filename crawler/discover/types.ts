import type { Config, Topic } from '../config/index.ts';
import type { Fetcher } from '../fetch/index.ts';
import type { Database } from '../store/database.ts';
import type { SourceFailure, SourceRow } from '../store/sources.ts';
import type { UrlPolicy } from '../url/index.ts';

export interface DiscoveryContext {
  db: Database;
  fetcher: Fetcher;
  config: Config;
  policy: UrlPolicy;
  nowMs: () => number;
  /** Re-read sources ignoring cache lifetimes (conditional requests are still sent). */
  refresh: boolean;
  /** Unpublished (`ready`) articles of a topic. */
  backlog: (topicId: number) => number;
  /** The config entry of a topic (its keywords feed the search source). */
  topic: (topicId: number) => Topic | undefined;
}

export type SourceStatus = 'read' | 'not-modified' | 'fresh' | 'failed';

export interface SourceOutcome {
  source: SourceRow;
  status: SourceStatus;
  /** Entries the source listed this read (feed items, sitemap URLs, post links, search hits). */
  items: number;
  /** URLs seen for the first time (queued, or stored as quoted-only). */
  newUrls: number;
  /** Known URLs queued again (see sightUrl). */
  requeued: number;
  /** Why it failed, or a note on what was read (e.g. the feed format). */
  detail?: string;
  /** A failed read: its code (or rejection reason) and message, as recorded on the source. */
  failure?: SourceFailure;
  /** Forum sources: posts new, changed (links re-extracted) and unchanged (skipped). */
  posts?: { new: number; changed: number; unchanged: number };
  /** Search sources: the keywords queried, in order. */
  queries?: string[];
  /** Site and OPML sources: the feeds it added this run, read in the same run (their URLs are counted there, not here). */
  feeds?: SourceOutcome[];
}

export interface Link {
  url: string;
  title?: string | null;
  published?: string | null;
  context: 'feed' | 'sitemap' | 'post' | 'search' | 'autodiscovery';
  inQuote?: boolean;
  postId?: number | null;
}
