import type { UrlCode } from '../errors.ts';

/** Why an address was refused: one of the vocabulary's URL codes (crawler/errors.ts). */
export type UrlErrorCode = UrlCode;

export type UrlResult = { ok: true; url: string } | { ok: false; code: UrlErrorCode; message: string };

export interface UrlPolicy {
  /** Accept IP literals and non-public host names (tests, demo, intranet crawls). */
  allowPrivate?: boolean;
  /** Hosts accepted even though they are not public: exact hosts, or '*.suffix' globs matching subdomains. */
  privateHosts?: string[];
}
