import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { readArticleFile } from '../../crawler/publish/article-file.ts';
import type { ArticleInput } from '../model/site-index.ts';
import { bodySha, packHtml } from '../html/html-cache.ts';
import { renderMarkdown } from '../html/markdown.ts';
import { metaValue, openMemory, setMeta } from './memory.ts';
import { checkOutFolders, offDiskFiles, withOffDiskFiles } from '../../crawler/sparse-checkout.ts';

// Every article in content/ (the source of truth: its frontmatter and body), read once and then
// remembered in the build memory (memory.ts, table content: a row per file). A file is read
// again only when it changed: in a git work tree a clean file is known by its blob id (`git
// ls-files -s`, no file read), so a fresh checkout in CI reads only what the last commit added;
// elsewhere by its size and modification time. Reading a file renders its body (one that does
// not render is left out), and that HTML is kept (site/html/html-cache.ts): the pages, feeds,
// search and data files read it instead of rendering the body again. In a sparse checkout the
// files git tracks outside it are listed too (crawler/sparse-checkout.ts): known by their blob id,
// never read unless they changed, and then checked out first.

/** An article as content/ holds it (`id` is `<topic>/<slug>`, its URL path under the site's base): the site index's input. */
export type ContentEntry = ArticleInput;

export interface SkippedFile {
  file: string;
  reason: string;
}

export interface ContentIndex {
  entries: ContentEntry[];
  /** Files left out of the site, with why: a frontmatter that does not validate, a body that does not render, a second file for one id. */
  skipped: SkippedFile[];
  /** Files read and parsed this time (new or changed since the last build; the rest came from the cache). */
  read: number;
  changed: string[];
}

/** Where each content file stands: a git blob id for clean tracked files, else its size and time. */
function fileKeys(root: string, files: string[]): Map<string, string> {
  const keys = new Map<string, string>();
  const git = gitBlobs(root);
  for (const file of files) {
    const blob = git?.get(file);
    if (blob) keys.set(file, `git:${blob}`);
    else {
      const s = statSync(join(root, file));
      keys.set(file, `stat:${s.size}:${Math.round(s.mtimeMs)}`);
    }
  }
  return keys;
}

