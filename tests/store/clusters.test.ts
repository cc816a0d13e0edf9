import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { encodeSignature, minhashSignature } from '../../crawler/dedup/index.ts';
import { wordListsFor } from '../../crawler/text/index.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { planPublication, writePublishing } from '../../crawler/publish/index.ts';
import { articleTerms } from '../../crawler/publish/related.ts';
import { insertArticle } from '../../crawler/store/articles.ts';
import { clusterById, clusterMembers } from '../../crawler/store/clusters.ts';
import { openDatabase, type Database } from '../../crawler/store/database.ts';
import { engine } from '../../crawler/store/engine.ts';
import { LATEST_VERSION, MIGRATIONS } from '../../crawler/store/migrations.ts';
import { applySegment, segmentBytes, trackChanges } from '../../crawler/store/segments.ts';
import { syncTopics } from '../../crawler/store/topics.ts';

const stop = wordListsFor('en').stop;

function add(db: Database, topicId: number, url: string, title: string, text: string, publishedAt: string): number {
  // Raw SQL, not discoverUrl: the first test writes into a state of an older schema.
  const { lastId: urlId } = db.run(
    `INSERT INTO urls (url, canonical_url, equivalence_key, topic_id, state, discovered_at, updated_at) VALUES (?, ?, ?, ?, 'extracted', ?, ?)`,
    [url, url, url, topicId, '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z'],
  );
  return insertArticle(
    db,
    {
      urlId, topicId, title, description: null, excerpt: 'e', author: null, publishedAt, modifiedAt: null, fetchedAt: '2026-11-20T00:00:00Z', lang: 'en',
      siteName: null, favicon: null, sourceUrl: url, canonicalUrl: url, image: null, wordCount: 400, readingTime: 2, markdown: text, contentHash: url,
      minhash: encodeSignature(minhashSignature(text)), strategy: 'test', tags: [], terms: [...articleTerms(title, text, stop)],
    },
    [],
  );
}

const KESTREL_A = 'The Meridian Space Agency lander Kestrel settled onto Arcadia Planitia. Kestrel carries a drill for the buried ice of Arcadia; Amara Okafor leads Kestrel.';
const KESTREL_B = 'Kestrel, the first Mars probe of the Meridian Space Agency, landed in Arcadia Planitia, where Okafor says the Kestrel drill will reach the ice.';
const HEAT = 'A heat pump moves heat from cold outdoor air into a house; at minus twenty its compressor works harder and its efficiency falls.';

describe('story clusters in the state', () => {
  it('a state of the previous schema (version 3, before stories) opens, gains the clusters table and articles.cluster_id, and keeps its rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-clusters-'));
    const path = join(dir, 'state.sqlite');
    const old = await openDatabase(path, { migrations: MIGRATIONS.filter((m) => m.version <= 3) });
    old.run(`INSERT INTO topics (slug, name) VALUES ('space', 'Space')`);
    add(old, 1, 'https://a.example/1', 'Kestrel lands', KESTREL_A, '2026-11-09T12:00:00Z');
    expect(old.schemaVersion()).toBe(3);
    old.save();
    old.close();

    const db = await openDatabase(path);
    expect(db.schemaVersion()).toBe(LATEST_VERSION);
    expect(db.all('SELECT id, title, cluster_id FROM articles')).toEqual([{ id: 1, title: 'Kestrel lands', cluster_id: null }]);
    expect(db.all('SELECT * FROM clusters')).toEqual([]);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishing puts a retelling from another source in the story of the first article; only the new file names it; the rows travel in a segment', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gleaner-clusters-'));
    const paths = sitePaths(root);
    const config = parseConfig({ site: { title: 'T', url: 'https://t.example' }, topics: [{ slug: 'space', name: 'Space', sources: ['https://a.example/feed'] }] });
    const db = await openDatabase(null);
    const topics = syncTopics(db, config);
    const topicId = topics.get('space')!.id;
    const first = add(db, topicId, 'https://orbital.example/kestrel', 'Kestrel touches down in Arcadia Planitia', KESTREL_A, '2026-11-09T14:00:00Z');
    add(db, topicId, 'https://heat.example/pumps', 'What a heat pump does at minus twenty', HEAT, '2026-11-09T15:00:00Z');
    planPublication(db, config, paths, topics, '2026-11-20T00:00:00.000Z');
    writePublishing(db, paths, '2026-11-20T00:00:00.000Z');
    expect(db.all('SELECT * FROM clusters')).toEqual([]);

    const SQL = await engine();
    trackChanges(db);
    const second = add(db, topicId, 'https://www.parallax.example/mars-probe', 'A new space agency lands its first Mars probe', KESTREL_B, '2026-11-10T09:00:00Z');
    const again = add(db, topicId, 'https://orbital.example/kestrel-again', 'Kestrel, again, from the same source', KESTREL_A.replace('settled', 'came to rest'), '2026-11-10T10:00:00Z');
    planPublication(db, config, paths, topics, '2026-11-21T00:00:00.000Z');
    writePublishing(db, paths, '2026-11-21T00:00:00.000Z');

    expect(clusterById(db, first)).toMatchObject({ id: first, lead_article_id: first, title: 'Kestrel touches down in Arcadia Planitia', created_at: '2026-11-21T00:00:00.000Z' });
    // The same source's second piece joins its story too (an outlet may tell a story twice; the site credits it once).
    expect(db.all('SELECT id FROM clusters')).toEqual([{ id: first }]);
    expect(clusterMembers(db, first)).toEqual([first, second, again]);
    const fileOf = (id: number) => readFileSync(join(root, String(db.scalar('SELECT file FROM articles WHERE id = ?', [id]))), 'utf8');
    expect(fileOf(second)).toContain(`\ncluster: ${first}\n`);
    expect(fileOf(first)).not.toContain('cluster:');

    // What the run changed (the new story and the first article's cluster_id) is in its segment and applies to another state.
    const bytes = segmentBytes(SQL, db, { seq: 2, schemaVersion: 4, runStartedAt: '2026-11-21T00:00:00.000Z' });
    const replica = await openDatabase(null);
    replica.run(`INSERT INTO topics (slug, name) VALUES ('space', 'Space')`);
    applySegment(replica, bytes);
    expect(replica.all('SELECT id, lead_article_id FROM clusters')).toEqual([{ id: first, lead_article_id: first }]);
    expect(replica.all('SELECT id, cluster_id FROM articles WHERE cluster_id IS NOT NULL ORDER BY id')).toEqual([
      { id: first, cluster_id: first },
      { id: second, cluster_id: first },
      { id: again, cluster_id: first },
    ]);
    replica.close();
    db.close();
    rmSync(root, { recursive: true, force: true });
  });
});
