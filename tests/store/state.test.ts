import { readFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { minhashSignature, encodeSignature } from '../../crawler/dedup/index.ts';
import { articleByUrl, insertArticle, deleteArticle } from '../../crawler/store/articles.ts';
import type { Database } from '../../crawler/store/database.ts';
import { bandingFor, refreshBands, signaturesSharingBands } from '../../crawler/store/near-duplicates.ts';
import { listSegments } from '../../crawler/store/segments.ts';
import { openState, stateInfo } from '../../crawler/store/state.ts';
import { discoverUrl } from '../../crawler/store/url-state.ts';
import { normalizedUrl } from '../../crawler/url/index.ts';
import { removeTempRoots, tempRoot } from '../crawler/helpers.ts';

// The segmented store: every run that changes something writes one segment (its rows), the
// state is every segment applied in order, and a local snapshot saves applying them all again.

const root = tempRoot;
afterEach(removeTempRoots);

const HOUR = 3600_000;
const T0 = Date.parse('2026-11-01T10:00:00Z');

function addTopic(db: Database): number {
  return db.run(`INSERT INTO topics (slug, name) VALUES ('space', 'Space')`).lastId;
}

function addArticle(db: Database, topicId: number, n: number, text = `words of article ${n} `.repeat(40)): number {
  const url = `https://a.example/${n}`;
  const { id: urlId } = discoverUrl(db, { url: normalizedUrl(url), topicId, sourceId: null }, '2026-11-01T00:00:00Z');
  return insertArticle(
    db,
    {
      urlId, topicId, title: `Article ${n}`, description: null, excerpt: 'e', author: null, publishedAt: null, modifiedAt: null,
      fetchedAt: '2026-11-01T00:00:00Z', lang: 'en', siteName: null, favicon: null, sourceUrl: url, canonicalUrl: `${url}/canonical`, image: null,
      wordCount: 100, readingTime: 1, markdown: text, contentHash: `h${n}`, minhash: encodeSignature(minhashSignature(text)), strategy: 'test', tags: [], terms: [],
    },
    [{ slug: 'mars', name: 'Mars' }],
  );
}

describe('the segmented store', () => {
  it('writes one segment per run that changed something, rewritten at each save, and nothing for a run that did not', async () => {
    const paths = root();
    const db = await openState(paths, { nowMs: T0 });
    const topic = addTopic(db);
    addArticle(db, topic, 1);
    db.save();
    const first = listSegments(paths.segments);
    expect(first).toEqual([{ seq: 1, name: '2026/11/2026-11-01T10-00-00Z-000001.sqlite' }]);
    const size = statSync(join(paths.segments, first[0]!.name)).size;
    addArticle(db, topic, 2);
    db.save();
    expect(listSegments(paths.segments)).toEqual(first);
    expect(statSync(join(paths.segments, first[0]!.name)).size).toBeGreaterThan(size);
    db.close();

    const idle = await openState(paths, { nowMs: T0 + HOUR });
    idle.save();
    idle.close();
    expect(listSegments(paths.segments)).toHaveLength(1);
  });

  it('adds up to the same state from the segments alone, from a snapshot, and from a snapshot plus newer segments', async () => {
    const paths = root();
    const db = await openState(paths, { nowMs: T0 });
    const topic = addTopic(db);
    for (let n = 1; n <= 3; n++) addArticle(db, topic, n);
    db.save();
    db.close();
    const second = await openState(paths, { nowMs: T0 + HOUR });
    expect(stateInfo(second)).toMatchObject({ fromSnapshot: true, applied: 0, segments: 1 });
    deleteArticle(second, 2, { onlyReady: true });
    second.run(`UPDATE articles SET title = 'Renamed' WHERE id = 3`);
    second.save();
    second.close();
    expect(listSegments(paths.segments)).toHaveLength(2);

    const rows = (db: Database) => db.all('SELECT id, title, status FROM articles ORDER BY id');
    const viaSnapshot = await openState(paths, { readOnly: true });
    expect(stateInfo(viaSnapshot)).toMatchObject({ fromSnapshot: true, applied: 0 });
    unlinkSync(paths.stateSnapshot);
    const fromSegments = await openState(paths, { readOnly: true });
    expect(stateInfo(fromSegments)).toMatchObject({ fromSnapshot: false, applied: 2 });
    expect(rows(fromSegments)).toEqual(rows(viaSnapshot));
    expect(rows(fromSegments)).toEqual([
      { id: 1, title: 'Article 1', status: 'ready' },
      { id: 3, title: 'Renamed', status: 'ready' },
    ]);
    // The article rows deleted with article 2 (its tags) are gone too.
    expect(fromSegments.all('SELECT article_id FROM article_tags ORDER BY article_id')).toEqual([{ article_id: 1 }, { article_id: 3 }]);
    viaSnapshot.close();
    fromSegments.close();
  });

  it('ignores a snapshot that holds a segment no longer on disk (a reverted commit) and rebuilds from the segments', async () => {
    const paths = root();
    for (let run = 0; run < 2; run++) {
      const db = await openState(paths, { nowMs: T0 + run * HOUR });
      if (run === 0) addTopic(db);
      addArticle(db, 1, run + 1);
      db.save();
      db.close();
    }
    const [, newest] = listSegments(paths.segments);
    unlinkSync(join(paths.segments, newest!.name));
    const db = await openState(paths, { readOnly: true });
    expect(stateInfo(db)).toMatchObject({ fromSnapshot: false, applied: 1 });
    expect(db.all('SELECT id FROM articles')).toEqual([{ id: 1 }]);
    db.close();
  });

  it('keeps the snapshot as it was when a run ends with writes it never saved', async () => {
    const paths = root();
    const db = await openState(paths, { nowMs: T0 });
    addTopic(db);
    db.save();
    db.close();
    const before = readFileSync(paths.stateSnapshot);
    const failed = await openState(paths, { nowMs: T0 + HOUR });
    addArticle(failed, 1, 1);
    failed.close(); // no save: a run that failed half-way
    expect(readFileSync(paths.stateSnapshot).equals(before)).toBe(true);
    expect(listSegments(paths.segments)).toHaveLength(1);
  });

  it('applies a segment by column name, so one written before a column existed still applies', async () => {
    const paths = root();
    const db = await openState(paths, { nowMs: T0 });
    addTopic(db);
    db.save();
    db.close();
    // The same segment without the description column (as an older schema would have written it).
    const { engine } = await import('../../crawler/store/engine.ts');
    const SQL = await engine();
    const file = join(paths.segments, listSegments(paths.segments)[0]!.name);
    const seg = new SQL.Database(readFileSync(file));
    seg.run('ALTER TABLE topics DROP COLUMN description');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, seg.export());
    seg.close();
    unlinkSync(paths.stateSnapshot);
    const reopened = await openState(paths, { readOnly: true });
    expect(reopened.all('SELECT slug, description FROM topics')).toEqual([{ slug: 'space', description: '' }]);
    reopened.close();
  });
});

