import { dnsNameProblem, isIpLiteral, isNonPublicHost, matchesHostPattern } from './host.ts';
import { normalizePercentEncoding } from './percent.ts';
import { parseQuery, serializeQuery, sortPairs } from './query.ts';
import { isTrackingParam } from './tracking-params.ts';
import type { NormalizedUrl, UrlErrorCode, UrlPolicy, UrlResult } from './types.ts';

export const MAX_URL_LENGTH = 8192;
// Inputs far beyond the cap are refused before parsing; tracking parameters may still shrink
// a moderately long input under the cap, so the final check is on the output.
const MAX_INPUT_LENGTH = MAX_URL_LENGTH * 8;

function fail(code: UrlErrorCode, message: string): UrlResult {
  return { ok: false, code, message };
}

export function normalizeUrl(input: string, options: { base?: string; policy?: UrlPolicy } = {}): UrlResult {
  if (typeof input !== 'string') return fail('E_URL_INVALID', 'URL is not a string');
  const trimmed = input.trim();
  if (trimmed === '') return fail('E_URL_INVALID', 'URL is empty');
  if (trimmed.length > MAX_INPUT_LENGTH) return fail('E_URL_TOO_LONG', `URL is ${trimmed.length} characters; the limit is ${MAX_URL_LENGTH}`);

  const url = URL.parse(trimmed, options.base);
  if (!url) return fail('E_URL_INVALID', options.base ? `cannot parse "${clip(trimmed)}" against ${clip(options.base)}` : `cannot parse "${clip(trimmed)}"`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('E_URL_SCHEME', `scheme ${url.protocol} is not http or https`);
  if (url.username !== '' || url.password !== '') return fail('E_URL_CREDENTIALS', 'URL contains a user name or password');

  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  const host = url.hostname;
  const policy = options.policy ?? {};
  const allowed = policy.allowPrivate === true || matchesHostPattern(host, policy.privateHosts);

  if (isIpLiteral(host)) {
    if (!allowed) return fail('E_URL_IP_LITERAL', `host ${host} is an IP address, not a name`);
  } else {
    const problem = dnsNameProblem(host);
    if (problem) return fail('E_URL_INVALID', `${problem}: ${clip(host)}`);
    if (!allowed && isNonPublicHost(host)) return fail('E_URL_PRIVATE_HOST', `host ${host} is not a public name`);
  }

  url.hash = '';
  const path = normalizePercentEncoding(url.pathname).replace(/\/{2,}/g, '/');
  if (path !== url.pathname) url.pathname = path; // the setter re-resolves any dot segments

  const pairs = parseQuery(url.search).filter((pair) => !isTrackingParam(pair.key));
  const search = serializeQuery(sortPairs(pairs));
  // Built by hand: URL.search would re-encode the pairs, and an empty query must leave no bare '?'.
  const href = `${url.origin}${url.pathname}${search}`;

  if (href.length > MAX_URL_LENGTH) return fail('E_URL_TOO_LONG', `URL is ${href.length} characters; the limit is ${MAX_URL_LENGTH}`);
  return { ok: true, url: href as NormalizedUrl };
}

/** normalizeUrl for an address that must be good (benches, tests): throws with the reason when it is not. */
export function normalizedUrl(input: string, policy: UrlPolicy = { allowPrivate: true }): NormalizedUrl {
  const result = normalizeUrl(input, { policy });
  if (!result.ok) throw new Error(`${input}: ${result.message}`);
  return result.url;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
