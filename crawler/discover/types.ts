import type { Config, Topic } from '../config/index.ts';
import type { Fetcher } from '../fetch/index.ts';
import type { PostInput, PostStatus } from '../store/posts.ts';
import type { SourceFailure } from '../errors.ts';
import type { SourceReadResult, SourceRow } from '../store/sources.ts';
import type { NormalizedUrl, UrlPolicy } from '../url/index.ts';

/**
 * Where discovery hands what it found. Discovery reads sources (through the fetcher) and never
 * writes the state itself: the pipeline implements this over the state (pipeline/discovery-sink.ts),
 * admitting links to the URL queue, keeping feeds and forum posts, booking each read.
 */
export interface FoundSink {
  /** Links a source listed; queuing stops once `maxNew` URLs were queued (new or again). */
  links(source: SourceRow, links: Link[], maxNew?: number): AdmitCounts;
  /** A feed a site advertised or an OPML list named: its source row, and whether it is new. */
  feed(parent: SourceRow, url: NormalizedUrl): { source: SourceRow; created: boolean };
  /** A forum post: its row, and whether it is new, edited or unchanged since the last read. */
  post(source: SourceRow, post: PostInput): { id: number; status: PostStatus };
  /** How the read went, for the source's row (schedule, validators, cursor, failure). */
  read(source: SourceRow, result: SourceReadResult): void;
}

export interface AdmitCounts {
  /** URLs seen for the first time. */
  newUrls: number;
  /** Known URLs queued again. */
  requeued: number;
  /** Links handled (all of them unless `maxNew` stopped early). */
  consumed: number;
}

export interface DiscoveryContext {
  found: FoundSink;
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
