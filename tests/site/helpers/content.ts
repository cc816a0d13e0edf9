import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { frontmatterSchema, type Frontmatter } from '../../../crawler/publish/frontmatter.ts';

export interface ContentFile {
  id: string;
  data: Frontmatter;
  body: string;
}

/** Reads and validates every content/<topic>/<slug>.md under root. */
export async function readContent(root: string): Promise<ContentFile[]> {
  const out: ContentFile[] = [];
  const dir = join(root, 'content');
  for (const topic of await readdir(dir)) {
    for (const file of await readdir(join(dir, topic))) {
      if (!file.endsWith('.md')) continue;
      const text = await readFile(join(dir, topic, file), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${topic}/${file} has no frontmatter`);
      out.push({ id: `${topic}/${file.slice(0, -3)}`, data: frontmatterSchema.parse(parse(match[1])), body: match[2] });
    }
  }
  return out;
}

/** Newest first, as the site orders its home page and feeds. */
export function newestFirst(files: ContentFile[]): ContentFile[] {
  return [...files].sort((a, b) => Date.parse(b.data.publishedOnSite) - Date.parse(a.data.publishedOnSite) || Date.parse(b.data.published ?? '') - Date.parse(a.data.published ?? ''));
}
