// Gleaner's error vocabulary: every code the crawler, the site and the commands report
// (ERROR_CODES), the one error class that carries a code, and, apart from them, the rejection
// reasons (judgements, not errors). The deploy's E_DEPLOY_* codes live beside the deploy
// (scripts/deploy/errors.ts) and join ErrorCode through ErrorCodesElsewhere; every code of both
// is listed in docs/ARCHITECTURE.md's errors section, which a test keeps in step.

/** Why a URL failed: the code on a failed URL row (transient ones are retried). */
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

/** Why an address was refused before any request (url/normalize.ts); the fetcher reports the last two as E_BLOCKED_ADDRESS. */
const URL_CODES = ['E_URL_INVALID', 'E_URL_SCHEME', 'E_URL_CREDENTIALS', 'E_URL_TOO_LONG', 'E_URL_IP_LITERAL', 'E_URL_PRIVATE_HOST'] as const;
export type UrlCode = (typeof URL_CODES)[number];

/** Why a source's read failed: the document was fetched but could not be read (fetch failures keep their FailureCode). */
const SOURCE_CODES = ['E_FEED_PARSE', 'E_SITEMAP_PARSE', 'E_OPML_PARSE', 'E_SEARCH_PARSE', 'E_SOURCE'] as const;
type SourceCode = (typeof SOURCE_CODES)[number];

/** Why a command could not run at all (the CLI turns these into exit codes). */
const RUN_CODES = ['E_CONFIG', 'E_ARGS', 'E_TOPIC', 'E_STATE', 'E_UNWRITABLE', 'E_MEDIA_STORE'] as const;

/** Why the store refused a database file. */
const STORE_CODES = ['E_STORE_CORRUPT', 'E_STORE_MISSING', 'E_STORE_TOO_NEW', 'E_STORE_NO_PATH'] as const;

export const ERROR_CODES = [...new Set([...FAILURE_CODES, ...URL_CODES, ...SOURCE_CODES, ...RUN_CODES, ...STORE_CODES])] as const;

/**
 * Codes declared beside what reports them, outside crawler/ (which imports nothing of scripts/):
 * a module adds its own by declaration merging (scripts/deploy/errors.ts), and they are codes a
 * GleanerError may carry like the rest.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ErrorCodesElsewhere {}

export type ErrorCode = FailureCode | UrlCode | SourceCode | (typeof RUN_CODES)[number] | (typeof STORE_CODES)[number] | keyof ErrorCodesElsewhere;

/** One mistake in the config: the field, what is wrong, and an example of the fix. */
export interface ConfigProblem {
  field: string;
  problem: string;
  example: string | null;
}

export interface GleanerErrorOptions {
  cause?: unknown;
  /** E_CONFIG: every mistake found, each with its field, the problem and an example of the fix. */
  problems?: ConfigProblem[];
}

/** The one error Gleaner throws on purpose: a code from the vocabulary and a message for a person. */
export class GleanerError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly problems: ConfigProblem[];
  constructor(code: C, message: string, options: GleanerErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GleanerError';
    this.code = code;
    this.problems = options.problems ?? [];
  }
}

/** Whether `error` is a GleanerError, with one of `codes` when given. */
export function isGleanerError<C extends ErrorCode>(error: unknown, ...codes: C[]): error is GleanerError<C> {
  return error instanceof GleanerError && (codes.length === 0 || (codes as ErrorCode[]).includes(error.code));
}

/** The one answer to topics the config does not have (npm run crawl --topic, add --topic, --explain --topic). */
export function unknownTopicError(config: { topics: ReadonlyArray<{ slug: string }> }, slugs: string[]): GleanerError<'E_TOPIC'> {
  return new GleanerError('E_TOPIC', `unknown topic ${slugs.map((s) => `"${s}"`).join(', ')}; the config has ${config.topics.map((t) => t.slug).join(', ')}`);
}

/** Why a source's read failed: an error code, or a rejection reason (robots, not_html), with the message. */
export type SourceFailure = { code: ErrorCode; message: string } | { reason: RejectReason; message: string };

/** How a failure reads in one line: "E_FEED_PARSE: message", or "robots: message". */
export function describeSourceFailure(failure: SourceFailure): string {
  return `${'code' in failure ? failure.code : failure.reason}: ${failure.message}`;
}

// Rejections are judgements about content or policy, not errors: they are final for that URL and
// recorded in a URL's `reason` (a source's `last_reason`), never in an error code column.
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
