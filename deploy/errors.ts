// Deploy failures are values with codes, like the crawler's: the CLI maps them to exit codes.

export type DeployErrorCode =
  /** A missing or malformed setting (S3_BUCKET, S3_PREFIX, a number…). */
  | 'E_DEPLOY_CONFIG'
  /** The build folder is missing, empty or incomplete. */
  | 'E_DEPLOY_DIR'
  /** A build that wrote only what changed lacks files the bucket does not hold (the bucket is not where that build's cache left it). */
  | 'E_DEPLOY_PARTIAL'
  /** The plan would delete more of the bucket than allowed. */
  | 'E_DEPLOY_GUARD'
  /** The bucket refused or failed a request (after the SDK's retries). */
  | 'E_DEPLOY_S3'
  /** The CDN invalidation failed (the objects are uploaded). */
  | 'E_DEPLOY_INVALIDATE';

export class DeployError extends Error {
  readonly code: DeployErrorCode;
  constructor(code: DeployErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeployError';
    this.code = code;
  }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: DeployError };
