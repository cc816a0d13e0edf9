import type { Route } from 'playwright-core';
import type { BodyLimits } from '../fetch/body.ts';
import { performHop, type HopContext } from '../fetch/hop.ts';
import { normalizeUrl, type UrlPolicy } from '../url/index.ts';

// Every request a rendering browser makes is answered here, in Node, by one hop of the fetcher
// (performHop): the host is resolved and judged by the fetcher's address guard (private,
// loopback, link-local, metadata and every embedded-IPv4 form refused, resolve map and
// privateHosts honoured), the connection is pinned to the checked address (no DNS rebinding
// between check and connect), and the body is read under the fetcher's caps. Chromium itself
// never opens a connection for a page: its own network is pointed at a dead proxy (renderer.ts).

export interface Refusal {
  url: string;
  reason: string;
}

export interface RouteState {
  /** Requests answered or refused so far, for this page. */
  requests: number;
  refused: Refusal[];
  /** The page's own document, already fetched by the crawl: served from memory the first time it is asked for. */
  prefetched: { url: string; contentType: string; body: Buffer } | null;
}

export interface RouteSettings {
  hop: HopContext;
  /** The crawl's URL policy: IP-literal and non-public host names are refused before any lookup, as the fetcher refuses them. */
  policy: UrlPolicy;
  limits: BodyLimits;
  maxRequests: number;
  onRefused: (refusal: Refusal) => void;
}

/** Response headers that described the bytes on the wire: the body handed to Chromium is decoded and whole. */
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'set-cookie']);

export function guardedRoute(settings: RouteSettings, state: RouteState): (route: Route) => Promise<void> {
  const refuse = (route: Route, reason: string): Promise<void> => {
    const refusal = { url: route.request().url(), reason };
    state.refused.push(refusal);
    settings.onRefused(refusal);
    return route.abort('blockedbyclient').catch(() => {});
  };
  return async (route) => {
    const request = route.request();
    const url = request.url();
    if (state.prefetched && url === state.prefetched.url && request.isNavigationRequest()) {
      const { contentType, body } = state.prefetched;
      state.prefetched = null;
      state.requests++;
      return route.fulfill({ status: 200, headers: { 'content-type': contentType }, body }).catch(() => {});
    }
    if (++state.requests > settings.maxRequests) return refuse(route, `more than ${settings.maxRequests} requests for one page`);
    // A renderer reads pages; it has no business sending forms or API writes.
    if (request.method() !== 'GET' && request.method() !== 'HEAD') return refuse(route, `${request.method()} requests are not sent`);
    const checked = normalizeUrl(url, { policy: settings.policy });
    if (!checked.ok && (checked.code === 'E_URL_IP_LITERAL' || checked.code === 'E_URL_PRIVATE_HOST')) return refuse(route, checked.message);
    const kind = request.isNavigationRequest() ? 'page' : 'other';
    const result = await performHop(settings.hop, { url, kind, limits: settings.limits }).catch((error: Error) => ({ type: 'error' as const, message: error.message }));
    switch (result.type) {
      case 'ok': {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(result.headers)) {
          if (value === undefined || WIRE_HEADERS.has(name)) continue;
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        return route.fulfill({ status: result.status, headers, body: result.body }).catch(() => {});
      }
      case 'redirect':
        // Chromium follows it with a new request, which comes back here and is judged on its own.
        return route.fulfill({ status: result.status, headers: { location: result.location } }).catch(() => {});
      case 'failed':
        if (result.failure.code === 'E_BLOCKED_ADDRESS') return refuse(route, result.failure.message);
        if (result.failure.status) return route.fulfill({ status: result.failure.status, body: '' }).catch(() => {});
        return route.abort(result.failure.code === 'E_FETCH_TIMEOUT' ? 'timedout' : 'failed').catch(() => {});
      case 'rejected':
        return route.abort('blockedbyresponse').catch(() => {});
      default:
        return route.abort('failed').catch(() => {});
    }
  };
}
