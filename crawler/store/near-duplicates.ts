import { bandKeys, chooseBanding, decodeSignature, DEFAULT_NUM_HASHES, type Banding } from '../dedup/index.ts';
import type { Database } from './database.ts';

// The LSH band table of the local state: one row per (band key, article) for every stored
// article's MinHash signature. A new page's near-duplicate candidates are the articles sharing
// a band with it, found through the index on band_key, so no run loads every signature. It is
// derived from articles.minhash (never in a segment) and rebuilt when the banding changes.

export function bandingFor(threshold: number): Banding {
  return chooseBanding(DEFAULT_NUM_HASHES, threshold);
}

const BANDING_KEY = 'lsh_banding';

/** Rebuilds the band table when it was made for another banding (a changed threshold). */
export function ensureBanding(db: Database, banding: Banding): void {
  const wanted = `${banding.bands}x${banding.rows}`;
  const current = db.scalar('SELECT value FROM meta WHERE key = ?', [BANDING_KEY]);
  if (current === wanted) return;
  db.transaction(() => {
    db.run('DELETE FROM lsh', [], { quiet: true });
    for (const row of db.all<{ id: number; minhash: Uint8Array }>('SELECT id, minhash FROM articles WHERE minhash IS NOT NULL')) {
      insertBands(db, row.id, decodeSignature(row.minhash), banding);
    }
    db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [BANDING_KEY, wanted], { quiet: true });
  });
}

function insertBands(db: Database, articleId: number, signature: Uint32Array, banding: Banding): void {
  if (signature.length !== DEFAULT_NUM_HASHES) return;
  for (const key of bandKeys(signature, banding)) db.run('INSERT INTO lsh (band_key, article_id) VALUES (?, ?)', [key, articleId], { quiet: true });
}

/** Brings the band rows of these articles in line with their stored signatures (after they were inserted, replaced or deleted). */
export function refreshBands(db: Database, articleIds: number[], banding: Banding): void {
  // One transaction: thousands of single-row writes each committed alone cost a journal each (x12 the time).
  db.transaction(() => {
    for (const id of articleIds) {
      db.run('DELETE FROM lsh WHERE article_id = ?', [id], { quiet: true });
      const minhash = db.scalar('SELECT minhash FROM articles WHERE id = ?', [id]);
      if (minhash instanceof Uint8Array) insertBands(db, id, decodeSignature(minhash), banding);
    }
  });
}

/** refreshBands with the banding the band table was built for, when it was built (a new state has none: ensureBanding builds it whole). */
export function refreshStoredBands(db: Database, articleIds: number[]): void {
  const stored = /^(\d+)x(\d+)$/.exec(String(db.scalar('SELECT value FROM meta WHERE key = ?', [BANDING_KEY]) ?? ''));
  if (stored && articleIds.length) refreshBands(db, articleIds, { bands: Number(stored[1]), rows: Number(stored[2]) });
}

/** The stored signatures that share at least one band with `signature`: the only articles that can be its near-duplicates. */
export function signaturesSharingBands(db: Database, signature: Uint32Array, banding: Banding): Array<{ id: number; signature: Uint32Array }> {
  if (signature.length !== DEFAULT_NUM_HASHES) return [];
  const keys = bandKeys(signature, banding);
  const rows = db.all<{ id: number; minhash: Uint8Array }>(
    `SELECT id, minhash FROM articles WHERE minhash IS NOT NULL AND id IN (SELECT article_id FROM lsh WHERE band_key IN (${keys.map(() => '?').join(',')})) ORDER BY id`,
    keys,
  );
  return rows.map((r) => ({ id: r.id, signature: decodeSignature(r.minhash) }));
}
