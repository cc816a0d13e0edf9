import { readTrackedFile } from '../../crawler/sparse-checkout.ts';
import { cachedHtml, forgetCachedHtml } from './html-cache.ts';
import { renderMarkdown } from './markdown.ts';
import { readArticleBody } from '../../crawler/publish/article-file.ts';
import type { Article } from '../model/site-index.ts';

// An article's body as HTML when a page needs it: the HTML the build kept when it read the file
// (html-cache.ts), else rendered from its Markdown file. The pages of a build read only what they
// show, and the build holds only the bodies it is using (an article page, its AMP page and the
// feeds that carry it share one).

const RECENT = 64;
const recent = new Map<string, Promise<string>>();

/** Forgets the bodies this process holds for a site, and its reader of the HTML cache: a build that rewrote the memory calls this when done, so a later build in the same process reads what it holds then. */
export function forgetBodies(root: string): void {
  recent.clear();
  forgetCachedHtml(root);
}

export function articleHtml(root: string, article: Pick<Article, 'file' | 'bodySha'>): Promise<string> {
  const key = `${article.file}\n${article.bodySha}`;
  let html = recent.get(key);
  if (html) {
    recent.delete(key);
  } else {
    const cached = cachedHtml(root, article.bodySha);
    html = cached !== null ? Promise.resolve(cached) : fileText(root, article.file).then((text) => renderMarkdown(bodyOf(text)));
    if (recent.size >= RECENT) recent.delete(recent.keys().next().value!);
  }
  recent.set(key, html);
  return html;
}

/** A content file's text, from disk or, outside a sparse checkout's folders, from git. */
async function fileText(root: string, file: string): Promise<string> {
  const bytes = readTrackedFile(root, file);
  if (bytes === null) throw Object.assign(new Error(`ENOENT: no such file, open '${file}'`), { code: 'ENOENT' });
  return bytes.toString('utf8');
}

/** The Markdown after a content file's frontmatter (read by the one reader, crawler/publish/article-file.ts). */
export const bodyOf: (fileText: string) => string = readArticleBody;
