import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from './fixtures/temp-dirs.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { openDatabase } from '../../crawler/store/database.ts';
import { engine } from '../../crawler/store/engine.ts';
import { MIGRATIONS } from '../../crawler/store/migrations.ts';
import { listSegments } from '../../crawler/store/segments.ts';
import { openState } from '../../crawler/store/state.ts';

// Version 9 keeps a failed source read's code (or rejection reason) apart from its message.
// A database, and a segment, written by version 8 held "E_CODE: message" in last_error; both are
// upgraded in place.

const tempDir = tempDirs('source-errors');

const V8 = MIGRATIONS.filter((m) => m.version <= 8);

/** last_error as version 8 wrote it, and the columns version 9 makes of it. */
const CASES: Array<[string | null, { last_error_code: string | null; last_reason: string | null; last_error: string | null }]> = [
  ['E_FEED_PARSE: not a readable RSS/Atom feed: Unexpected close tag: line 3', { last_error_code: 'E_FEED_PARSE', last_reason: null, last_error: 'not a readable RSS/Atom feed: Unexpected close tag: line 3' }],
  ['E_FETCH_HTTP: HTTP 503 Service Unavailable', { last_error_code: 'E_FETCH_HTTP', last_reason: null, last_error: 'HTTP 503 Service Unavailable' }],
  ['robots: robots.txt disallows this URL for Gleaner (line 2)', { last_error_code: null, last_reason: 'robots', last_error: 'robots.txt disallows this URL for Gleaner (line 2)' }],
  ['not_html: expected a feed, got text/html', { last_error_code: null, last_reason: 'not_html', last_error: 'expected a feed, got text/html' }],
  // A search round that failed wrote its account without a code in front.
  ['queried nothing; stopped at "comet": E_FETCH_HTTP HTTP 429', { last_error_code: 'E_SOURCE', last_reason: null, last_error: 'queried nothing; stopped at "comet": E_FETCH_HTTP HTTP 429' }],
  ['no colon at all', { last_error_code: 'E_SOURCE', last_reason: null, last_error: 'no colon at all' }],
  [null, { last_error_code: null, last_reason: null, last_error: null }],
];

/** A site whose state (one segment, written by this version) holds one failed source. */
async function siteWithFailedSource(code: string, message: string): Promise<SitePaths> {
  const paths = sitePaths(tempDir());
  const db = await openState(paths, { nowMs: Date.parse('2026-11-01T10:00:00Z') });
  db.run(`INSERT INTO topics (id, slug, name) VALUES (1, 'space', 'Space')`);
  db.run(`INSERT INTO sources (id, topic_id, kind, url, last_status, last_error_code, last_error) VALUES (1, 1, 'feed', 'https://a.test/feed', 'failed', ?, ?)`, [code, message]);
  db.save();
  db.close();
  return paths;
}

describe('source errors in their own columns (schema version 9)', () => {
  it('splits the "E_CODE: message" strings of a database made by version 8', async () => {
    const path = join(tempDir(), 'site.sqlite');
    const old = await openDatabase(path, { migrations: V8 });
    expect(old.schemaVersion()).toBe(8);
    old.run(`INSERT INTO topics (id, slug, name) VALUES (1, 'space', 'Space')`);
    CASES.forEach(([lastError], i) =>
      old.run(`INSERT INTO sources (id, topic_id, kind, url, last_status, last_error) VALUES (?, 1, 'feed', ?, ?, ?)`, [i + 1, `https://s${i}.test/feed`, lastError ? 'failed' : 'read', lastError]),
    );
    old.save();
    old.close();

    const db = await openDatabase(path);
    expect(db.schemaVersion()).toBeGreaterThanOrEqual(9);
    expect(db.all('SELECT last_error_code, last_reason, last_error FROM sources ORDER BY id')).toEqual(CASES.map(([, split]) => split));
    db.close();
  });

  it('splits the rows of a segment written by version 8 when the state applies it', async () => {
    const paths = await siteWithFailedSource('E_DECODE', 'x');
    // Rewrite the run's segment as version 8 wrote it: no code or reason columns, the code in front of the message.
    const SQL = await engine();
    const file = join(paths.segments, listSegments(paths.segments)[0]!.name);
    const seg = new SQL.Database(readFileSync(file));
    seg.run(`UPDATE _segment SET value = '8' WHERE key = 'schema_version'`);
    seg.run(`UPDATE sources SET last_error = 'E_FEED_PARSE: not a readable RSS/Atom feed: bad'`);
    seg.run('ALTER TABLE sources DROP COLUMN last_error_code');
    seg.run('ALTER TABLE sources DROP COLUMN last_reason');
    writeFileSync(file, seg.export());
    seg.close();
    unlinkSync(paths.stateSnapshot);

    const state = await openState(paths, { readOnly: true });
    expect(state.all('SELECT last_error_code, last_reason, last_error FROM sources')).toEqual([
      { last_error_code: 'E_FEED_PARSE', last_reason: null, last_error: 'not a readable RSS/Atom feed: bad' },
    ]);
    state.close();
  });

  it('leaves the rows of a segment written by version 9 as they are', async () => {
    // A message that looks like an old combined string is not split again.
    const paths = await siteWithFailedSource('E_FETCH_NETWORK', 'E_FEED_PARSE: quoted');
    unlinkSync(paths.stateSnapshot);
    const state = await openState(paths, { readOnly: true });
    expect(state.all('SELECT last_error_code, last_reason, last_error FROM sources')).toEqual([{ last_error_code: 'E_FETCH_NETWORK', last_reason: null, last_error: 'E_FEED_PARSE: quoted' }]);
    state.close();
  });
});
