import type { SqlJs } from '../../../crawler/store/engine.ts';
import { readSegment, type SegmentFile } from '../../../crawler/store/segments.ts';

// What changed in the crawler's state since the data files were last written: the rows the new
// segments carry (a segment is one run's changes, store/segments.ts). The data files holding any
// of them are written again; the rest stay as they are.

export interface Touched {
  articles: Set<number>;
  urls: Set<number>;
  runs: Set<number>;
  posts: Set<number>;
  /** A segment deleted articles or URLs: which files held them is not known any more, so every month is checked. */
  deletions: boolean;
}

export function emptyTouched(): Touched {
  return { articles: new Set(), urls: new Set(), runs: new Set(), posts: new Set(), deletions: false };
}

/** Which segments were already accounted for, as the data manifest records it. */
export interface SegmentMark {
  /** Highest sequence number applied. */
  last: number;
  /** How many segments had a sequence number up to `last`: another count means the history changed under us. */
  count: number;
}

export function segmentMark(segments: SegmentFile[]): SegmentMark {
  return { last: segments.reduce((m, s) => Math.max(m, s.seq), 0), count: segments.length };
}

/** The segments written since `mark`, or null when the history is not the one `mark` saw (everything is checked then). */
export function segmentsSince(segments: SegmentFile[], mark: SegmentMark | null): SegmentFile[] | null {
  if (!mark) return null;
  const before = segments.filter((s) => s.seq <= mark.last);
  if (before.length !== mark.count) return null;
  return segments.filter((s) => s.seq > mark.last);
}

const KEYS: Array<[table: string, column: string, into: keyof Omit<Touched, 'deletions'>]> = [
  ['articles', 'id', 'articles'],
  ['article_tags', 'article_id', 'articles'],
  ['urls', 'id', 'urls'],
  ['link_occurrences', 'url_id', 'urls'],
  ['runs', 'id', 'runs'],
  ['posts', 'id', 'posts'],
];

/** The rows the given segments inserted, updated or deleted. */
export function touchedBy(SQL: SqlJs, dir: string, segments: SegmentFile[]): Touched {
  const touched = emptyTouched();
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
