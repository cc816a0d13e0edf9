import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../crawler/store/database.ts';
import { recordSourceIcon } from '../../crawler/store/source-icons.ts';
import { sourceHealth } from '../../crawler/store/source-health.ts';

// Each source host's health, summarized from a crawler state: sources and URLs added up per host
// (www. and ports folded in), the latest error of either kind, and the saved icon.

async function state(): Promise<Database> {
  const db = await openDatabase(null);
  db.run(`INSERT INTO topics (id, slug, name) VALUES (1, 'space', 'Space'), (2, 'climate', 'Climate')`);
  const source = (id: number, topic: number, url: string, extra: Record<string, unknown> = {}) => {
    const row = { id, topic_id: topic, kind: 'feed', url, origin: 'config', active: 1, last_read_at: null, last_error: null, consecutive_failures: 0, ...extra };
    db.run(`INSERT INTO sources (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map(() => '?').join(', ')})`, Object.values(row) as never[]);
  };
  source(1, 1, 'https://www.a.test/feed.xml', { last_read_at: '2026-05-02T10:00:00.000Z' });
  source(2, 2, 'https://a.test/climate.xml', { last_read_at: '2026-05-03T10:00:00.000Z', last_error_code: 'E_FETCH_TIMEOUT', last_error: 'no answer in 30 s', consecutive_failures: 2 });
  source(3, 1, 'https://b.test/sitemap.xml', { kind: 'sitemap', last_read_at: '2026-05-01T00:00:00.000Z' });
  source(4, 1, 'search:keywords', { kind: 'search' });
  let id = 0;
  const url = (address: string, state: string, at: string, extra: Record<string, unknown> = {}) => {
    const row = { id: ++id, url: address, canonical_url: address, equivalence_key: address, topic_id: 1, state, discovered_at: at, updated_at: at, fetched_at: at, ...extra };
    db.run(`INSERT INTO urls (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map(() => '?').join(', ')})`, Object.values(row) as never[]);
  };
  url('https://a.test/1', 'published', '2026-05-03T11:00:00.000Z');
  url('https://www.a.test/2', 'failed', '2026-05-03T12:00:00.000Z', { error_code: 'E_FETCH_HTTP', detail: 'HTTP 404 Not Found' });
  url('https://b.test:8443/old', 'failed', '2026-04-01T00:00:00.000Z', { error_code: 'E_FETCH_HTTP', detail: 'HTTP 410 Gone' });
  url('https://b.test/newer', 'failed', '2026-04-02T00:00:00.000Z', { error_code: 'E_EXTRACT_EMPTY', detail: 'no text' });
  url('https://c.test/x', 'discovered', '2026-05-04T00:00:00.000Z', { fetched_at: null });
  recordSourceIcon(db, { host: 'a.test', declared: null, file: 'media/2026/05/0123456789abcdef-32.webp', hash: 'h', checked_at: '2026-05-03T00:00:00.000Z', error: null });
  return db;
}

describe('source health', () => {
  it('adds up sources and URLs per host', async () => {
    const db = await state();
    const health = sourceHealth(db);
    db.close();
    expect(health.map((h) => h.host)).toEqual(['a.test', 'b.test', 'c.test']);
    const [a, b, c] = health;
    expect(a).toMatchObject({
      lastRead: '2026-05-03T12:00:00.000Z',
      failures: 1,
      failingReads: 2,
      icon: 'media/2026/05/0123456789abcdef-32.webp',
      // The URL failed after the feed's read: it is the latest error.
      lastError: { code: 'E_FETCH_HTTP', message: 'HTTP 404 Not Found', at: '2026-05-03T12:00:00.000Z' },
    });
    expect(a!.feeds.map((f) => [f.url, f.topic])).toEqual([
      ['https://www.a.test/feed.xml', 'space'],
      ['https://a.test/climate.xml', 'climate'],
    ]);
    expect(b).toMatchObject({ failures: 2, failingReads: 0, icon: null, lastError: { code: 'E_EXTRACT_EMPTY', at: '2026-04-02T00:00:00.000Z' } });
    expect(b!.lastRead).toBe('2026-05-01T00:00:00.000Z');
    expect(c).toMatchObject({ feeds: [], lastRead: null, failures: 0, lastError: null });
  });

  it('a source read error is the last error when it is the newest', async () => {
    const db = await state();
    db.run(`UPDATE urls SET updated_at = '2026-05-01T00:00:00.000Z' WHERE url = 'https://www.a.test/2'`);
    const a = sourceHealth(db)[0]!;
    db.close();
    expect(a.lastError).toEqual({ code: 'E_FETCH_TIMEOUT', message: 'no answer in 30 s', at: '2026-05-03T10:00:00.000Z' });
  });
});
