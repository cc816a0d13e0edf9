import type { SitePaths } from '../paths.ts';
import { engine } from './engine.ts';
import { fetchSegments, listSegments, readSegment, type SegmentFile } from './segments.ts';

// What changed in the state since a reader last looked: the rows the segments written since then
// carry (a segment is one run's changes, segments.ts). The build's data files holding any of them
// are written again (site/builder/data/); the rest stay as they are.

/** Which segments a reader already accounted for (the build's data manifest records it). */
export interface SegmentMark {
  /** Highest sequence number applied. */
  last: number;
  /** How many segments had a sequence number up to `last`: another count means the history changed under us. */
  count: number;
}

export interface Touched {
  /** How many segments were written since the mark (0: nothing in the state changed). */
  segments: number;
  articles: Set<number>;
  urls: Set<number>;
  runs: Set<number>;
  posts: Set<number>;
  /** A segment deleted articles or URLs: which files held them is not known any more, so every month is checked. */
  deletions: boolean;
}

export interface StateChanges {
  /** The mark of every segment on disk now. */
  mark: SegmentMark;
  /** What the segments since the given mark touched; null when there was no mark or the history is not the one it saw (check everything). */
  touched: Touched | null;
}

export function segmentMark(segments: SegmentFile[]): SegmentMark {
  return { last: segments.reduce((m, s) => Math.max(m, s.seq), 0), count: segments.length };
}

/** The segments written since `mark`, or null when the history is not the one `mark` saw. */
export function segmentsSince(segments: SegmentFile[], mark: SegmentMark | null): SegmentFile[] | null {
  if (!mark) return null;
  const before = segments.filter((s) => s.seq <= mark.last);
  if (before.length !== mark.count) return null;
  return segments.filter((s) => s.seq > mark.last);
}

/** What the state's segments changed since `mark`; null when the site has no segments (none yet, or a site of the single-file layout). */
export async function touchedSince(paths: SitePaths, mark: SegmentMark | null): Promise<StateChanges | null> {
  const segments = listSegments(paths.segments);
  if (!segments.length) return null;
  const fresh = segmentsSince(segments, mark);
  return { mark: segmentMark(segments), touched: fresh ? await touchedBy(paths.segments, fresh) : null };
}

const KEYS: Array<[table: string, column: string, into: 'articles' | 'urls' | 'runs' | 'posts']> = [
  ['articles', 'id', 'articles'],
  ['article_tags', 'article_id', 'articles'],
  ['urls', 'id', 'urls'],
  ['link_occurrences', 'url_id', 'urls'],
  ['runs', 'id', 'runs'],
  ['posts', 'id', 'posts'],
];

/** The rows the given segments inserted, updated or deleted. */
async function touchedBy(dir: string, segments: SegmentFile[]): Promise<Touched> {
  const SQL = await engine();
  const touched: Touched = { segments: segments.length, articles: new Set(), urls: new Set(), runs: new Set(), posts: new Set(), deletions: false };
  fetchSegments(dir, segments);
  for (const segment of segments) {
    const db = new SQL.Database(readSegment(dir, segment));
    try {
      const tables = new Set((db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]?.values ?? []).map((r) => String(r[0])));
      for (const [table, column, into] of KEYS) {
        if (!tables.has(table)) continue;
        for (const [id] of db.exec(`SELECT ${column} FROM ${table}`)[0]?.values ?? []) touched[into].add(Number(id));
      }
      if (tables.has('_deleted')) {
        for (const [tbl, pk] of db.exec('SELECT tbl, pk FROM _deleted')[0]?.values ?? []) {
          const key = JSON.parse(String(pk)) as number[];
          if (tbl === 'article_tags') touched.articles.add(Number(key[0]));
          else if (tbl === 'articles' || tbl === 'urls' || tbl === 'link_occurrences' || tbl === 'runs') touched.deletions = true;
        }
      }
    } finally {
      db.close();
    }
  }
  return touched;
}
