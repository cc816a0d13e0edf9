import { setMaxListeners } from 'node:events';
import { crawlSchema } from '../config/schema.ts';
import { failure, type Failure } from '../errors.ts';
import { normalizeUrl, type NormalizedUrl, type UrlPolicy, type UrlResult } from '../url/index.ts';
import type { BodyLimits } from './body.ts';
import { validatorsFromNotModified, validatorsFromResponse } from './cache-policy.ts';
import { createHopContext, performHop, type HopContext, type HopRequest, type HopResult } from './hop.ts';
import { HostScheduler } from './host-scheduler.ts';
import { backoffDelay, RETRY_POLICY } from './retry.ts';
import { ROBOTS_MAX_REDIRECTS, RobotsCache, interpretRobots, robotsAllows, robotsToken, type RobotsRules } from './robots.ts';
import { ClosedError, sleep } from './sleep.ts';
import { StatsRecorder } from './stats.ts';
import type { FetchOutcome, FetchRequest, Fetcher, FetcherOptions, Redirect } from './types.ts';

const DEFAULTS = crawlSchema.parse({});

interface Mode {
  checkRobots: boolean;
  maxRedirects: number;
  limits: BodyLimits;
}

export function createFetcher(options: FetcherOptions = {}): Fetcher {
  const o = {
    ...DEFAULTS,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  } as typeof DEFAULTS & FetcherOptions;
  const now = options.now ?? Date.now;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? RETRY_POLICY.baseDelayMs;
  const policy: UrlPolicy = { allowPrivate: o.allowPrivateAddresses, privateHosts: o.privateHosts };
  const token = robotsToken(o.userAgent);

  const controller = new AbortController();
  const signal = controller.signal;
  // One listener per request in flight and per host waiting out its delay: legitimately many.
  setMaxListeners(0, signal);
  const stats = new StatsRecorder();
  const scheduler = new HostScheduler({ concurrency: o.concurrency, delayMs: o.perHostDelayMs, signal });
  const hopContext: HopContext = createHopContext(o, { stats, signal, now, resolver: options.resolver });
  const robots = new RobotsCache(loadRobots);
  const inFlight = new Set<Promise<FetchOutcome>>();

  function limitsFor(request: FetchRequest): BodyLimits {
    const maxBytes = request.maxBytes ?? o.maxBodyBytes;
    return { maxBytes, maxDecodedBytes: options.maxDecompressedBytes ?? maxBytes * 4 };
  }

  async function loadRobots(origin: string): Promise<RobotsRules> {
    // The origin of a normalized URL and a plain path: already in normalized form.
    const robotsUrl = `${origin}/robots.txt` as NormalizedUrl;
    const outcome = await follow(
      { url: robotsUrl, kind: 'robots' },
      robotsUrl,
      // Cut at maxRobotsBytes (500 KiB) rather than failing; the wire is read a little further only for compressed bodies.
      { checkRobots: false, maxRedirects: ROBOTS_MAX_REDIRECTS, limits: { maxBytes: o.maxRobotsBytes * 2, maxDecodedBytes: o.maxRobotsBytes, truncate: true } },
    );
    const rules = interpretRobots(outcome, robotsUrl, token);
    if (rules.type === 'rules' && rules.crawlDelayMs !== null) {
      scheduler.setHostDelay(new URL(origin).hostname, Math.min(rules.crawlDelayMs, o.maxCrawlDelayMs));
    }
    return rules;
  }

  /** One hop with retries: backoff on timeouts, network errors and 5xx; Retry-After on 429/503. */
  async function attempt(url: string, request: HopRequest): Promise<HopResult> {
    const host = new URL(url).hostname;
    for (let attemptNo = 0; ; attemptNo++) {
      const result = await scheduler.run(host, () => performHop(hopContext, { ...request, url }));
      if (result.type !== 'failed' || !result.retry) return result;
      const retryAfterMs = result.failure.retryAfterMs;
      if (retryAfterMs !== undefined && retryAfterMs > o.maxRetryAfterMs) return result; // the pipeline reschedules it
      if (attemptNo >= o.retries) return result;
      stats.retry();
      if (retryAfterMs !== undefined) scheduler.deferHost(host, retryAfterMs);
      else await sleep(backoffDelay(attemptNo, retryBaseDelayMs), signal);
    }
  }

  /** Follows redirects by hand; every hop is re-normalized, checked by robots and the address guard. */
  async function follow(request: FetchRequest, start: NormalizedUrl, mode: Mode): Promise<FetchOutcome> {
    const redirects: Redirect[] = [];
    const seen = new Set([start]);
    const errorOutcome = (f: Failure): FetchOutcome => ({ type: 'error', url: request.url, failure: f, redirects });
    let current = start;
    for (;;) {
      if (mode.checkRobots) {
        const rules = await robots.get(new URL(current).origin);
        if (rules.type === 'blocked') return errorOutcome(rules.failure);
        const verdict = robotsAllows(rules, current, token);
        if (!verdict.allowed) {
          // An unreadable robots.txt is no verdict on the URL: a transient failure, tried again in a later run.
          if (rules.type === 'disallow-all') return errorOutcome(failure(rules.failure.code, verdict.detail, false, rules.failure.status ? { status: rules.failure.status } : {}));
          return { type: 'rejected', url: request.url, finalUrl: current, reason: 'robots', detail: verdict.detail, redirects };
        }
      }
      const result = await attempt(current, { url: current, kind: request.kind, validators: request.validators, limits: mode.limits });
      switch (result.type) {
        case 'failed':
          return errorOutcome(result.failure);
        case 'rejected':
          return { type: 'rejected', url: request.url, finalUrl: current, reason: result.reason, detail: result.detail, redirects };
        case 'not-modified':
          return { type: 'not-modified', url: request.url, finalUrl: current, redirects, validators: validatorsFromNotModified(result.headers, request.validators, now()) };
        case 'ok':
          return {
            type: 'ok',
            url: request.url,
            finalUrl: current,
            status: result.status,
            redirects,
            contentType: result.contentType,
            charset: result.charset,
            body: result.body,
            text: result.text,
            validators: validatorsFromResponse(result.headers, now()),
            bytes: result.bytes,
            headers: result.headers,
          };
        case 'redirect': {
          const next = normalizeUrl(result.location, { base: current, policy });
          if (!next.ok) return errorOutcome(urlFailure(next, `redirect from ${current} to ${withoutCredentials(result.location)}`));
          redirects.push({ from: current, to: next.url, status: result.status });
          if (seen.has(next.url)) return errorOutcome(failure('E_REDIRECT_LOOP', `redirect loop: ${next.url} was already visited`));
          if (redirects.length > mode.maxRedirects) return errorOutcome(failure('E_TOO_MANY_REDIRECTS', `more than ${mode.maxRedirects} redirects`));
          seen.add(next.url);
          current = next.url;
        }
      }
    }
  }

  async function run(request: FetchRequest): Promise<FetchOutcome> {
    const expiresAt = request.validators?.expiresAt;
    if (!request.refresh && typeof expiresAt === 'number' && expiresAt > now()) return { type: 'fresh', url: request.url };
    const start = normalizeUrl(request.url, { policy });
    if (!start.ok) return { type: 'error', url: request.url, failure: urlFailure(start, withoutCredentials(request.url)), redirects: [] };
    const checkRobots = o.respectRobots && request.kind !== 'robots';
    try {
      return await follow(request, start.url, { checkRobots, maxRedirects: o.maxRedirects, limits: limitsFor(request) });
    } catch (error) {
      if (error instanceof ClosedError || signal.aborted) return closedOutcome(request.url);
      return { type: 'error', url: request.url, failure: failure('E_INTERNAL', `unexpected: ${(error as Error).message}`), redirects: [] };
    }
  }

  return {
    fetch(request) {
      const promise = (signal.aborted ? Promise.resolve(closedOutcome(request.url)) : run(request)).then((outcome) => {
        stats.outcome(outcome);
        return outcome;
      });
      inFlight.add(promise);
      void promise.finally(() => inFlight.delete(promise));
      return promise;
    },
    hostReadyAt: (host) => scheduler.readyAt(host),
    async close() {
      controller.abort();
      await Promise.allSettled([...inFlight]);
    },
    stats: () => stats.snapshot(),
  };
}

function closedOutcome(url: string): FetchOutcome {
  return { type: 'error', url, failure: failure('E_INTERNAL', 'fetcher closed'), redirects: [] };
}

/** A URL for a message: a user name and password in it (refused anyway) are not repeated in logs or the database. */
function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/i, '$1');
}

/** A URL refused for its host is a blocked address; anything else about it is an invalid URL. Both are permanent. */
function urlFailure(result: Extract<UrlResult, { ok: false }>, what: string): Failure {
  if (result.code === 'E_URL_IP_LITERAL' || result.code === 'E_URL_PRIVATE_HOST') return failure('E_BLOCKED_ADDRESS', `${what}: ${result.message}`, true);
  return failure('E_URL_INVALID', `${what}: ${result.message}`, true);
}
