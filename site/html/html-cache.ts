import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

// Each body rendered once: an article's HTML, by the SHA-256 of its Markdown, in the build's
// memory (.gleaner/build/memory.sqlite, site/builder/memory.ts). The content index writes it when
// it reads a new or changed file (it renders the body to check it anyway); the pages, their AMP
// copies and the feeds (articleHtml), search and the data files read it. The table holds the HTML
// of one renderer only: the build clears it when `rendererVersion` changes. Stored deflated: the
// memory travels in a CI cache every hour.

export const HTML_SCHEMA = 'CREATE TABLE IF NOT EXISTS html (body_sha TEXT PRIMARY KEY, html BLOB NOT NULL)';

export function bodySha(markdown: string): string {
  return createHash('sha256').update(markdown).digest('hex');
}

/** The build memory's file for a site root (the one place that names it). */
export function memoryFile(root: string): string {
  return join(root, '.gleaner', 'build', 'memory.sqlite');
}

/** Changes when the Markdown renderer does: this project's options for it (markdown.ts) and the installed versions of Astro's Markdown processor and its parser. */
export function rendererVersion(project: string): string {
  const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as { packages?: Record<string, { version?: string }> };
  const versions = ['node_modules/@astrojs/markdown-satteri', 'node_modules/satteri'].map((name) => `${name}@${lock.packages?.[name]?.version ?? '?'}`);
  return createHash('sha256').update(readFileSync(join(project, 'site', 'html', 'markdown.ts'))).update(versions.join('\n')).digest('hex').slice(0, 32);
}

export function packHtml(html: string): Uint8Array {
  return deflateRawSync(html);
}

export function unpackHtml(bytes: Uint8Array): string {
  return inflateRawSync(bytes).toString('utf8');
}

const readers = new Map<string, { db: DatabaseSync; lookup: StatementSync } | null>();

/** Closes this process's reader of a site's memory (a build that rewrote or replaced it calls this when done). */
export function forgetCachedHtml(root: string): void {
  readers.get(root)?.db.close();
  readers.delete(root);
}

/** The cached HTML of a body, read from the site's build memory (opened read-only, once per process), or null when it holds none. */
export function cachedHtml(root: string, sha: string): string | null {
  let reader = readers.get(root);
  if (reader === undefined) {
    reader = null;
    const file = memoryFile(root);
    if (existsSync(file)) {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        reader = { db, lookup: db.prepare('SELECT html FROM html WHERE body_sha = ?') };
      } catch {
        db.close(); // a memory of another shape: render
      }
    }
    readers.set(root, reader);
  }
  if (!reader) return null;
  const row = reader.lookup.get(sha) as { html: Uint8Array } | undefined;
  return row ? unpackHtml(row.html) : null;
}
