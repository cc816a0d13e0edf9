import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readArticleFile, renderArticleFile } from '../publish/article-file.ts';
import type { SitePaths } from '../paths.ts';
import { articlesRelatedTo, setRelated } from '../store/articles.ts';
import { writeFileAtomic } from '../atomic-write.ts';
import { checkOutFolders } from '../sparse-checkout.ts';
import type { Database } from '../store/database.ts';

/**
 * Takes a removed page ("<topic>/<slug>") out of every related list that names it: each
 * article's row in the state (which the data files publish) and, once written, its Markdown
 * file. The file goes first, then the row, so a run killed between them finds the row still
 * naming the page and does both again; both are no-ops when the page is already gone.
 * Returns how many lists named it.
 */
export function dropFromRelatedLists(db: Database, paths: SitePaths, page: string): number {
  const rows = articlesRelatedTo(db, page);
  for (const row of rows) {
    const related = (JSON.parse(row.related) as string[]).filter((id) => id !== page);
    if (row.status === 'published' && row.file) {
      checkOutFolders(paths.root, [row.file]); // an older article, off disk in a sparse checkout
      rewriteRelated(join(paths.root, row.file), page);
    }
    setRelated(db, row.id, related);
  }
  return rows.length;
}

function rewriteRelated(file: string, page: string): void {
  if (!existsSync(file)) return;
  const read = readArticleFile(readFileSync(file, 'utf8'));
  if (!read.ok || !read.frontmatter.related.includes(page)) return;
  writeFileAtomic(file, renderArticleFile({ ...read.frontmatter, related: read.frontmatter.related.filter((id) => id !== page) }, read.body));
}
