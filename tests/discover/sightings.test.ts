import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../crawler/store/database.ts';
import { markFetched, markRejected, revalidation, sightUrl, type Sighting } from '../../crawler/store/url-state.ts';
import { recordOccurrence, urlById } from '../../crawler/store/urls.ts';
import { normalizedUrl } from '../../crawler/url/index.ts';

// What happens when a source lists a URL: queued, left alone, stored as quoted-only, or queued again.

let db: Database;
const NOW = '2026-04-01T12:00:00.000Z';
const WINDOW_START = '2026-03-25T12:00:00.000Z'; // now − 7 days
const plain: Sighting = { inQuote: false, refetchBefore: WINDOW_START };
const quoted: Sighting = { inQuote: true, refetchBefore: WINDOW_START };

function item(url: string) {
  return { url: normalizedUrl(url), topicId: 1, sourceId: null };
}

beforeEach(async () => {
  db = await openDatabase(null);
  db.run(`INSERT INTO topics (slug, name) VALUES ('space', 'Space')`);
});
afterEach(() => db.close());

describe('sightUrl', () => {
  it('queues a new URL once; a second sighting leaves it alone', () => {
    const first = sightUrl(db, item('https://a.example/post'), NOW, plain);
    expect(first.outcome).toBe('new');
    expect(urlById(db, first.id)).toMatchObject({ state: 'discovered' });
    expect(sightUrl(db, item('https://a.example/post'), NOW, plain)).toEqual({ id: first.id, outcome: 'known' });
  });

  it('queues a link seen only in a quote when it was never fetched', () => {
    const r = sightUrl(db, item('https://a.example/quoted'), NOW, quoted);
    expect(r.outcome).toBe('new');
    expect(urlById(db, r.id)!.state).toBe('discovered');
  });

  it('does not queue a quoted link whose page was already fetched under another spelling, until someone cites it plainly', () => {
    const original = sightUrl(db, item('https://a.example/2026/03/story/'), NOW, plain);
    markFetched(db, original.id, { httpStatus: 200, finalUrl: normalizedUrl('https://a.example/2026/03/story/'), redirects: [] }, NOW);

    const quotedCopy = sightUrl(db, item('https://www.a.example/2026/03/story'), NOW, quoted);
    expect(quotedCopy.outcome).toBe('quoted-only');
    expect(urlById(db, quotedCopy.id)).toMatchObject({ state: 'rejected', reason: 'quoted_only', duplicate_of: original.id, fetched_at: null });
    // Another quote changes nothing; a plain citation queues it.
    expect(sightUrl(db, item('https://www.a.example/2026/03/story'), NOW, quoted).outcome).toBe('known');
    expect(sightUrl(db, item('https://www.a.example/2026/03/story'), NOW, plain).outcome).toBe('requeued');
    expect(urlById(db, quotedCopy.id)).toMatchObject({ state: 'discovered', reason: null, duplicate_of: null });
  });

  it('a different query string is a different page, even in a quote', () => {
    const original = sightUrl(db, item('https://a.example/view?p=1'), NOW, plain);
    markFetched(db, original.id, { httpStatus: 200, finalUrl: normalizedUrl('https://a.example/view?p=1'), redirects: [] }, NOW);
    expect(sightUrl(db, item('https://a.example/view?p=2'), NOW, quoted).outcome).toBe('new');
  });

  it('fetches a content rejection again only when a source lists it plainly after the refetch window', () => {
    const r = sightUrl(db, item('https://a.example/stub'), NOW, plain);
    markFetched(db, r.id, { httpStatus: 200, finalUrl: normalizedUrl('https://a.example/stub'), redirects: [] }, '2026-03-30T00:00:00.000Z');
    markRejected(db, r.id, 'too_short', '80 words', '2026-03-30T00:00:00.000Z');
    expect(sightUrl(db, item('https://a.example/stub'), NOW, plain).outcome).toBe('known'); // fetched 2.5 days ago
    const later: Sighting = { inQuote: false, refetchBefore: '2026-04-05T00:00:00.000Z' };
    expect(sightUrl(db, item('https://a.example/stub'), NOW, { ...later, inQuote: true }).outcome).toBe('known');
    expect(sightUrl(db, item('https://a.example/stub'), NOW, later).outcome).toBe('requeued');
    expect(urlById(db, r.id)).toMatchObject({ state: 'discovered', attempts: 1, reason: 'too_short' });
  });

  it('sends validators only when fetching again a page queued again with its earlier verdict', () => {
    const validators = { etag: '"v1"', lastModified: 'Mon, 30 Mar 2026 00:00:00 GMT', expiresAt: null };
    const later: Sighting = { inQuote: false, refetchBefore: '2026-04-05T00:00:00.000Z' };
    const r = sightUrl(db, item('https://a.example/stub'), NOW, plain);
    expect(revalidation(urlById(db, r.id)!)).toBeUndefined(); // new: never fetched
    markFetched(db, r.id, { httpStatus: 200, finalUrl: normalizedUrl('https://a.example/stub'), redirects: [], validators }, '2026-03-30T00:00:00.000Z');
    expect(revalidation(urlById(db, r.id)!)).toBeUndefined(); // left `fetched` by a killed run: its body was never stored
    markRejected(db, r.id, 'too_short', '80 words', '2026-03-30T00:00:00.000Z');
    expect(sightUrl(db, item('https://a.example/stub'), NOW, later).outcome).toBe('requeued');
    expect(revalidation(urlById(db, r.id)!)).toEqual(validators);

    const quotedOnly = sightUrl(db, item('https://b.example/q'), NOW, plain);
    markFetched(db, quotedOnly.id, { httpStatus: 200, finalUrl: normalizedUrl('https://b.example/q'), redirects: [], validators }, NOW);
    markRejected(db, quotedOnly.id, 'quoted_only', 'seen only in a quote', NOW);
    expect(sightUrl(db, item('https://b.example/q'), NOW, later).outcome).toBe('requeued');
    expect(revalidation(urlById(db, quotedOnly.id)!)).toBeUndefined(); // its verdict was about the quote, not the page
  });

  it('never queues again duplicates, robots and non-HTML rejections, failures or articles', () => {
    const long = { inQuote: false, refetchBefore: '2030-01-01T00:00:00.000Z' };
    for (const [path, state, reason] of [
      ['dup', 'rejected', 'near_duplicate'],
      ['robots', 'rejected', 'robots'],
      ['pdf', 'rejected', 'not_html'],
      ['gone', 'failed', null],
      ['article', 'extracted', null],
      ['live', 'published', null],
    ] as const) {
      const r = sightUrl(db, item(`https://a.example/${path}`), NOW, plain);
      db.run(`UPDATE urls SET state = ?, reason = ?, fetched_at = '2026-01-01T00:00:00.000Z' WHERE id = ?`, [state, reason, r.id]);
      expect(sightUrl(db, item(`https://a.example/${path}`), NOW, long).outcome, path).toBe('known');
      expect(urlById(db, r.id)!.state, path).toBe(state);
    }
  });
});

describe('recordOccurrence', () => {
  it('records each (URL, source, post, quoted) once, also without a post (NULL)', () => {
    const { id } = sightUrl(db, item('https://a.example/x'), NOW, plain);
    db.run(`INSERT INTO sources (topic_id, kind, url) VALUES (1, 'feed', 'https://a.example/feed')`);
    const o = { urlId: id, sourceId: 1, postId: null, context: 'feed' as const, inQuote: false };
    expect(recordOccurrence(db, o, NOW)).toBe(true);
    expect(recordOccurrence(db, o, NOW)).toBe(false);
    expect(recordOccurrence(db, { ...o, inQuote: true }, NOW)).toBe(true);
    expect(db.scalar('SELECT count(*) FROM link_occurrences')).toBe(2);
  });
});
