import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { readArticleFile } from '../../crawler/publish/article-file.ts';
import type { Frontmatter } from '../../crawler/publish/frontmatter.ts';
import { renderMarkdown } from '../html/markdown.ts';

// Every article in content/ (the source of truth: its frontmatter and body), read once and then
// remembered. A file is read again only when it changed: in a git work tree a clean file is
// known by its blob id (`git ls-files -s`, no file read), so a fresh checkout in CI reads only
// what the last commit added; elsewhere by its size and modification time.

export interface ContentEntry {
  /** `<topic>/<slug>`: the article's id and, under the site's base, its URL path. */
  id: string;
  /** Path relative to the site's root, with forward slashes. */
  file: string;
  data: Frontmatter;
  /** SHA-256 of the Markdown body: the page's key includes it. */
  bodySha: string;
}

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

interface CacheEntry {
  key: string;
  entry: ContentEntry | null;
  skipped: string | null;
}

export type ContentCache = Map<string, CacheEntry>;

/** The cache as a JSON-friendly array (written by the build beside its manifest). */
export function serializeContentCache(cache: ContentCache): Array<[string, CacheEntry]> {
  return [...cache];
}

export function deserializeContentCache(value: unknown): ContentCache {
  return Array.isArray(value) ? new Map(value as Array<[string, CacheEntry]>) : new Map();
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
  if (!existsSync(content)) return [];
  return readdirSync(content, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md') && !e.name.startsWith('.'))
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

async function readEntry(root: string, file: string): Promise<{ entry: ContentEntry | null; skipped: string | null }> {
  const text = readFileSync(join(root, file), 'utf8');
  const split = readArticleFile(text);
  if (!split.ok) return { entry: null, skipped: split.problem };
  try {
    // The pages render the body with this renderer; one that does not render is left out here, with its reason.
    await renderMarkdown(split.body);
  } catch (error) {
    return { entry: null, skipped: `its Markdown did not render (${(error as Error).message})` };
  }
  const slug = basename(file, '.md');
  return { entry: { id: `${split.frontmatter.topic}/${slug}`, file, data: split.frontmatter, bodySha: createHash('sha256').update(split.body).digest('hex') }, skipped: null };
}

/** Reads content/ into entries, through `cache` (updated in place). */
export async function readContentIndex(root: string, cache: ContentCache): Promise<ContentIndex> {
  const files = markdownFiles(root);
  const keys = fileKeys(root, files);
  const changed: string[] = [];
  const present = new Set(files);
  for (const file of cache.keys()) if (!present.has(file)) cache.delete(file);
  for (const file of files) {
    const key = keys.get(file)!;
    if (cache.get(file)?.key === key) continue;
    cache.set(file, { key, ...(await readEntry(root, file)) });
    changed.push(file);
  }
  const entries: ContentEntry[] = [];
  const skipped: SkippedFile[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const cached = cache.get(file)!;
    if (!cached.entry) {
      skipped.push({ file, reason: cached.skipped ?? 'unreadable' });
      continue;
    }
    const first = seen.get(cached.entry.id);
    if (first) {
      skipped.push({ file, reason: `a second file for ${cached.entry.id} (the first is ${first})` });
      continue;
    }
    seen.set(cached.entry.id, file);
    entries.push(cached.entry);
  }
  return { entries, skipped, read: changed.length, changed };
}
