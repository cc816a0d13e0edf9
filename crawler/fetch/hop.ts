import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import got, { type Got } from 'got';
import type { Config } from '../config/schema.ts';
import { failure, isGleanerError, type Failure } from '../errors.ts';
import { ACCEPT_ENCODING, readBody, type BodyLimits } from './body.ts';
import { conditionalHeaders } from './cache-policy.ts';
import { decodeText } from './charset.ts';
import { pinnedConnection } from './connection.ts';
import { ACCEPT_HEADERS, acceptsType, isHtmlType, isTextualType, looksLikeHtml, parseContentType, sniffImageType } from './content-type.ts';
import { isLastingError, parseRetryAfter, retriesStatus, RETRY_POLICY } from './retry.ts';
import { ClosedError } from './sleep.ts';
import type { StatsRecorder } from './stats.ts';
import { parseResolveMap } from '../config/resolve-map.ts';
import { resolveTarget, systemResolver, type TargetContext } from './target.ts';
import type { CacheValidators, FetchKind, HostResolver } from './types.ts';

// One HTTP request for one URL: resolve and check the address, send, classify the status, and read
// the body under its caps. Runs inside the host scheduler's slot; retries and redirects are the
// caller's business.

export interface HopContext {
  client: Got;
  target: TargetContext;
  stats: StatsRecorder;
  signal: AbortSignal;
  now: () => number;
  userAgent: string;
  timeouts: { connect: number; response: number; total: number };
}

type HopSettings = Pick<
  Config['crawl'],
  'userAgent' | 'connectTimeoutMs' | 'responseTimeoutMs' | 'totalTimeoutMs' | 'allowPrivateAddresses' | 'privateHosts' | 'resolve'
>;

/**
 * The context every hop runs in: the fetcher's, and the renderer's (whose browser requests are
 * each one hop). The got instance only moves bytes: redirects, retries, decompression and status
 * errors are handled hop by hop by the caller.
 */
export function createHopContext(
  settings: HopSettings,
  edges: { stats: StatsRecorder; signal: AbortSignal; now: () => number; resolver?: HostResolver },
): HopContext {
  const client = got.extend({ followRedirect: false, decompress: false, throwHttpErrors: false, retry: { limit: 0 }, http2: false });
  return {
    client,
    target: {
      resolveMap: parseResolveMap(settings.resolve),
      resolver: edges.resolver ?? systemResolver,
      allowPrivateAddresses: settings.allowPrivateAddresses,
      privateHosts: settings.privateHosts,
      timeoutMs: settings.connectTimeoutMs,
    },
    stats: edges.stats,
    signal: edges.signal,
    now: edges.now,
    userAgent: settings.userAgent,
    timeouts: { connect: settings.connectTimeoutMs, response: settings.responseTimeoutMs, total: settings.totalTimeoutMs },
  };
}

export interface HopRequest {
  url: string;
  kind: FetchKind;
  validators?: CacheValidators;
  limits: BodyLimits;
}

export type HopResult =
  | { type: 'redirect'; status: number; location: string }
  | { type: 'ok'; status: number; headers: IncomingHttpHeaders; contentType: string; charset: string | null; body: Buffer; text: string | null; bytes: number }
  | { type: 'not-modified'; headers: IncomingHttpHeaders }
  | { type: 'rejected'; reason: 'not_html'; detail: string }
  | { type: 'failed'; failure: Failure; retry: boolean };

const REDIRECT_STATUSES = new Set([300, 301, 302, 303, 307, 308]);

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 410: 'Gone', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

