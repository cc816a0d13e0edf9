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

const MAX_BACKOFF_MS = 30_000;

/** Exponential backoff with "equal jitter": between half and all of base·2^attempt. */
export function backoffDelay(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