/** Blob ids of content files that are tracked and unmodified, or null outside a git work tree. */
function gitBlobs(root: string): Map<string, string> | null {
  try {
    const run = (args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
    const listed = run(['ls-files', '-s', '-z', '--', 'content']);
    const modified = new Set(run(['diff', '--name-only', '-z', '--relative', '--', 'content']).split('\0').filter(Boolean));
    const blobs = new Map<string, string>();
    for (const line of listed.split('\0')) {
      const m = /^\d+ ([0-9a-f]{40,64}) \d+\t(.+)$/.exec(line);
      if (m && !modified.has(m[2])) blobs.set(m[2], m[1]);
    }
    return blobs;
  } catch {
    return null;
  }
}

function markdownFiles(root: string): string[] {
  const content = join(root, 'content');
  const isMarkdown = (name: string) => name.endsWith('.md') && !name.startsWith('.');
  const onDisk = existsSync(content)
    ? readdirSync(content, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && isMarkdown(e.name))
        .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
        .sort()
    : [];
  return withOffDiskFiles(onDisk, offDiskFiles(root, 'content').filter((file) => isMarkdown(basename(file))));
}

interface Row {
  entry: ContentEntry | null;
  skipped: string | null;
  html: string | null;
}

async function readEntry(root: string, file: string): Promise<Row> {
  const text = readFileSync(join(root, file), 'utf8');
  const split = readArticleFile(text);
  if (!split.ok) return { entry: null, skipped: split.problem, html: null };
  let html: string;
  try {
    // The pages render the body with this renderer; one that does not render is left out here, with its reason.
    html = await renderMarkdown(split.body);
  } catch (error) {
    return { entry: null, skipped: `its Markdown did not render (${(error as Error).message})`, html: null };
  }
  const slug = basename(file, '.md');
  return { entry: { id: `${split.frontmatter.topic}/${slug}`, file, data: split.frontmatter, bodySha: bodySha(split.body) }, skipped: null, html };
}

/** Files read between commits of the memory: a killed cold build keeps what it had read. */
const BATCH = 500;

/**
 * Reads content/ into entries through the build memory `db`: its rows are updated for the files
 * that changed, and the HTML of their bodies kept. `renderer` is the renderer's version
 * (html-cache.ts): under another, every file is read and rendered again. Without a memory, every
 * file is read.
 */
export async function readContentIndex(root: string, db: DatabaseSync = openMemory(':memory:'), renderer = 'unversioned'): Promise<ContentIndex> {
  const update = await updateContentIndex(root, db, renderer);
  return { ...loadContentIndex(db, update.files), read: update.changed.length, changed: update.changed };
}

/** What updateContentIndex did: every Markdown file (in the order that decides the first of two files for one id), and those read again. */
export interface ContentUpdate {
  files: string[];
  changed: string[];
}

/**
 * The first half of readContentIndex: brings the memory's rows up to content/ (reading and
 * rendering only what changed) and holds no article. A build runs its data files between the
 * two halves, so their memory and every article's frontmatter are never held at once.
 */
export async function updateContentIndex(root: string, db: DatabaseSync, renderer = 'unversioned'): Promise<ContentUpdate> {
  const files = markdownFiles(root);
  const keys = fileKeys(root, files);
  const put = db.prepare('INSERT INTO content VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (file) DO UPDATE SET key = excluded.key, id = excluded.id, data = excluded.data, body_sha = excluded.body_sha, skipped = excluded.skipped');
  const putHtml = db.prepare('INSERT INTO html VALUES (?, ?) ON CONFLICT (body_sha) DO NOTHING');
  const changed: string[] = [];

  db.exec('BEGIN IMMEDIATE');
  try {
    if (metaValue(db, 'renderer') !== renderer) {
      db.exec('DELETE FROM content; DELETE FROM html');
      setMeta(db, 'renderer', renderer);
    }
    // What the memory knows of each file, read in one pass (a statement per file costs more at 100,000).
    const known = new Map<string, { key: string; body_sha: string | null }>();
    for (const row of db.prepare('SELECT file, key, body_sha FROM content').iterate() as Iterable<{ file: string; key: string; body_sha: string | null }>) known.set(row.file, { key: row.key, body_sha: row.body_sha });
    // Bodies a file no longer has (an article edited or removed): their HTML goes unless another file has them.
    const replaced = new Set<string>();
    const remove = db.prepare('DELETE FROM content WHERE file = ?');
    for (const [file, { body_sha }] of known) {
      if (keys.has(file)) continue;
      remove.run(file);
      if (body_sha) replaced.add(body_sha);
    }
    const toRead = files.filter((file) => known.get(file)?.key !== keys.get(file));
    checkOutFolders(root, toRead);
    for (const file of toRead) {
      const key = keys.get(file)!;
      const before = known.get(file);
      if (before?.body_sha) replaced.add(before.body_sha);
      const row = await readEntry(root, file);
      const entry = row.entry;
      put.run(file, key, entry?.id ?? null, entry ? JSON.stringify(entry.data) : null, entry?.bodySha ?? null, row.skipped);
      if (entry && row.html !== null) putHtml.run(entry.bodySha, packHtml(row.html));
      changed.push(file);
      if (changed.length % BATCH === 0) db.exec('COMMIT; BEGIN IMMEDIATE');
    }
    const drop = db.prepare('DELETE FROM html WHERE body_sha = ?1 AND NOT EXISTS (SELECT 1 FROM content WHERE body_sha = ?1)');
    for (const sha of replaced) drop.run(sha);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return { files, changed };
}

/** The second half of readContentIndex: every article of `files` from the memory's rows, and the files left out with why. */
export function loadContentIndex(db: DatabaseSync, files: string[]): Pick<ContentIndex, 'entries' | 'skipped'> {
  // Every row in one pass, each parsed as it is read (so no row's text outlives it), then taken in
  // the files' order (which decides the first of two files for one id).
  const rows = new Map<string, ContentEntry | { skipped: string }>();
  for (const row of db.prepare('SELECT file, id, data, body_sha, skipped FROM content').iterate() as Iterable<{ file: string; id: string | null; data: string | null; body_sha: string | null; skipped: string | null }>) {
    rows.set(
      row.file,
      row.id === null || row.data === null || row.body_sha === null
        ? { skipped: row.skipped ?? 'unreadable' }
        : { id: row.id, file: row.file, data: JSON.parse(row.data) as ArticleInput['data'], bodySha: row.body_sha, dataSha: createHash('sha1').update(row.data).digest('base64url') },
    );
  }
  const entries: ContentEntry[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const row = rows.get(file)!;
    rows.delete(file);
    if ('skipped' in row) {
      skipped.push({ file, reason: row.skipped });
      continue;
    }
    const first = seen.get(row.id);
    if (first) {
      skipped.push({ file, reason: `a second file for ${row.id} (the first is ${first})` });
      continue;
    }
    seen.set(row.id, file);
    entries.push(row);
  }
  return { entries, skipped };
}
