import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from './fixtures/temp-dirs.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { openDatabase } from '../../crawler/store/database.ts';
import { engine } from '../../crawler/store/engine.ts';
import { MIGRATIONS } from '../../crawler/store/migrations.ts';
import { listSegments } from '../../crawler/store/segments.ts';
import { allSourceNames, noteSourceNames } from '../../crawler/store/source-names.ts';
import { recordSourceRead, type SourceRow } from '../../crawler/store/sources.ts';
import { openState } from '../../crawler/store/state.ts';
import { sourceHealth } from '../../crawler/store/source-health.ts';

// Version 10 keeps what a source host calls itself: a feed's own title on its source row, and per
// host its pages' og:site_name, application-name and repeated <title> suffix. Both travel in
// segments, and a site made before them upgrades in place.

const tempDir = tempDirs('source-names');

const none = { siteName: null, applicationName: null, titleSuffix: null };

describe('source names in the state (schema version 10)', () => {
  it("keeps each host's latest og:site_name and application-name, and counts a repeated title suffix", async () => {
    const db = await openDatabase(':memory:');
    noteSourceNames(db, 'a.test', { ...none, titleSuffix: 'The Daily Parallax' });
    expect(allSourceNames(db)).toEqual([{ host: 'a.test', site_name: null, application_name: null, title_suffix: 'The Daily Parallax', suffix_pages: 1 }]);
    noteSourceNames(db, 'a.test', { siteName: 'Parallax', applicationName: null, titleSuffix: 'The Daily Parallax' });
    noteSourceNames(db, 'a.test', { ...none, applicationName: 'DP' });
    expect(allSourceNames(db)).toEqual([{ host: 'a.test', site_name: 'Parallax', application_name: 'DP', title_suffix: 'The Daily Parallax', suffix_pages: 2 }]);
    // A headline's tail that differs starts the count again.
    noteSourceNames(db, 'a.test', { ...none, titleSuffix: 'Part two' });
    expect(allSourceNames(db)[0]).toMatchObject({ site_name: 'Parallax', title_suffix: 'Part two', suffix_pages: 1 });
    noteSourceNames(db, 'b.test', none);
    expect(allSourceNames(db).map((r) => r.host)).toEqual(['a.test']);
    db.close();
  });

  it("keeps a feed's own title from its reads, and the build reads both beside the host's health", async () => {
    const paths = sitePaths(tempDir());
    const db = await openState(paths, { nowMs: Date.parse('2026-11-01T10:00:00Z') });
    db.run(`INSERT INTO topics (id, slug, name) VALUES (1, 'space', 'Space')`);
    db.run(`INSERT INTO sources (id, topic_id, kind, url) VALUES (1, 1, 'feed', 'http://dailyparallax.test/section/space/feed.xml'), (2, 1, 'feed', 'http://dailyparallax.test/section/climate/feed.xml')`);
    const source = (id: number) => db.get<SourceRow>('SELECT * FROM sources WHERE id = ?', [id])!;
    const read = { now: '2026-11-01T10:00:00Z', nextDueAt: null, status: 'read' };
    recordSourceRead(db, source(1), { ...read, title: '  The Daily Parallax:\n Space ' });
    recordSourceRead(db, source(2), { ...read, title: 'The Daily Parallax: Climate' });
    // A read without a title (a 304) keeps the one known.
    recordSourceRead(db, source(2), { ...read, status: 'not-modified' });
    for (let i = 0; i < 2; i++) noteSourceNames(db, 'dailyparallax.test', { ...none, titleSuffix: 'The Daily Parallax' });
    db.save();
    db.close();

    // From the segment alone (no snapshot): the names travel in segments.
    unlinkSync(paths.stateSnapshot);
    const state = await openState(paths, { readOnly: true });
    const [health] = sourceHealth(state);
    expect(health!.feeds.map((f) => f.title)).toEqual(['The Daily Parallax: Space', 'The Daily Parallax: Climate']);
    expect(health!.learned).toEqual({ feedTitles: ['The Daily Parallax: Space', 'The Daily Parallax: Climate'], siteName: null, applicationName: null, titleSuffix: { text: 'The Daily Parallax', pages: 2 } });
    state.close();
  });

  it('upgrades a database made by version 9 in place, and applies a segment it wrote', async () => {
    const path = join(tempDir(), 'site.sqlite');
    const old = await openDatabase(path, { migrations: MIGRATIONS.filter((m) => m.version <= 9) });
    old.run(`INSERT INTO topics (id, slug, name) VALUES (1, 'space', 'Space')`);
    old.run(`INSERT INTO sources (id, topic_id, kind, url) VALUES (1, 1, 'feed', 'https://a.test/feed')`);
    old.save();
    old.close();
    const db = await openDatabase(path);
    expect(db.schemaVersion()).toBeGreaterThanOrEqual(10);
    expect(db.all('SELECT url, title FROM sources')).toEqual([{ url: 'https://a.test/feed', title: null }]);
    expect(allSourceNames(db)).toEqual([]);
    db.close();

    const paths = sitePaths(tempDir());
    const state = await openState(paths, { nowMs: Date.parse('2026-11-01T10:00:00Z') });
    state.run(`INSERT INTO topics (id, slug, name) VALUES (1, 'space', 'Space')`);
    state.run(`INSERT INTO sources (id, topic_id, kind, url, title) VALUES (1, 1, 'feed', 'https://a.test/feed', 'A')`);
    state.save();
    state.close();
    // Rewrite the run's segment as version 9 wrote it: no title column.
    const SQL = await engine();
    const file = join(paths.segments, listSegments(paths.segments)[0]!.name);
    const seg = new SQL.Database(readFileSync(file));
    seg.run(`UPDATE _segment SET value = '9' WHERE key = 'schema_version'`);
    seg.run('ALTER TABLE sources DROP COLUMN title');
    writeFileSync(file, seg.export());
    seg.close();
    unlinkSync(paths.stateSnapshot);
    const upgraded = await openState(paths, { readOnly: true });
    expect(upgraded.all('SELECT url, title FROM sources')).toEqual([{ url: 'https://a.test/feed', title: null }]);
    upgraded.close();
  });
});
