import { describe, expect, it } from 'vitest';
import { conditionalHeaders, freshUntil, validatorsFromNotModified, validatorsFromResponse } from '../../crawler/fetch/cache-policy.ts';
import { backoffDelay, parseRetryAfter } from '../../crawler/fetch/retry.ts';
import { parseContentType } from '../../crawler/fetch/content-type.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('freshUntil', () => {
  it.each([
    [{ 'cache-control': 'max-age=300' }, NOW + 300_000],
    [{ 'cache-control': 'public, max-age=300, must-revalidate' }, NOW + 300_000],
    [{ 'cache-control': 'max-age=300', age: '100' }, NOW + 200_000],
    [{ 'cache-control': 'max-age=300', age: '400' }, null],
    [{ 'cache-control': 'max-age=0' }, null],
    [{ 'cache-control': 'max-age=junk' }, null],
    [{ 'cache-control': 'no-cache, max-age=300' }, null],
    [{ 'cache-control': 'no-store' }, null],
    [{ 'cache-control': 'max-age=60', expires: new Date(NOW + 3_600_000).toUTCString() }, NOW + 60_000], // max-age wins
    [{ expires: new Date(NOW + 120_000).toUTCString() }, NOW + 120_000],
    [{ expires: '0' }, null],
    [{ expires: '-1' }, null],
    [{ expires: '2030' }, null], // Date.parse would read a year
    [{ expires: 'Sunday, 01-Jun-25 12:02:00 GMT' }, NOW + 120_000], // RFC 850 form
    [{ expires: new Date(NOW - 1000).toUTCString() }, null],
    [{}, null],
  ])('%j → %s', (headers, expected) => {
    expect(freshUntil(headers, NOW)).toBe(expected);
  });
});

describe('validators', () => {
  it('takes ETag and Last-Modified from a 200', () => {
    expect(validatorsFromResponse({ etag: 'W/"1"', 'last-modified': 'Sat, 31 May 2025 08:00:00 GMT' }, NOW)).toEqual({
      etag: 'W/"1"',
      lastModified: 'Sat, 31 May 2025 08:00:00 GMT',
      expiresAt: null,
    });
  });

  it('merges a 304 over the stored validators', () => {
    const previous = { etag: '"a"', lastModified: 'x', expiresAt: NOW - 5 };
    expect(validatorsFromNotModified({ etag: '"b"' }, previous, NOW)).toEqual({ etag: '"b"', lastModified: 'x', expiresAt: null });
    expect(validatorsFromNotModified({ 'cache-control': 'no-store' }, previous, NOW)).toEqual({ etag: null, lastModified: null, expiresAt: null });
  });

  it('builds conditional headers only from what is known', () => {
    expect(conditionalHeaders(undefined)).toEqual({});
    expect(conditionalHeaders({ etag: null, lastModified: 'x' })).toEqual({ 'if-modified-since': 'x' });
    expect(conditionalHeaders({ etag: '"e"' })).toEqual({ 'if-none-match': '"e"' });
  });
});

describe('Retry-After and backoff', () => {
  it.each([
    ['120', 120_000],
    ['0', 0],
    [' 5 ', 5000],
    [new Date(NOW + 30_000).toUTCString(), 30_000],
    [new Date(NOW - 30_000).toUTCString(), 0],
    ['soon', null],
    ['-5', null],
    ['1.5', null],
    ['2030', 2_030_000], // delta-seconds, not a year
    ['Sun Jun  1 12:00:10 2025', 10_000], // asctime form
  ])('Retry-After %s → %s', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });

  it('returns null without a header', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
  });

  it('doubles the backoff each attempt, with jitter between half and all, capped', () => {
    expect(backoffDelay(0, 1000, () => 0)).toBe(500);
    expect(backoffDelay(0, 1000, () => 1)).toBe(1000);
    expect(backoffDelay(3, 1000, () => 0)).toBe(4000);
    expect(backoffDelay(3, 1000, () => 1)).toBe(8000);
    expect(backoffDelay(20, 1000, () => 1)).toBe(30_000);
  });
});

describe('parseContentType', () => {
  it.each([
    ['text/html; charset=UTF-8', { mime: 'text/html', charset: 'UTF-8' }],
    ['Text/HTML;charset="iso-8859-1"', { mime: 'text/html', charset: 'iso-8859-1' }],
    ['application/xhtml+xml', { mime: 'application/xhtml+xml', charset: null }],
    ['text/html; boundary=x; charset = koi8-r', { mime: 'text/html', charset: 'koi8-r' }],
    [undefined, { mime: '', charset: null }],
  ])('%s', (header, expected) => {
    expect(parseContentType(header)).toEqual(expected);
  });
});
