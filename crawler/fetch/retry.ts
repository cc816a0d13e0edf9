import { parseHttpDate } from './http-date.ts';

/** Retry-After as a delay in ms: delta-seconds or an HTTP date. Null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = parseHttpDate(trimmed);
  return date === null ? null : Math.max(0, date - now);
}

/**
 * The fetcher's retry policy as one table: which failures are asked again within the run, and
 * the waits between tries. Timeouts and other network trouble are asked again, unless lasting.
 * How many times is the config's crawl.retries (default 2), and the longest Retry-After waited
 * out is crawl.maxRetryAfterMs; past that a failure is the state's to reschedule
 * (store/url-state.ts), unless it is permanent.
 */
export const RETRY_POLICY = {
  /** 429 and every 5xx are asked again, except the permanent statuses. */
  tooManyRequests: 429,
  serverErrorsFrom: 500,
  /** Statuses that will not change by asking again later: never retried, and the URL's failure is permanent. */
  permanentStatuses: new Set([400, 404, 405, 410, 414, 451, 501]),
  /** Statuses whose Retry-After header sets the wait. */
  retryAfterStatuses: new Set([429, 503]),
  /** Network errors that will be the same a second later (a malformed response, a bad certificate, no such host): by prefix, by part, or whole. */
  lastingErrorPrefixes: ['HPE_', 'ERR_TLS', 'ERR_SSL'],
  lastingErrorParts: ['CERT'],
  lastingErrorCodes: new Set(['ENOTFOUND', 'ERR_INVALID_URL']),
  /** DNS answers that will be the same: no such name, or no address for it. */
  lastingDnsCodes: new Set(['ENOTFOUND', 'ENODATA']),
  /** Backoff between tries: base·2^attempt with equal jitter, never more than the most. */
  baseDelayMs: 1000,
  maxBackoffMs: 30_000,
} as const;

/** Whether an HTTP status is asked again within the run. */
export function retriesStatus(status: number): boolean {
  const p = RETRY_POLICY;
  return status === p.tooManyRequests || (status >= p.serverErrorsFrom && !p.permanentStatuses.has(status));
}

/** Whether a network error code is one that asking again will not change. */
export function isLastingError(code: string): boolean {
  const p = RETRY_POLICY;
  return p.lastingErrorPrefixes.some((prefix) => code.startsWith(prefix)) || p.lastingErrorParts.some((part) => code.includes(part)) || p.lastingErrorCodes.has(code);
}

/** Exponential backoff with "equal jitter": between half and all of base·2^attempt. */
export function backoffDelay(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_POLICY.maxBackoffMs, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
