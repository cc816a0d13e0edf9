import { canonicalUrl } from './canonical.ts';
import type { NormalizedUrl } from './types.ts';

/**
 * A looser key for flagging likely duplicates: no scheme, no `www.`, case-folded path, no trailing
 * slash, no query, no fragment. `https://www.Example.com/Post/?a=1` → `example.com/post`.
 * Two URLs with the same key are only *likely* the same page: sites that select content with the
 * query (`?p=123`, `watch?v=`) share one key for many pages, so confirm with the content.
 */
export function equivalenceKey(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return url.trim().toLowerCase();
  const host = parsed.host.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname.toLowerCase().replace(/\/+$/, '');
  return `${host}${path}`;
}

/** What decides whether two addresses are one page's: its canonical form, its equivalence key and its query. */
export interface AddressKeys {
  canonical: string;
  key: string;
  query: string;
}

export function addressKeys(url: NormalizedUrl): AddressKeys {
  return { canonical: canonicalUrl(url), key: equivalenceKey(url), query: queryOf(url) };
}

/** The keys of a URL whose canonical form and equivalence key were derived before (a stored row): only the query is read. */
export function storedAddressKeys(url: string, canonical: string, key: string): AddressKeys {
  return { canonical, key, query: queryOf(url) };
}

function queryOf(url: string): string {
  return URL.parse(url)?.search ?? '';
}

/**
 * The one equivalence rule (takedowns, quoted citations): the same canonical URL, or the same
 * equivalence key with the same query. Scheme, www, case and a trailing slash do not matter; the
 * query does, because many sites select the page with it. (The store's SQL asks the same question
 * of indexed columns: canonical_url, or equivalence_key and then the query.)
 */
export function sameAddress(a: AddressKeys, b: AddressKeys): boolean {
  return a.canonical === b.canonical || (a.key === b.key && a.query === b.query);
}
