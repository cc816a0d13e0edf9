// Errors are values with codes, not strings: every failed URL row carries one.

export const FAILURE_CODES = [
  'E_URL_INVALID',
  'E_FETCH_TIMEOUT',
  'E_FETCH_HTTP',
  'E_FETCH_NETWORK',
  'E_TOO_LARGE',
  'E_DECODE',
  'E_BLOCKED_ADDRESS',
  'E_REDIRECT_LOOP',
  'E_TOO_MANY_REDIRECTS',
  'E_EXTRACT_EMPTY',
  'E_EXTRACT_FAILED',
  'E_RENDER_FAILED',
  'E_INTERNAL',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

// Rejections are judgements about content or policy; they are final for that URL.
export const REJECT_REASONS = [
  'not_html',
  'robots',
  'no_article',
  'too_short',
  'too_long',
  'noise_title',
  'noise_body',
  'title_not_in_body',
  'bad_start',
  'empty_after_clean',
  'duplicate_url',
  'duplicate_content',
  'near_duplicate',
  'quoted_only',
  /** A block rule matched, or the article matched none of the keep rules (config rules). */
  'rule',
  /** The page needs rendering (configured, or it looked like an application shell) and Chromium is not installed. */
  'render_unavailable',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export interface Failure {
  code: FailureCode;
  message: string;
  /** Permanent failures are never retried (a 404, a blocked address); transient ones back off. */
  permanent: boolean;
  status?: number;
  retryAfterMs?: number;
}

export function failure(code: FailureCode, message: string, permanent = false, extra: Partial<Failure> = {}): Failure {
  return { code, message, permanent, ...extra };
}
