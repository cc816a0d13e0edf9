import type { IncomingHttpHeaders } from 'node:http';
import { parseHttpDate } from './http-date.ts';
import type { CacheValidators } from './types.ts';

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (Array.isArray(value)) return value.join(', ');
  return value ?? null;
}

function parseCacheControl(value: string | null): Map<string, string> {
  const directives = new Map<string, string>();
  if (!value) return directives;
  for (const part of value.split(',')) {
    const [name, ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (key) directives.set(key, rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  return directives;
}

/** When the response stops being fresh (epoch ms), or null when it must be revalidated at once. */
export function freshUntil(headers: IncomingHttpHeaders, now: number): number | null {
  const cc = parseCacheControl(header(headers, 'cache-control'));
  if (cc.has('no-store') || cc.has('no-cache')) return null;
  const age = Math.max(0, Number(header(headers, 'age')) || 0);
  const maxAge = cc.get('max-age');
  if (maxAge !== undefined) {
    const seconds = Number(maxAge);
    if (!Number.isFinite(seconds) || seconds - age <= 0) return null;
    return now + (seconds - age) * 1000;
  }
  const expires = header(headers, 'expires');
  if (expires) {
    const expiresMs = parseHttpDate(expires);
    if (expiresMs === null) return null; // "0", "-1": already expired
    const dateMs = parseHttpDate(header(headers, 'date'));
    // Measured against the server's own Date, so a skewed local clock does not matter.
    const lifetime = dateMs === null ? expiresMs - now : expiresMs - dateMs;
    return lifetime - age * 1000 > 0 ? now + lifetime - age * 1000 : null;
  }
  return null;
}

/** Validators to store from a 200 response. `no-store` stores nothing. */
export function validatorsFromResponse(headers: IncomingHttpHeaders, now: number): CacheValidators {
  if (parseCacheControl(header(headers, 'cache-control')).has('no-store')) return { etag: null, lastModified: null, expiresAt: null };
  return { etag: header(headers, 'etag'), lastModified: header(headers, 'last-modified'), expiresAt: freshUntil(headers, now) };
}

/** A 304 updates the stored validators with whatever it carries (RFC 9111 §4.3.4). */
export function validatorsFromNotModified(headers: IncomingHttpHeaders, previous: CacheValidators | undefined, now: number): CacheValidators {
  if (parseCacheControl(header(headers, 'cache-control')).has('no-store')) return { etag: null, lastModified: null, expiresAt: null };
  return {
    etag: header(headers, 'etag') ?? previous?.etag ?? null,
    lastModified: header(headers, 'last-modified') ?? previous?.lastModified ?? null,
    expiresAt: freshUntil(headers, now),
  };
}

export function conditionalHeaders(validators: CacheValidators | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (validators?.etag) out['if-none-match'] = validators.etag;
  if (validators?.lastModified) out['if-modified-since'] = validators.lastModified;
  return out;
}
