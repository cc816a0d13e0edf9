import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SitePaths } from '../../../crawler/paths.ts';
import { readArticleFile } from '../../../crawler/publish/article-file.ts';
import { openDatabase, type Database } from '../../../crawler/store/database.ts';
import { DatabaseSync } from 'node:sqlite';
import { applySegment, listSegments } from '../../../crawler/store/segments.ts';

// What must hold after any kill, checked without changing anything (opening the state the way
// the crawler does would tidy temp files away): every segment opens; the state they add up to
// (applied from scratch, not from the local snapshot) has every Markdown file belong to a
// 'publishing' or 'published' row and be intact (frontmatter parses, its id is the row's), and
// every 'published' row has its file; the local snapshot, when there is one, names only segments
// on disk and holds exactly what those segments add up to; the bookkeeping file, when there is one, is whole. A 'publishing' row may lack
// its file until the next run's reconcile() writes it.

export interface SiteState {
  problems: string[];
  /** "topic/slug source_url" of every published article. */
  published: string[];
  /** Leftover temp files (a write that was killed). */
  temps: string[];
  hasDatabase: boolean;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

async function replay(paths: SitePaths, problems: string[]): Promise<Database> {
  const db = await openDatabase(null);
  for (const segment of listSegments(paths.segments)) {
    try {
      applySegment(db, readFileSync(join(paths.segments, segment.name)));
    } catch (error) {
      problems.push(`segment ${segment.name} does not apply: ${(error as Error).message}`);
    }
  }
  return db;
}

/** The snapshot and the files SQLite keeps beside it while it is open, or after a kill. */
function snapshotFiles(paths: SitePaths): string[] {
  return [paths.stateSnapshot, `${paths.stateSnapshot}-wal`, `${paths.stateSnapshot}-shm`];
}

function publishedRows(db: Database): Array<{ id: number; status: string; file: string; url: string; topic: string; slug: string }> {
  return db.all(`SELECT a.id, a.status, a.file, a.source_url AS url, t.slug AS topic, a.slug FROM articles a JOIN topics t ON t.id = a.topic_id WHERE a.status IN ('publishing', 'published') ORDER BY a.id`);
}

export async function inspectSite(paths: SitePaths): Promise<SiteState> {
  const problems: string[] = [];
  const mdFiles: string[] = [];
  const temps: string[] = [];
  for (const file of walk(paths.content)) {
    if (file.endsWith('.tmp')) temps.push(file);
    else if (file.endsWith('.md')) mdFiles.push(file);
    else problems.push(`unexpected file ${relative(paths.root, file)}`);
  }
  for (const file of [...walk(paths.data), ...walk(paths.cache)]) {
    if (file.endsWith('.tmp')) temps.push(file);
    else if (file.startsWith(paths.segments) ? !file.endsWith('.sqlite') : !snapshotFiles(paths).includes(file) && file !== paths.bookkeeping) problems.push(`unexpected file ${relative(paths.root, file)}`);
  }
  if (existsSync(paths.bookkeeping)) {
    try {
      JSON.parse(readFileSync(paths.bookkeeping, 'utf8'));
    } catch {
      problems.push('the bookkeeping file is torn');
    }
  }

  const segments = listSegments(paths.segments);
  if (segments.length === 0) {
    if (mdFiles.length) problems.push(`${mdFiles.length} Markdown files but no state`);
    return { problems, published: [], temps, hasDatabase: false };
  }
  const db = await replay(paths, problems);
  try {
    const rows = publishedRows(db);
    const byFile = new Map(rows.map((r) => [r.file, r]));
    const removing = new Set(db.all<{ file: string }>(`SELECT file FROM removals WHERE status = 'removing' AND file IS NOT NULL`).map((r) => r.file));
    for (const r of db.all<{ file: string }>(`SELECT file FROM removals WHERE status = 'removed' AND file IS NOT NULL`)) {
      if (mdFiles.some((f) => relative(paths.root, f).split(sep).join('/') === r.file)) problems.push(`removed file ${r.file} is still on disk`);
    }
    const seen = new Set<string>();
    for (const file of mdFiles) {
      const rel = relative(paths.root, file).split(sep).join('/');
      seen.add(rel);
      const row = byFile.get(rel);
      if (!row && removing.has(rel)) continue;
      if (!row) {
        problems.push(`orphan file ${rel}: no publishing or published row`);
        continue;
      }
      const id = frontmatterId(readFileSync(file, 'utf8'));
      if (id === null) problems.push(`${rel} is truncated or its frontmatter does not parse`);
      else if (id !== row.id) problems.push(`${rel} has id ${id}, its row is ${row.id}`);
    }
    for (const row of rows) if (row.status === 'published' && !seen.has(row.file)) problems.push(`published row ${row.id} has no file ${row.file}`);
    if (existsSync(paths.stateSnapshot)) {
      // Read as SQLite reads it after a kill: its last commit, with the write-ahead log's committed frames.
      const snapshot = new DatabaseSync(paths.stateSnapshot, { readOnly: true });
      try {
        const applied = new Set(snapshot.prepare('SELECT name FROM applied_segments').all().map((r) => String(r.name)));
        const onDisk = new Set(segments.map((s) => s.name));
        if ([...applied].some((n) => !onDisk.has(n))) problems.push('the local snapshot names a segment that is not on disk');
        // What the snapshot holds is the segments it names, applied in order.
        const named = await openDatabase(null);
        try {
          for (const segment of segments.filter((s) => applied.has(s.name))) applySegment(named, readFileSync(join(paths.segments, segment.name)));
          const theirs = snapshot.prepare(`SELECT id, status, file FROM articles ORDER BY id`).all().map((r) => [r.id, r.status, r.file].join(' ')).join('\n');
          const ours = named.all<{ id: number; status: string; file: string | null }>('SELECT id, status, file FROM articles ORDER BY id').map((r) => [r.id, r.status, r.file].join(' ')).join('\n');
          if (theirs !== ours) problems.push('the local snapshot holds other articles than the segments it names add up to');
        } finally {
          named.close();
        }
      } finally {
        snapshot.close();
      }
    }
    const published = rows.filter((r) => r.status === 'published').map((r) => `${r.topic}/${r.slug} ${r.url}`).sort();
    return { problems, published, temps, hasDatabase: true };
  } finally {
    db.close();
  }
}

/** The id of a complete article file (frontmatter valid, body present), or null. */
function frontmatterId(text: string): number | null {
  // Complete: it reads as an article (the one reader) and its body is there, ending with the writer's last newline.
  const file = readArticleFile(text);
  return file.ok && /\S/.test(file.body) && text.endsWith('\n') ? file.frontmatter.id : null;
}
