import type { Database } from './database.ts';

// Archived copies (crawler/archive/): one row per copy kept under archive/<id>/, with its files'
// hashes and sizes, the response headers that matter, and where the link came from.

export interface ArchiveFile {
  /** File name inside archive/<id>/ ('page.html.gz', 'screenshot.png', 'page.pdf'). */
  name: string;
  type: string;
  bytes: number;
  sha256: string;
}

/** A feed item or forum post that surfaced the link, or the sitemap or search that listed it. */
export interface Provenance {
  context: string;
  source: { kind: string; url: string } | null;
  post: { url: string | null; title: string | null; author: string | null; publishedAt: string | null } | null;
  /** For a feed or sitemap: the item's title and date as listed (the URL's hints). */
  item: { title: string | null; publishedAt: string | null } | null;
  inQuote: boolean;
  firstSeenAt: string;
}

export interface ArchiveRecord {
  id: string;
  urlId: number;
  articleId: number | null;
  url: string;
  finalUrl: string;
  status: number;
  fetchedAt: string;
  rendered: boolean;
  headers: Record<string, string>;
  files: ArchiveFile[];
  provenance: Provenance[];
}

export function insertArchive(db: Database, a: ArchiveRecord): void {
  db.run(
    `INSERT INTO archives (id, url_id, article_id, url, final_url, status, fetched_at, rendered, headers, files, provenance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET article_id = excluded.article_id, files = excluded.files, provenance = excluded.provenance`,
    [a.id, a.urlId, a.articleId, a.url, a.finalUrl, a.status, a.fetchedAt, a.rendered ? 1 : 0, JSON.stringify(a.headers), JSON.stringify(a.files), JSON.stringify(a.provenance)],
  );
}

/** The newest archived copy of an article, for its page's "archived copy" link. */
export function archiveIdOfArticle(db: Database, articleId: number): string | null {
  const row = db.get<{ id: string }>('SELECT id FROM archives WHERE article_id = ? ORDER BY fetched_at DESC, id LIMIT 1', [articleId]);
  return row?.id ?? null;
}


/** Every place the URL was seen: the source (feed, sitemap, forum, search) and, for forum links, the post. */
export function provenanceOf(db: Database, urlId: number): Provenance[] {
  const rows = db.all<{ context: string; in_quote: number; first_seen_at: string; source_kind: string | null; source_url: string | null; post_url: string | null; post_title: string | null; post_author: string | null; post_published: string | null; post_id: number | null; hint_title: string | null; hint_published: string | null }>(
    `SELECT o.context, o.in_quote, o.first_seen_at, s.kind AS source_kind, s.url AS source_url,
            p.id AS post_id, p.url AS post_url, p.title AS post_title, p.author AS post_author, p.published_at AS post_published,
            u.hint_title, u.hint_published
     FROM link_occurrences o JOIN urls u ON u.id = o.url_id LEFT JOIN sources s ON s.id = o.source_id LEFT JOIN posts p ON p.id = o.post_id
     WHERE o.url_id = ? ORDER BY o.first_seen_at, o.id LIMIT 50`,
    [urlId],
  );
  return rows.map((r) => ({
    context: r.context,
    source: r.source_kind && r.source_url ? { kind: r.source_kind, url: r.source_url } : null,
    post: r.post_id === null ? null : { url: r.post_url, title: r.post_title, author: r.post_author, publishedAt: r.post_published },
    item: r.post_id === null && (r.hint_title || r.hint_published) ? { title: r.hint_title, publishedAt: r.hint_published } : null,
    inQuote: r.in_quote === 1,
    firstSeenAt: r.first_seen_at,
  }));
}
