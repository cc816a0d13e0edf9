import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../../../crawler/config/index.ts';
import type { Database } from '../../../crawler/store/database.ts';
import type { SitePaths } from '../../../crawler/paths.ts';

/** How slow the slow routes are: short in tests, realistic for `npm run hostile`. */
export interface HostileTiming {
  /** The slow-drip route sends one byte per this many milliseconds. */
  dripIntervalMs: number;
}

export interface ServedRequest {
  /** Host header without the port. */
  host: string;
  method: string;
  /** Path and query as requested. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Which listener took it: the HTTP server or the raw socket server. */
  listener: 'http' | 'raw';
  status: number;
  /** Body bytes handed to the socket. */
  bytesWritten: number;
  /** The client went away before the response was complete. */
  closedEarly: boolean;
  finished: boolean;
}

export interface RouteEnv {
  timing: HostileTiming;
  /** The HTTP server's port (redirects to 127.0.0.1 name it, to look like a real service). */
  port: number;
}

export type HttpHandler = (req: IncomingMessage, res: ServerResponse, env: RouteEnv) => void | Promise<void>;
/** Raw-socket behaviour: gets the connection once the request head has arrived. */
export type RawHandler = (socket: Socket, env: RouteEnv) => void;

/** Something the hostile web serves at http://<host><path>. */
export interface Resource {
  host: string;
  path: string;
  http?: HttpHandler;
  raw?: RawHandler;
}

export type Expectation =
  | { outcome: 'published' }
  | { outcome: 'rejected'; reason: string }
  | { outcome: 'failed'; code: string; detail?: RegExp; transient?: boolean }
  /** A source (feed, sitemap, site) that is read; its checks say what it must have queued. */
  | { outcome: 'source-read' }
  | { outcome: 'source-failed'; detail: RegExp };

/** What a route's own checks can look at after the crawl. */
export interface Probe {
  db: Database;
  config: Config;
  paths: SitePaths;
  /** Requests the hostile web received (both listeners). */
  requests: ServedRequest[];
  /** The URL row of an address (normalized the way the crawler stores it), if any. */
  urlRow(url: string): UrlRowView | undefined;
  /** The article stored for an address, if any, with its Markdown file's text when published. */
  article(url: string): ArticleView | undefined;
  /** The crawl's own log lines (stderr), for checks on what it reported. */
  log: string;
}

export interface UrlRowView {
  id: number;
  url: string;
  state: string;
  reason: string | null;
  error_code: string | null;
  detail: string | null;
  attempts: number;
  next_retry_at: string | null;
  updated_at: string;
  http_status: number | null;
  source_id: number | null;
}

export interface ArticleView {
  id: number;
  status: string;
  slug: string | null;
  title: string;
  image: string | null;
  /** The body (from the state until published, from its file after). */
  markdown: string | null;
  /** content/<topic>/<slug>.md, if it exists. */
  file: string | null;
  fileText: string | null;
}

export interface HostileRoute {
  /** Short stable name, used in the table and the tests. */
  id: string;
  /** The attack, in a few words. */
  attack: string;
  /**
   * 'page': listed in the index feed, fetched as an article. 'feed' | 'sitemap' | 'site': a
   * source of its own in the hostile config.
   */
  kind: 'page' | 'feed' | 'sitemap' | 'site';
  /** The page or source URL the crawler meets. */
  url: string;
  /** Further pages this route needs listed in the index feed. */
  alsoListed?: string[];
  resources: Resource[];
  /** Builds expensive bodies up front, so serving them never stalls the server mid-crawl. */
  prepare?: () => void;
  expect: Expectation;
  /** Extra guarantees for this route; returns what is wrong (empty when all is well). */
  verify?: (probe: Probe) => string[] | Promise<string[]>;
}
