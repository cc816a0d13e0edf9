import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_SCHEMA } from '../../site/builder/data/schema.ts';

// The crawler's state is read only through crawler/store/: SQL over its tables and the segment
// format live there, and everything outside crawler/ asks crawler/store/read.ts (docs/ARCHITECTURE.md,
// "What the site may ask the store"). This scans the source of crawler/, site/ and scripts/ and
// names every file that reaches past that seam.
//
// scripts/dev/ is left out: it is instruments on the store, like tests. The hostile web's probes
// read raw columns the site never publishes (that a secret landed in none of them), and the
// longevity bench fabricates a history through the store's own writers; nothing of the product
// imports scripts/dev/.

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED = ['crawler', 'site', 'scripts'];
const SKIPPED = ['crawler/store/', 'scripts/dev/'];
const READ_API = 'crawler/store/read.ts';

/** Files that run SQL on the site's own download database (site/builder/data/schema.ts), never on the state. */
const DOWNLOAD_SQL = new Set(['site/builder/data/write.ts', 'site/model/database.ts', 'site/pages/data.astro']);

/** The segment format: its modules, tables and names. */
const SEGMENT_MODULES = new Set(['crawler/store/segments.ts', 'crawler/store/segment-changes.ts']);
const SEGMENT_WORDS = /\b(_deleted|_segment|gl_dirty|gl_deleted|TRACKED_TABLES|listSegments|readSegment|applySegment|segmentBytes|writeSegment|segmentName)\b/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (SKIPPED.some((s) => `${path}/`.startsWith(s))) continue;
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mts|js|mjs|astro)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every module a file imports, as a path from the repository's root. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)).split('\\').join('/'));
}

/** The state's tables, from its migrations. */
function stateTables(): Set<string> {
  const migrations = readFileSync(join(ROOT, 'crawler/store/migrations.ts'), 'utf8');
  return new Set([...migrations.matchAll(/CREATE (?:VIRTUAL )?TABLE (?:IF NOT EXISTS )?([a-z_0-9]+)/g)].map((m) => m[1]!));
}

const DOWNLOAD_TABLES = new Set([...DATA_SCHEMA.matchAll(/CREATE (?:VIRTUAL )?TABLE ([a-z_0-9]+)/g)].map((m) => m[1]!));

/** The build's own memory (site/builder/memory.ts, node:sqlite): its tables, read only by files that open it, never the state (sql.js). */
const MEMORY_TABLES = new Set(['site/builder/memory.ts', 'site/html/html-cache.ts'].flatMap((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_0-9]+)/g)].map((m) => m[1]!)));
const opensMemory = (file: string, text: string) => /from ['"]node:sqlite['"]/.test(text) || importsOf(file, text).some((t) => t === 'site/builder/memory.ts' || t === 'site/html/html-cache.ts');

/** Tables that SQL statements in `text` read or write (SQL is written in capitals here; `part.` is an attached download file). */
function tablesNamed(text: string): string[] {
  return [...text.matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+(?:[a-z]+\.)?([a-z_0-9]+)\b/g)].map((m) => m[1]!);
}

interface SeamViolation {
  file: string;
  rule: 'store import' | 'segment format' | 'state SQL';
  detail: string;
}

/** What `file` (a path from the root) with this text does that only crawler/store/ may do. */
function seamViolations(file: string, text: string, tables = stateTables()): SeamViolation[] {
  const out: SeamViolation[] = [];
  const imports = importsOf(file, text);
  if (!file.startsWith('crawler/')) {
    for (const target of imports) if (target.startsWith('crawler/store/') && target !== READ_API) out.push({ file, rule: 'store import', detail: target });
  }
  for (const target of imports) if (SEGMENT_MODULES.has(target)) out.push({ file, rule: 'segment format', detail: target });
  const word = SEGMENT_WORDS.exec(text);
  if (word) out.push({ file, rule: 'segment format', detail: word[1]! });
  for (const table of tablesNamed(text)) {
    const allowed = (DOWNLOAD_SQL.has(file) && (DOWNLOAD_TABLES.has(table) || table === 'sqlite_master' || table.endsWith('_fts'))) || (MEMORY_TABLES.has(table) && opensMemory(file, text));
    if (tables.has(table) && !allowed) out.push({ file, rule: 'state SQL', detail: table });
  }
  return out;
}

describe('the state is read only through crawler/store/', () => {
  const files = SCANNED.flatMap(sourceFiles);

  it('scans the product: the site reads the state through the read API', () => {
    expect(files).toContain('site/builder/data/index.ts');
    expect(files.some((f) => f.startsWith('crawler/store/') || f.startsWith('scripts/dev/'))).toBe(false);
    expect(importsOf('site/builder/data/index.ts', readFileSync(join(ROOT, 'site/builder/data/index.ts'), 'utf8'))).toContain(READ_API);
  });

  it('no file outside crawler/store/ imports its internals, knows the segment format or runs SQL on the state', () => {
    const tables = stateTables();
    expect(tables).toContain('source_icons');
    const violations = files.flatMap((file) => seamViolations(file, readFileSync(join(ROOT, file), 'utf8'), tables));
    expect(violations).toEqual([]);
  });

  it('names each kind of reach past the seam', () => {
    const site = 'site/builder/data/plan.ts';
    expect(seamViolations(site, `import type { Database } from '../../../crawler/store/database.ts';`)).toEqual([{ file: site, rule: 'store import', detail: 'crawler/store/database.ts' }]);
    expect(seamViolations(site, `import { openStateReader } from '../../../crawler/store/read.ts';`)).toEqual([]);
    expect(seamViolations('crawler/pipeline/preflight.ts', `import { listSegments } from '../store/segments.ts';`).map((v) => v.rule)).toEqual(['segment format', 'segment format']);
    expect(seamViolations('crawler/upgrade/legacy-site.ts', "db.run('UPDATE articles SET markdown = ? WHERE id = ?')")).toEqual([{ file: 'crawler/upgrade/legacy-site.ts', rule: 'state SQL', detail: 'articles' }]);
    // The download writer names the download's tables, never one only the state has.
    expect(seamViolations('site/builder/data/write.ts', "out.run('INSERT INTO articles_fts (docid) SELECT id FROM articles')")).toEqual([]);
    expect(seamViolations('site/builder/data/write.ts', "state.all('SELECT host FROM source_icons')")).toEqual([{ file: 'site/builder/data/write.ts', rule: 'state SQL', detail: 'source_icons' }]);
    // The build memory has a meta table as the state does: only a file that opens the memory may name it.
    expect(seamViolations('site/builder/memory.ts', "import { DatabaseSync } from 'node:sqlite';\ndb.prepare('SELECT value FROM meta WHERE name = ?')")).toEqual([]);
    expect(seamViolations('site/builder/index.ts', "db.all('SELECT value FROM meta')")).toEqual([{ file: 'site/builder/index.ts', rule: 'state SQL', detail: 'meta' }]);
  });
});
