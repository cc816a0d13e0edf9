import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config/schema.ts';
import type { Failure, FailureCode } from '../errors.ts';
import type { NormalizedUrl } from '../url/index.ts';

export interface CacheValidators {
  etag?: string | null;
  lastModified?: string | null;
  /** Epoch ms, from Cache-Control max-age or Expires. */
  expiresAt?: number | null;
}

export type FetchKind = 'page' | 'feed' | 'image' | 'robots' | 'other';

export interface FetchRequest {
  url: string;
  kind: FetchKind;
  validators?: CacheValidators;
  /** Ignore expiresAt, still send validators. */
  refresh?: boolean;
  /** Overrides FetcherOptions.maxBodyBytes for this request. */
  maxBytes?: number;
}

export interface Redirect {
  from: NormalizedUrl;
  to: NormalizedUrl;
  status: number;
}

export type FetchOutcome =
  | {
      type: 'ok';
      url: string;
      finalUrl: NormalizedUrl;
      status: number;
      redirects: Redirect[];
      /** Media type without parameters, lowercase ('text/html'); '' when the server sent none. */
      contentType: string;
      /** The encoding the text was decoded with (WHATWG name, e.g. 'windows-1252'); null for binary kinds. */
      charset: string | null;
      /** Content-encoding (gzip, deflate, br) already removed. */
      body: Buffer;
      /** Decoded text for page, feed and robots, and for textual 'other' responses; null otherwise. */
      text: string | null;
      validators: CacheValidators;
      /** Bytes received on the wire, before content decoding. */
      bytes: number;
      /** The final response's headers (an archived copy keeps those that matter). */
      headers: IncomingHttpHeaders;
    }
  /** 304: no body read. */
  | { type: 'not-modified'; url: string; finalUrl: NormalizedUrl; redirects: Redirect[]; validators: CacheValidators }
  /** validators.expiresAt is in the future and refresh is false: no request made. */
  | { type: 'fresh'; url: string }
  | {
      type: 'rejected';
      url: string;
      finalUrl: NormalizedUrl;
      reason: 'robots' | 'not_html';
      detail: string;
      redirects: Redirect[];
    }
  /** Also when the host's robots.txt could not be read (5xx, timeout, network error): a transient failure, not a verdict on the URL. */
  | { type: 'error'; url: string; failure: Failure; redirects: Redirect[] };

type CrawlOptions = Config['crawl'];

/** DNS resolution, replaceable in tests. Must return every address of the host. */
export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export interface FetcherOptions
  extends Partial<
    Pick<
      CrawlOptions,
      | 'userAgent'
      | 'concurrency'
      | 'perHostDelayMs'
      | 'connectTimeoutMs'
      | 'responseTimeoutMs'
      | 'totalTimeoutMs'
      | 'maxBodyBytes'
      | 'maxRedirects'
      | 'retries'
      | 'respectRobots'
      | 'allowPrivateAddresses'
      | 'privateHosts'
      | 'resolve'
    >
  > {
  /** Injectable clock for cache freshness (epoch ms). Politeness timing always uses the real monotonic clock. */
  now?: () => number;
  /** A Retry-After longer than this gives up at once with a transient failure carrying retryAfterMs. Default 60 s. */
  maxRetryAfterMs?: number;
  /** Cap on a body after content decoding (gzip bombs). Default 4 × the request's byte cap. */
  maxDecompressedBytes?: number;
  /** First retry waits about this long, doubling each time, with jitter. Default 1000 ms. */
  retryBaseDelayMs?: number;
  /** Crawl-delay values above this are clamped, so one robots.txt cannot stall a run. Default 60 s. */
  maxCrawlDelayMs?: number;
  /** robots.txt is cut at this many decoded bytes. Default 500 KiB. */
  maxRobotsBytes?: number;
  /** Defaults to node:dns lookup with all addresses. */
  resolver?: HostResolver;
}

export interface FetchStats {
  /** HTTP requests sent: pages, robots.txt, redirect hops and retries. */
  requests: number;
  /** Bytes received on the wire, before content decoding. */
  bytes: number;
  retries: number;
  /** robots.txt requests (included in `requests`). */
  robotsRequests: number;
  outcomes: Record<FetchOutcome['type'], number>;
  failures: Partial<Record<FailureCode, number>>;
}

export interface Fetcher {
  fetch(request: FetchRequest): Promise<FetchOutcome>;
  /**
   * When this host may next be asked (performance.now() ms): after its politeness gap, its
   * robots.txt Crawl-delay or a Retry-After. The pipeline offers a host's next page only then.
   */
  hostReadyAt(host: string): number;
  /** Aborts requests in flight and waiting; later fetches fail with E_INTERNAL. */
  close(): Promise<void>;
  stats(): FetchStats;
}
