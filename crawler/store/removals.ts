import { addressKeys, sameAddress, storedAddressKeys, type AddressKeys, type NormalizedUrl } from '../url/index.ts';
import { mediaSrcsOf } from './media-owners.ts';
import type { Database } from './database.ts';

// Takedowns (npm run remove). A removal is recorded with its date and reason, the addresses it
// blocks, and what the old page was (topic, slug, position, file, lead image): the slug and the
// position are never handed out again, so no later article takes the old address or moves an
// archive page. Two steps, like publishing: the record is saved as 'removing' together with the
// state's changes (article gone, URLs removed), then the files are deleted and it becomes
// 'removed'; a run finds 'removing' rows and finishes them (crawler/remove/).
//
// An address blocks every URL equivalent to it (sameAddress in crawler/url/equivalence.ts).

export type RemovalStatus = 'removing' | 'removed';

export interface RemovalRow {
  id: number;
  url: NormalizedUrl;
  reason: string;
  removed_at: string;
  status: RemovalStatus;
  topic_id: number | null;
  slug: string | null;
  position: number | null;
  /** The Markdown file it had, relative to the site's root. */
  file: string | null;
  /** JSON of its lead image (store/articles.ts LeadImage), whose files go unless another article uses them. */
  image: string | null;
}

export interface RemovalRecord {
  url: NormalizedUrl;
  reason: string;
  removedAt: string;
  topicId: number | null;
  slug: string | null;
  position: number | null;
  file: string | null;
  image: string | null;
  /** Every address of the page (its URL, where it redirected, its declared canonical). */
  addresses: NormalizedUrl[];
}

/** The removal that blocks the address with these keys (addressKeys of a normalized URL), if any. */
export function removedAddress(db: Database, { canonical, key, query }: AddressKeys): RemovalRow | undefined {
  return db.get<RemovalRow>(
    `SELECT r.* FROM removed_addresses a JOIN removals r ON r.id = a.removal_id
     WHERE a.canonical_url = ? OR (a.equivalence_key = ? AND a.query = ?) ORDER BY r.id LIMIT 1`,
    [canonical, key, query],
  );
}

/** The rows of `urls` that are one of these addresses or equivalent to one. */
export function urlsEquivalentTo(db: Database, addresses: NormalizedUrl[]): number[] {
  const ids = new Set<number>();
  for (const address of addresses) {
    const keys = addressKeys(address);
    for (const row of db.all<{ id: number; url: string; canonical_url: string; equivalence_key: string }>('SELECT id, url, canonical_url, equivalence_key FROM urls WHERE canonical_url = ? OR equivalence_key = ?', [keys.canonical, keys.key])) {
      if (sameAddress(keys, storedAddressKeys(row.url, row.canonical_url, row.equivalence_key))) ids.add(row.id);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** Records a removal in state 'removing' with the addresses it blocks; returns its id. */
export function insertRemoval(db: Database, r: RemovalRecord): number {
  const { lastId } = db.run(
    `INSERT INTO removals (url, reason, removed_at, status, topic_id, slug, position, file, image) VALUES (?, ?, ?, 'removing', ?, ?, ?, ?, ?)`,
    [r.url, r.reason, r.removedAt, r.topicId, r.slug, r.position, r.file, r.image],
  );
  for (const address of new Set(r.addresses)) {
    const { canonical, key, query } = addressKeys(address);
    db.run('INSERT OR IGNORE INTO removed_addresses (canonical_url, equivalence_key, query, removal_id) VALUES (?, ?, ?, ?)', [canonical, key, query, lastId]);
  }
  return lastId;
}

export function removalBySlug(db: Database, topicId: number, slug: string): RemovalRow | undefined {
  return db.get<RemovalRow>('SELECT * FROM removals WHERE topic_id = ? AND slug = ?', [topicId, slug]);
}

/** The second step is done: the files are gone. */
export function markRemovalDone(db: Database, id: number): void {
  db.run(`UPDATE removals SET status = 'removed' WHERE id = ?`, [id]);
}

/** Removals whose files may still be on disk (a run killed between the two steps). */
export function pendingRemovals(db: Database): RemovalRow[] {
  return db.all<RemovalRow>(`SELECT * FROM removals WHERE status = 'removing' ORDER BY id`);
}

const RELATED_CHECKED_KEY = 'removals_related_checked';

/**
 * Removals finished before their page left other articles' related lists (Gleaner before that
 * step existed): those with an id above the last one checked. The mark lives in meta, which is
 * local, so a state rebuilt from segments checks each removal once more (finding nothing).
 */
export function removalsUncheckedForRelated(db: Database): RemovalRow[] {
  const checked = Number(db.scalar('SELECT value FROM meta WHERE key = ?', [RELATED_CHECKED_KEY]) ?? 0);
  return db.all<RemovalRow>(`SELECT * FROM removals WHERE status = 'removed' AND id > ? ORDER BY id`, [checked]);
}

export function markRelatedChecked(db: Database, removalId: number): void {
  db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [RELATED_CHECKED_KEY, String(removalId)], { quiet: true });
}

/** Every removal, oldest first, with its topic's slug. */
export function listRemovals(db: Database): Array<RemovalRow & { topic: string | null }> {
  return db.all(`SELECT r.*, t.slug AS topic FROM removals r LEFT JOIN topics t ON t.id = r.topic_id ORDER BY r.id`);
}

/** The old pages of removed articles, for the site's "removed" pages: topic slug, article slug, date. */
export function removedPages(db: Database): Array<{ topic: string; slug: string; removedAt: string }> {
  return db.all(`SELECT t.slug AS topic, r.slug AS slug, r.removed_at AS removedAt FROM removals r JOIN topics t ON t.id = r.topic_id WHERE r.slug IS NOT NULL ORDER BY r.id`);
}

/** Whether any article still in the state shows this media file (a lead image is named by its content hash, so two articles may share it). */
export function mediaInUse(db: Database, src: string, exceptArticleId = 0): boolean {
  return db.scalar(`SELECT 1 FROM articles WHERE image IS NOT NULL AND instr(image, ?) > 0 AND id != ? LIMIT 1`, [JSON.stringify(src), exceptArticleId]) === 1;
}

/**
 * The names under /media/ of taken-down articles' lead images that no article shows any more,
 * sorted. A site whose lead images live in git deletes their files (crawler/remove/); one whose
 * images live in the bucket has its deploy delete these objects, and `npm run media -- --to git`
 * leaves them out.
 */
export function removedMediaNames(db: Database): string[] {
  const taken = new Set<string>();
  for (const { image } of db.all<{ image: string }>('SELECT image FROM removals WHERE image IS NOT NULL')) for (const src of mediaSrcsOf(image)) taken.add(src);
  if (taken.size === 0) return [];
  // One pass over the articles' images (the deploy asks every time), not a scan per file.
  for (const { image } of db.all<{ image: string }>('SELECT image FROM articles WHERE image IS NOT NULL')) for (const src of mediaSrcsOf(image)) taken.delete(src);
  return [...taken].map((src) => src.slice('/media/'.length)).filter((name) => !name.includes('/') && !name.startsWith('.')).sort();
}
