import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import initSqlJs from 'sql.js';
import { parse } from 'yaml';
import type { SitePaths } from '../../../crawler/paths.ts';
import { frontmatterSchema } from '../../../crawler/publish/frontmatter.ts';

// What must hold after any kill, checked without changing anything (the crawler's own
// openDatabase would tidy temp files away): the database opens and passes integrity_check;
// every Markdown file belongs to a 'publishing' or 'published' row and is intact (frontmatter
// parses, its id is the row's); every 'published' row has its file. A 'publishing' row may lack
// its file until the next run's reconcile() writes it.

export interface SiteState {
  problems: string[];
  /** "topic/slug source_url" of every published article. */
  published: string[];
  /** Leftover temp files (a write that was killed). */
  temps: string[];
  hasDatabase: boolean;
}

let SQL: Awaited<ReturnType<typeof initSqlJs>> | undefined;

export async function inspectSite(paths: SitePaths): Promise<SiteState> {
  SQL ??= await initSqlJs();
  const problems: string[] = [];
  const mdFiles: string[] = [];
  const temps: string[] = [];
  if (existsSync(paths.content)) {
    for (const entry of readdirSync(paths.content, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      if (entry.name.endsWith('.tmp')) temps.push(file);
      else if (entry.name.endsWith('.md')) mdFiles.push(file);
      else problems.push(`unexpected file ${relative(paths.root, file)}`);
    }
  }
  if (existsSync(paths.data)) for (const name of readdirSync(paths.data)) if (name !== 'site.sqlite') temps.push(join(paths.data, name));

  if (!existsSync(paths.database)) {
    if (mdFiles.length) problems.push(`${mdFiles.length} Markdown files but no database`);
    return { problems, published: [], temps, hasDatabase: false };
  }
  let db;
  try {
    db = new SQL.Database(readFileSync(paths.database));
  } catch (error) {
    return { problems: [`the database does not open: ${(error as Error).message}`], published: [], temps, hasDatabase: true };
  }
  try {
    const integrity = String(db.exec('PRAGMA integrity_check')[0]?.values[0]?.[0]);
    if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`);
    const rows = db.exec(`SELECT a.id, a.status, t.slug, a.slug, a.source_url FROM articles a JOIN topics t ON t.id = a.topic_id WHERE a.status IN ('publishing', 'published')`)[0]?.values ?? [];
    const byPath = new Map<string, { id: number; status: string; url: string }>();
    for (const [id, status, topic, slug, url] of rows) byPath.set(`${topic}/${slug}.md`, { id: Number(id), status: String(status), url: String(url) });
    const seen = new Set<string>();
    for (const file of mdFiles) {
      const rel = relative(paths.content, file).split(sep).join('/');
      seen.add(rel);
      const row = byPath.get(rel);
      if (!row) {
        problems.push(`orphan file content/${rel}: no publishing or published row`);
        continue;
      }
      const id = frontmatterId(readFileSync(file, 'utf8'));
      if (id === null) problems.push(`content/${rel} is truncated or its frontmatter does not parse`);
      else if (id !== row.id) problems.push(`content/${rel} has id ${id}, its row is ${row.id}`);
    }
    for (const [rel, row] of byPath) if (row.status === 'published' && !seen.has(rel)) problems.push(`published row ${row.id} has no file content/${rel}`);
    const published = [...byPath].filter(([, r]) => r.status === 'published').map(([rel, r]) => `${rel.replace(/\.md$/, '')} ${r.url}`).sort();
    return { problems, published, temps, hasDatabase: true };
  } finally {
    db.close();
  }
}

/** The id of a complete article file (frontmatter valid, body present), or null. */
function frontmatterId(text: string): number | null {
  const match = /^---\n([\s\S]*?)\n---\n\n[\s\S]*\S[\s\S]*\n$/.exec(text);
  if (!match) return null;
  try {
    const parsed = frontmatterSchema.safeParse(parse(match[1]!));
    return parsed.success ? parsed.data.id : null;
  } catch {
    return null;
  }
}
