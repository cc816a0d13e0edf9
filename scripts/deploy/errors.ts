import type { GleanerError } from '../../crawler/errors.ts';

// Deploy failures are GleanerErrors with the deploy's own codes, declared here beside the deploy
// and merged into the one vocabulary (ErrorCodesElsewhere in crawler/errors.ts); the CLI
// (main.ts) maps them to exit codes.

/** Why a deploy stopped. */
export const DEPLOY_CODES = ['E_DEPLOY_CONFIG', 'E_DEPLOY_DIR', 'E_DEPLOY_PARTIAL', 'E_DEPLOY_GUARD', 'E_DEPLOY_S3', 'E_DEPLOY_INVALIDATE'] as const;
export type DeployCode = (typeof DEPLOY_CODES)[number];

declare module '../../crawler/errors.ts' {
  interface ErrorCodesElsewhere extends Record<DeployCode, true> {}
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: GleanerError };