export async function performHop(ctx: HopContext, request: HopRequest): Promise<HopResult> {
  const url = new URL(request.url);
  const resolved = await resolveTarget(url.hostname, ctx.target);
  if (!resolved.ok) return { type: 'failed', failure: resolved.failure, retry: resolved.retry };
  if (ctx.signal.aborted) return closed();

  ctx.stats.request(request.kind === 'robots');
  const connection = pinnedConnection(resolved.target, url.protocol === 'https:', url.hostname);
  let stream: ReturnType<Got['stream']>;
  try {
    stream = ctx.client.stream(request.url, {
      headers: {
        host: url.host,
        'user-agent': ctx.userAgent,
        accept: ACCEPT_HEADERS[request.kind],
        'accept-encoding': ACCEPT_ENCODING,
        ...conditionalHeaders(request.validators),
      },
      dnsLookup: connection.dnsLookup as never,
      createConnection: connection.createConnection as never,
      timeout: { connect: ctx.timeouts.connect, secureConnect: ctx.timeouts.connect, response: ctx.timeouts.response, request: ctx.timeouts.total },
      signal: ctx.signal,
    });
  } catch (error) {
    return classifyError(error, ctx);
  }
  stream.on('error', () => {}); // errors are collected below; this keeps a late one from going unhandled

  const opened = await new Promise<{ response: IncomingMessage } | { error: unknown }>((resolve) => {
    stream.once('response', (response: IncomingMessage) => resolve({ response }));
    stream.once('error', (error: unknown) => resolve({ error }));
  });
  if ('error' in opened) return classifyError(opened.error, ctx);

  const { statusCode: status = 0, headers } = opened.response;
  const stop = () => stream.destroy();

  if (REDIRECT_STATUSES.has(status)) {
    stop();
    const location = headers.location;
    if (!location) return { type: 'failed', failure: failure('E_FETCH_HTTP', `HTTP ${status} redirect without a Location header`, false, { status }), retry: false };
    return { type: 'redirect', status, location };
  }
  if (status === 304) {
    stop();
    return { type: 'not-modified', headers };
  }
  if (status < 200 || status >= 300) {
    stop();
    const retryAfterMs = RETRY_POLICY.retryAfterStatuses.has(status) ? parseRetryAfter(headers['retry-after'], ctx.now()) : null;
    const message = `HTTP ${status}${STATUS_TEXT[status] ? ` ${STATUS_TEXT[status]}` : ''}`;
    const extra: Partial<Failure> = { status };
    if (retryAfterMs !== null) extra.retryAfterMs = retryAfterMs;
    return { type: 'failed', failure: failure('E_FETCH_HTTP', message, RETRY_POLICY.permanentStatuses.has(status), extra), retry: retriesStatus(status) };
  }

  const type = parseContentType(headers['content-type']);
  const accepted = acceptsType(request.kind, type.mime);
  if (accepted === false) {
    stop(); // the body is not wanted: do not read it
    return { type: 'rejected', reason: 'not_html', detail: `expected ${expected(request.kind)}, got ${type.mime}` };
  }
  const declaredLength = Number(headers['content-length']);
  if (!request.limits.truncate && Number.isFinite(declaredLength) && declaredLength > request.limits.maxBytes) {
    stop();
    return { type: 'failed', failure: failure('E_TOO_LARGE', `Content-Length ${declaredLength} exceeds the ${request.limits.maxBytes}-byte limit`, true), retry: false };
  }

  let body: Buffer;
  let bytes = 0;
  try {
    body = await readBody(stream, headers['content-encoding'], request.limits, (n) => {
      bytes += n;
      ctx.stats.bytes(n);
    });
  } catch (error) {
    return classifyError(error, ctx);
  }

  let contentType = type.mime;
  if (accepted === null) {
    // No Content-Type: decide from the bytes.
    if (request.kind === 'page' && !looksLikeHtml(body)) return { type: 'rejected', reason: 'not_html', detail: 'no Content-Type and the body does not look like HTML' };
    if (request.kind === 'image') {
      const sniffed = sniffImageType(body);
      if (!sniffed) return { type: 'rejected', reason: 'not_html', detail: 'expected an image, got an untyped body that is not one' };
      contentType = sniffed;
    }
  }

  const wantsText = request.kind === 'page' || request.kind === 'feed' || request.kind === 'robots' || (request.kind === 'other' && isTextualType(contentType));
  let text: string | null = null;
  let charset: string | null = null;
  if (wantsText) {
    const decoded = decodeText(body, {
      headerCharset: type.charset,
      html: request.kind === 'page' || isHtmlType(contentType),
      xml: request.kind === 'feed' || /xml/.test(contentType),
    });
    text = decoded.text;
    charset = decoded.charset;
  }
  return { type: 'ok', status, headers, contentType, charset, body, text, bytes };
}

function expected(kind: FetchKind): string {
  return kind === 'page' ? 'text/html or application/xhtml+xml' : kind === 'image' ? 'image/*' : 'a feed (XML, JSON or text)';
}

function closed(): HopResult {
  return { type: 'failed', failure: failure('E_INTERNAL', 'fetcher closed'), retry: false };
}

function classifyError(error: unknown, ctx: { signal: AbortSignal; timeouts: HopContext['timeouts'] }): HopResult {
  if (error instanceof ClosedError || ctx.signal.aborted) return closed();
  if (isGleanerError(error, 'E_TOO_LARGE')) return { type: 'failed', failure: failure('E_TOO_LARGE', error.message, true), retry: false };
  if (isGleanerError(error, 'E_DECODE')) return { type: 'failed', failure: failure('E_DECODE', error.message), retry: false };
  const e = error as { name?: string; code?: string; event?: string; message?: string };
  if (e?.name === 'TimeoutError' || e?.code === 'ETIMEDOUT') {
    const phase = e.event ?? 'response';
    const limit = phase === 'connect' || phase === 'secureConnect' ? ctx.timeouts.connect : phase === 'response' ? ctx.timeouts.response : ctx.timeouts.total;
    return { type: 'failed', failure: failure('E_FETCH_TIMEOUT', `timed out (${phase}) after ${limit} ms`), retry: true };
  }
  const code = e?.code ?? 'ERROR';
  return { type: 'failed', failure: failure('E_FETCH_NETWORK', `${code}: ${e?.message ?? String(error)}`), retry: !isLastingError(code) };
}
