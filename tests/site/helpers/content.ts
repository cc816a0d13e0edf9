import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readArticleFile } from '../../../crawler/publish/article-file.ts';
import type { Frontmatter } from '../../../crawler/publish/frontmatter.ts';
import { articleIdOf } from '../../../site/model/site-index.ts';

export interface ContentFile {
  id: string;
  data: Frontmatter;
  body: string;
  /** The file's absolute path. */
  path: string;
}

/** Reads and validates every article file under root/content (content/<topic>/<yyyy>/<mm>/<slug>.md, or the older content/<topic>/<slug>.md). */
export async function readContent(root: string): Promise<ContentFile[]> {
  const out: ContentFile[] = [];
  const dir = join(root, 'content');
  for (const entry of (await readdir(dir, { recursive: true, withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const path = join(entry.parentPath, entry.name);
    const text = await readFile(path, 'utf8');
    const file = readArticleFile(text);
    if (!file.ok) throw new Error(`${entry.name}: ${file.problem}`);
    const data = file.frontmatter;
    out.push({ id: articleIdOf(data.topic, path), data, body: file.body, path });
  }
  return out;
}

/** Newest first, as the site orders its home page and feeds. */
export function newestFirst(files: ContentFile[]): ContentFile[] {
  return [...files].sort((a, b) => Date.parse(b.data.publishedOnSite) - Date.parse(a.data.publishedOnSite) || Date.parse(b.data.published ?? '') - Date.parse(a.data.published ?? ''));
}
