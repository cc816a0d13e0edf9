import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SitePaths } from '../paths.ts';
import { writeFileAtomic } from '../atomic-write.ts';
import { GleanerError } from '../errors.ts';
import { Database, migrate } from './database.ts';
import type { SqlJs } from './engine.ts';
import { sqljsConnection } from './engine-sqljs.ts';
import { MIGRATIONS } from './migrations.ts';
import { createChangeTables, listSegments, segmentBytes, segmentName, TRACKED_TABLES } from './segments.ts';

// The database of the single-file layout (data/site.sqlite), as the upgrade to segments reads it,
// changes it and writes it out (crawler/upgrade/legacy-site.ts says the steps and their order).

/**
 * Upgrade segments beside the old file are from an attempt that did not finish: they are removed
 * (written again). Any other segment means the site was upgraded and the old file came back.
 */
export function clearUnfinishedUpgrade(paths: SitePaths): void {
  const existing = listSegments(paths.segments);
  const leftovers = existing.filter((s) => s.name.endsWith('-upgrade.sqlite'));
  if (existing.length > leftovers.length) {
    throw new GleanerError(
      'E_STATE',
      `${paths.legacyDatabase} and the segments in ${paths.segments} are both here: the site was upgraded, and then the old database came back (a revert?). Remove data/site.sqlite (git rm data/site.sqlite) to keep the upgraded state.`,
    );
  }
  for (const s of leftovers) rmSync(join(paths.segments, s.name), { force: true });
}

/** The old file, in memory (nothing is written back to it). */
export function openLegacyDatabase(SQL: SqlJs, file: string): Database {
  try {
    const db = new Database(sqljsConnection(SQL, new SQL.Database(readFileSync(file))), null);
    db.exec('SELECT count(*) FROM sqlite_master');
    return db;
  } catch (error) {
    throw new GleanerError('E_STORE_CORRUPT', `${file} is not a readable SQLite database (${(error as Error).message}); restore it from git (git checkout -- data/site.sqlite)`);
  }
}

export interface LegacyArticle {
  id: number;
  topic: string;
  slug: string | null;
  status: string;
  title: string;
  /** The article's text, which the old file kept and today's schema does not. */
  text: string;
  lang: string | null;
  markdown: string;
  published_on_site: string | null;
  fetched_at: string;
  image: string | null;
}

/** Every article with the text the old file kept (read at schema version 1), then the schema brought up to date. */
export function legacyArticles(db: Database): LegacyArticle[] {
  migrate(db, MIGRATIONS.filter((m) => m.version <= 1));
  const articles = db.all<LegacyArticle>(
    `SELECT a.id, t.slug AS topic, a.slug, a.status, a.title, a.text, a.lang, a.markdown, a.published_on_site, a.fetched_at, a.image
     FROM articles a JOIN topics t ON t.id = a.topic_id ORDER BY a.topic_id, a.position, a.id`,
  );
  migrate(db);
  return articles;
}

/** An article's Markdown repaired, or null once its file holds it. */
export function setLegacyMarkdown(db: Database, articleId: number, markdown: string | null): void {
  db.run('UPDATE articles SET markdown = ? WHERE id = ?', [markdown, articleId]);
}

/** What today's schema keeps that the old file did not: the term vector (JSON) and the Markdown file (relative to the site's root). */
export function setLegacyTermsAndFile(db: Database, articleId: number, terms: string, file: string | null): void {
  db.run('UPDATE articles SET terms = ?, file = ? WHERE id = ?', [terms, file, articleId]);
}

/** The whole state as "upgrade" segments, table by table in rowid order, each up to `maxBytes` of row data; returns how many. */
export function writeUpgradeSegments(db: Database, paths: SitePaths, SQL: SqlJs, nowMs: number, maxBytes: number): number {
  createChangeTables(db);
  let seq = 0;
  let bytes = 0;
  const flush = () => {
    if (bytes === 0) return;
    seq++;
    const name = segmentName(seq, nowMs, 'upgrade');
    const data = segmentBytes(SQL, db, { seq, schemaVersion: MIGRATIONS.at(-1)!.version, runStartedAt: new Date(nowMs).toISOString() });
    const file = join(paths.segments, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileAtomic(file, data);
    db.exec('DELETE FROM temp.gl_dirty');
    bytes = 0;
  };
  for (const { name } of TRACKED_TABLES) {
    const columns = db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${name}')`).map((c) => c.name);
    const size = columns.map((c) => `length(coalesce(${c}, ''))`).join(' + ');
    for (const row of db.all<{ rid: number; size: number }>(`SELECT rowid AS rid, ${size} AS size FROM ${name} ORDER BY rowid`)) {
      if (bytes > 0 && bytes + row.size > maxBytes) flush();
      db.run('INSERT INTO temp.gl_dirty (tbl, rid) VALUES (?, ?)', [name, row.rid], { quiet: true });
      bytes += row.size + 16;
    }
  }
  flush();
  return seq;
}
