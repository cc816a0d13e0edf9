export type UrlErrorCode =
  | 'E_URL_INVALID'
  | 'E_URL_SCHEME'
  | 'E_URL_CREDENTIALS'
  | 'E_URL_IP_LITERAL'
  | 'E_URL_PRIVATE_HOST'
  | 'E_URL_TOO_LONG';

export type UrlResult = { ok: true; url: string } | { ok: false; code: UrlErrorCode; message: string };

export interface UrlPolicy {
  /** Accept IP literals and non-public host names (tests, demo, intranet crawls). */
  allowPrivate?: boolean;
  /** Hosts accepted even though they are not public: exact hosts, or '*.suffix' globs matching subdomains. */
  privateHosts?: string[];
}
