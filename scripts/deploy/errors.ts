import type { GleanerError } from '../../crawler/errors.ts';

// Deploy failures are GleanerErrors with the vocabulary's E_DEPLOY_* codes (crawler/errors.ts):
// the CLI maps them to exit codes.

export type Result<T> = { ok: true; value: T } | { ok: false; error: GleanerError };
