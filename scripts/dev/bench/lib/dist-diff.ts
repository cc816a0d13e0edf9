import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from '../../../deploy/files.ts';

// Byte comparison of two builds: which files are new, gone or changed, grouped by kind of file.

export interface DistDiff {
  files: number;
  added: string[];
  removed: string[];
  changed: string[];
  /** (added + changed) / files of the new build. */
  changedShare: number;
  byKind: Record<string, { added: number; removed: number; changed: number }>;
}

/** What a dist/ path is, for grouping: "article", "amp", "topic page", "tag page", "pagefind index"… */
export function fileKind(path: string): string {
  const parts = path.split('/');
  if (parts[0] === 'pagefind') return parts.length > 2 ? `pagefind ${parts[1]}` : 'pagefind (entry, meta, js, wasm)';
  if (parts[0] === 'amp') return 'amp article';
  if (parts[0] === 'tags') return parts.length > 2 ? 'tag page' : 'tag index';
  if (parts[0] === 'sitemaps' || parts[0] === 'sitemap-index.xml') return 'sitemap';
  if (parts[0] === '_astro' || parts[0] === 'media' || parts[0] === 'icons') return parts[0];
  if (/\.(xml|json)$/.test(path) && !path.endsWith('manifest.webmanifest')) return 'feed';
  if (parts.length === 3 && parts[2] === 'index.html') return parts[1] === 'page' ? 'other' : 'article';
  if (parts.length === 4 && parts[1] === 'page') return 'topic archive page';
  if (path === 'index.html') return 'home page';
  if (parts.length === 2 && parts[1] === 'index.html') return 'topic front / site page';
  return 'other';
}

function same(a: string, b: string): boolean {
  if (statSync(a).size !== statSync(b).size) return false;
  const x = readFileSync(a);
  const y = readFileSync(b);
  return x.equals(y);
}

export async function diffDists(oldDir: string, newDir: string): Promise<DistDiff> {
  const before = new Set(await listFiles(oldDir));
  const after = await listFiles(newDir);
  const added: string[] = [];
  const changed: string[] = [];
  for (const path of after) {
    if (!before.has(path)) added.push(path);
    else if (!same(join(oldDir, path), join(newDir, path))) changed.push(path);
  }
  const afterSet = new Set(after);
  const removed = [...before].filter((p) => !afterSet.has(p));
  const byKind: DistDiff['byKind'] = {};
  const bump = (path: string, field: 'added' | 'removed' | 'changed') => {
    const kind = fileKind(path);
    byKind[kind] ??= { added: 0, removed: 0, changed: 0 };
    byKind[kind][field]++;
  };
  for (const p of added) bump(p, 'added');
  for (const p of removed) bump(p, 'removed');
  for (const p of changed) bump(p, 'changed');
  return { files: after.length, added: added.sort(), removed: removed.sort(), changed: changed.sort(), changedShare: (added.length + changed.length) / after.length, byKind };
}

