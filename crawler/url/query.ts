import { decodeQueryPart, normalizePercentEncoding } from './percent.ts';

// Query strings are handled as raw `key=value` pairs rather than through URLSearchParams, which would
// re-encode values ('/' → %2F, ' ' → '+') and turn a bare `?flag` into `?flag=`.

export interface QueryPair {
  raw: string;
  key: string; // decoded, for matching
}

export function parseQuery(search: string): QueryPair[] {
  const body = search.startsWith('?') ? search.slice(1) : search;
  if (body === '') return [];
  return body
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const raw = normalizePercentEncoding(part);
      const eq = raw.indexOf('=');
      return { raw, key: decodeQueryPart(eq === -1 ? raw : raw.slice(0, eq)) };
    });
}

/** Stable sort by key (code-unit order), so repeated keys keep their relative order. */
export function sortPairs(pairs: QueryPair[]): QueryPair[] {
  return [...pairs].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export function serializeQuery(pairs: QueryPair[]): string {
  return pairs.length === 0 ? '' : `?${pairs.map((p) => p.raw).join('&')}`;
}
