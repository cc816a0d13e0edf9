import { GleanerError } from '../../crawler/errors.ts';
import type { Result } from './errors.ts';

// Where and how to deploy, from the environment (the workflow passes repository secrets and
// variables as env). Credentials are not settings: the AWS SDK's default chain finds them
// (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, a role), and nothing here prints them.

export interface DeploySettings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (R2, B2, MinIO…); unset for AWS. */
  endpoint: string | null;
  /** Key prefix inside the bucket: '' or 'path/' (always a trailing slash). */
  prefix: string;
  forcePathStyle: boolean;
  /** CloudFront distribution to invalidate after the upload, if any. */
  distributionId: string | null;
  /** Only for tests against a local stand-in for the CloudFront API. */
  cloudfrontEndpoint: string | null;
  /** A deploy may delete at most this share of the objects under the prefix without --force. */
  maxDeleteShare: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Files this large or larger go up as multipart uploads. */
  multipartThreshold: number;
  partSize: number;
  /** Attempts per request, retries included (the SDK backs off between them). */
  maxAttempts: number;
  /** More changed paths than this are invalidated as one wildcard ('/*'), which CloudFront bills as one path. */
  maxInvalidationPaths: number;
}

const MiB = 1024 * 1024;

export const DEFAULTS = {
  region: 'us-east-1',
  maxDeleteShare: 0.3,
  concurrency: 8,
  multipartThreshold: 16 * MiB,
  partSize: 8 * MiB,
  maxAttempts: 5,
  maxInvalidationPaths: 30,
} as const;

/** Pure: reads the settings from an environment, or explains what is wrong. */
export function settingsFromEnv(env: Record<string, string | undefined>): Result<DeploySettings> {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const number = (name: string, fallback: number, check: (n: number) => boolean, rule: string): number => {
    const raw = text(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || !check(value)) {
      problems.push(`${name} must be ${rule} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const flag = (name: string): boolean => {
    const raw = text(name)?.toLowerCase();
    if (raw === undefined || raw === null) return false;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return false;
  };

  const bucket = text('S3_BUCKET');
  if (!bucket) problems.push('S3_BUCKET is not set: the name of the bucket to deploy to, like S3_BUCKET=news-example-com');
  else if (!/^[a-z0-9][a-z0-9.\-_]{1,254}$/i.test(bucket)) problems.push(`S3_BUCKET "${bucket}" is not a bucket name (letters, digits, dots, hyphens)`);

  const endpoint = text('S3_ENDPOINT');
  if (endpoint) {
    try {
      const url = new URL(endpoint);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
    } catch {
      problems.push(`S3_ENDPOINT must be an http(s) URL, like https://<account>.r2.cloudflarestorage.com (got "${redactUrl(endpoint)}")`);
    }
  }

  const prefix = normalizePrefix(text('S3_PREFIX') ?? '');
  if (prefix === null) problems.push(`S3_PREFIX must be a plain key prefix like "site/" (no "..", no empty segments)`);

  const settings: DeploySettings = {
    bucket: bucket ?? '',
    // us-east-1 also works where a store has no regions (R2 and MinIO take it as their default).
    region: text('S3_REGION') ?? text('AWS_REGION') ?? DEFAULTS.region,
    endpoint,
    prefix: prefix ?? '',
    forcePathStyle: flag('S3_FORCE_PATH_STYLE'),
    distributionId: text('CLOUDFRONT_DISTRIBUTION_ID'),
    cloudfrontEndpoint: text('CLOUDFRONT_ENDPOINT'),
    maxDeleteShare: number('DEPLOY_MAX_DELETE_SHARE', DEFAULTS.maxDeleteShare, (n) => n >= 0 && n <= 1, 'a share between 0 and 1, like 0.3'),
    concurrency: number('DEPLOY_CONCURRENCY', DEFAULTS.concurrency, (n) => Number.isInteger(n) && n >= 1 && n <= 64, 'a whole number from 1 to 64'),
    multipartThreshold: number('DEPLOY_MULTIPART_THRESHOLD', DEFAULTS.multipartThreshold, (n) => Number.isInteger(n) && n >= 5 * MiB, 'a byte count of at least 5 MiB (5242880)'),
    partSize: number('DEPLOY_PART_SIZE', DEFAULTS.partSize, (n) => Number.isInteger(n) && n >= 5 * MiB, 'a byte count of at least 5 MiB (5242880)'),
    maxAttempts: number('DEPLOY_MAX_ATTEMPTS', DEFAULTS.maxAttempts, (n) => Number.isInteger(n) && n >= 1 && n <= 20, 'a whole number from 1 to 20'),
    maxInvalidationPaths: number('CLOUDFRONT_MAX_PATHS', DEFAULTS.maxInvalidationPaths, (n) => Number.isInteger(n) && n >= 1 && n <= 3000, 'a whole number from 1 to 3000'),
  };
  if (problems.length) return { ok: false, error: new GleanerError('E_DEPLOY_CONFIG', `deploy settings:\n  - ${problems.join('\n  - ')}`) };
  return { ok: true, value: settings };
}

/** '' or 'a/b/'; null when the prefix is not a plain path. */
export function normalizePrefix(raw: string): string | null {
  const trimmed = raw.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  const segments = trimmed.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return `${trimmed}/`;
}

/** An endpoint for printing: user info (if someone put credentials in the URL) removed. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    url.username = '';
    url.password = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return value.replace(/\/\/[^@/]*@/, '//');
  }
}

/** "s3://bucket/prefix (endpoint)" for logs. */
export function describeTarget(settings: DeploySettings): string {
  return `s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${redactUrl(settings.endpoint)}` : ` (${settings.region})`}`;
}
