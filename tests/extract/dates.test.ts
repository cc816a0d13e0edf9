import { describe, expect, it } from 'vitest';
import { normalizeDate } from '../../crawler/extract/index.ts';
import { dateFromUrl } from '../../crawler/extract/metadata/dates.ts';

describe('normalizeDate', () => {
  it('keeps the timezone the page gives, in ISO 8601', () => {
    expect(normalizeDate('2012-07-24T00:11:00-04:00')).toBe('2012-07-24T00:11:00-04:00');
    expect(normalizeDate('2012-07-24T00:11:00+0530')).toBe('2012-07-24T00:11:00+05:30');
    expect(normalizeDate('2012-07-24T00:11:00.123Z')).toBe('2012-07-24T00:11:00Z');
    expect(normalizeDate('2012-07-24 00:11')).toBe('2012-07-24T00:11:00');
    expect(normalizeDate('Tue, 24 Jul 2012 00:11:00 GMT')).toBe('2012-07-24T00:11:00Z');
    expect(normalizeDate('Tue, 24 Jul 2012 00:11:00 +0200')).toBe('2012-07-24T00:11:00+02:00');
    expect(normalizeDate('July 24, 2012 4:03 pm EDT')).toBe('2012-07-24T16:03:00-04:00');
  });

  it('keeps a bare day a bare day, and a zoneless time zoneless', () => {
    expect(normalizeDate('2012-07-24')).toBe('2012-07-24');
    expect(normalizeDate('20120724')).toBe('2012-07-24');
    expect(normalizeDate('24 July 2012')).toBe('2012-07-24');
    expect(normalizeDate('Thursday, 01 November 2012')).toBe('2012-11-01');
    expect(normalizeDate('Posted: 08/09/2012 4:03 pm')).toBe('2012-08-09T16:03:00');
    expect(normalizeDate('November 8, 2012 at 1:24 PM')).toBe('2012-11-08T13:24:00');
    expect(normalizeDate('2012/11/08')).toBe('2012-11-08');
  });

  it('reads day-first numeric dates when the first number cannot be a month', () => {
    expect(normalizeDate('24/07/2012')).toBe('2012-07-24');
  });

  it('returns null for anything that is not a real calendar date', () => {
    for (const value of ['', '   ', 'yesterday', 'Invalid Date', '2012-02-30', '2012-13-01', '2012-07-24T25:00:00', 'July 32, 2012', '0000-00-00', '12 pm', null, undefined]) {
      expect(normalizeDate(value as string)).toBeNull();
    }
  });

  it('finds the publication day in dated URL paths', () => {
    expect(dateFromUrl('https://example.com/2012/07/24/some-post/')).toBe('2012-07-24');
    expect(dateFromUrl('https://example.com/blog/2012-7-4/post')).toBe('2012-07-04');
    expect(dateFromUrl('https://example.com/products/2012/99/1')).toBeNull();
    expect(dateFromUrl('not a url')).toBeNull();
  });
});
