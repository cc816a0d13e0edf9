import type { UrlCode } from '../errors.ts';

/** Why an address was refused: one of the vocabulary's URL codes (crawler/errors.ts). */
export type UrlErrorCode = UrlCode;

/**
 * A URL as normalizeUrl returns it: parsed, checked against the address policy and in its one
 * spelling (see normalize.ts). Only normalizeUrl makes one; the store keeps URLs in this form, so a
 * URL read back from the state needs no second pass.
 */
export type NormalizedUrl = string & { readonly __normalized: unique symbol };

export type UrlResult = { ok: true; url: NormalizedUrl } | { ok: false; code: UrlErrorCode; message: string };

export interface UrlPolicy {
  /** Accept IP literals and non-public host names (tests, demo, intranet crawls). */
  allowPrivate?: boolean;
  /** Hosts accepted even though they are not public: exact hosts, or '*.suffix' globs matching subdomains. */
  privateHosts?: string[];
}