describe('lookups of the state', () => {
  it('finds a stored article by canonical or source URL, lowest id first, trying the URLs in order', async () => {
    const db = await openState(root(), { readOnly: true });
    const topic = addTopic(db);
    const a = addArticle(db, topic, 1);
    const b = addArticle(db, topic, 2);
    expect(articleByUrl(db, ['https://a.example/1/canonical'])).toEqual({ id: a, url_id: 1 });
    expect(articleByUrl(db, ['https://nothing.example/', 'https://a.example/2'])).toEqual({ id: b, url_id: 2 });
    expect(articleByUrl(db, ['https://a.example/2', 'https://a.example/1'])).toEqual({ id: b, url_id: 2 });
    expect(articleByUrl(db, ['https://nothing.example/'])).toBeUndefined();
    db.close();
  });

  it('finds near-duplicate candidates through the band index, and forgets a removed article', async () => {
    const db = await openState(root(), { readOnly: true, nearDuplicateThreshold: 0.8 });
    const banding = bandingFor(0.8);
    const topic = addTopic(db);
    const text = 'the quick brown fox jumps over the lazy dog while the cat watches from the window sill '.repeat(8);
    const a = addArticle(db, topic, 1, text);
    const b = addArticle(db, topic, 2, 'an entirely different article about telescopes and the far side of the moon '.repeat(8));
    refreshBands(db, [a, b], banding);
    const near = minhashSignature(`${text} and one more line`);
    expect(signaturesSharingBands(db, near, banding).map((s) => s.id)).toEqual([a]);
    deleteArticle(db, a, { onlyReady: true });
    expect(signaturesSharingBands(db, near, banding)).toEqual([]);
    db.close();
  });
});
