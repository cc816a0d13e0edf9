import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { SitePaths } from '../paths.ts';
import { crashpoint } from '../crashpoint.ts';
import { wordListsFor } from '../text/index.ts';
import { frontmatterOf, renderArticleFile } from '../publish/article-file.ts';
import { articleTerms } from '../publish/related.ts';
import { FolderAllocator } from '../publish/folders.ts';
import { wellFormedPercentEncoding } from '../url/index.ts';
import { writeFileAtomic } from '../atomic-write.ts';
import type { Database } from '../store/database.ts';
import type { SqlJs } from '../store/engine.ts';
import { articleById, tagsOf, type LeadImage } from '../store/articles.ts';
import { clearUnfinishedUpgrade, legacyArticles, openLegacyDatabase, setLegacyMarkdown, setLegacyTermsAndFile, writeUpgradeSegments, type LegacyArticle } from '../store/legacy.ts';

// The move from the single-file layout (data/site.sqlite, content/<topic>/<slug>.md, media/<name>)
// to the segmented store, done in place by the first run of this version, with nothing lost:
//
//   1. read data/site.sqlite (any older schema is first brought to version 1);
//   2. work out each article's term vector (from the text the old file kept) and its period file;
//   3. move every published article to content/<topic>/<yyyy>/<mm>/<slug>.md, writing it from the
//      database where the file was missing, and every image to media/<yyyy>/<mm>/ (URLs do not
//      change: pages keep /<topic>/<slug>/ and images /media/<name>);
//   4. write the whole state as "upgrade" segments of at most a few MB each;
//   5. delete data/site.sqlite.
//
// Every step can be killed and run again: the old file stays until the end, file moves look for
// the file at either place, and upgrade segments found beside the old file are from an attempt
// that did not finish, so they are removed and written again.

/** A base segment holds at most about this many bytes of row data (GitHub refuses files over 100 MB; we keep every file far under 25 MB). */
const SEGMENT_BYTES = 8 * 1024 * 1024;

export interface UpgradeReport {
  articles: number;
  moved: number;
  restored: number;
  images: number;
  segments: number;
}

export async function upgradeLegacySite(paths: SitePaths, SQL: SqlJs, nowMs: number): Promise<UpgradeReport> {
  clearUnfinishedUpgrade(paths);
  const db = openLegacyDatabase(SQL, paths.legacyDatabase);
  try {
    return upgrade(db, paths, SQL, nowMs);
  } finally {
    db.close();
  }
}

function upgrade(db: Database, paths: SitePaths, SQL: SqlJs, nowMs: number): UpgradeReport {
  const articles = legacyArticles(db);
  const report: UpgradeReport = { articles: articles.length, moved: 0, restored: 0, images: 0, segments: 0 };
  const terms = new Map(articles.map((a) => [a.id, JSON.stringify([...articleTerms(a.title, a.text, wordListsFor(a.lang).stop)])]));

  const content = new FolderAllocator();
  const placed: Array<{ article: LegacyArticle; file: string }> = [];
  for (const a of articles) {
    // An article whose Markdown an older clean stage left with a URL the renderer cannot decode
    // (a lone %) is repaired here, the way today's clean stage writes it.
    const markdown = repairMarkdownUrls(a.markdown);
    if (markdown !== a.markdown) setLegacyMarkdown(db, a.id, markdown);
    a.markdown = markdown;
    const file = a.slug && a.published_on_site ? join(content.place(join(paths.content, a.topic), a.published_on_site), `${a.slug}.md`) : null;
    setLegacyTermsAndFile(db, a.id, terms.get(a.id)!, file ? relative(paths.root, file).split(sep).join('/') : null);
    if (file && a.status !== 'ready') placed.push({ article: a, file });
  }

  // Published files: moved (or written from the database when missing or repaired), then the body leaves the database.
  for (const { article, file } of placed) {
    const old = join(paths.content, article.topic, `${article.slug}.md`);
    mkdirSync(dirname(file), { recursive: true });
    if (existsSync(old)) {
      renameSync(old, file);
      report.moved++;
    }
    const row = articleById(db, article.id)!;
    const expected = renderArticleFile(frontmatterOf(row, article.topic, tagsOf(db, article.id)), row.markdown!);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== expected) {
      writeFileAtomic(file, expected);
      report.restored++;
    }
    crashpoint('upgrade:file-moved');
    if (article.status === 'published') setLegacyMarkdown(db, article.id, null);
  }

  report.images = moveMedia(db, paths, articles);

  // The state, as segments of a few MB, written last: until they are all there, the old file is the truth.
  const written = writeUpgradeSegments(db, paths, SQL, nowMs, SEGMENT_BYTES);
  report.segments = written;
  crashpoint('upgrade:segments-written');
  unlinkSync(paths.legacyDatabase);
  return report;
}

/** Link and image destinations of Markdown written by the clean stage ("](url" or "](url \"title\")"), with escapes that decode. */
export function repairMarkdownUrls(markdown: string): string {
  if (!markdown.includes('%')) return markdown;
  return markdown.replace(/(\]\()([^\s)]+)/g, (_m, open: string, url: string) => open + wellFormedPercentEncoding(url));
}

/** Images go to media/<yyyy>/<mm>/ by the date their article was fetched; files no article names, by their own date. */
function moveMedia(db: Database, paths: SitePaths, articles: LegacyArticle[]): number {
  if (!existsSync(paths.media)) return 0;
  const media = new FolderAllocator();
  const when = new Map<string, string>();
  for (const a of articles) {
    if (!a.image) continue;
    const image = JSON.parse(a.image) as LeadImage;
    for (const v of image.variants) {
      const name = v.src.replace(/^\/media\//, '');
      if (!name.includes('/') && !when.has(name)) when.set(name, a.fetched_at);
    }
  }
  let moved = 0;
  for (const entry of readdirSync(paths.media, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const from = join(paths.media, entry.name);
    const iso = when.get(entry.name) ?? statSync(from).mtime.toISOString();
    const dir = media.place(paths.media, iso);
    mkdirSync(dir, { recursive: true });
    renameSync(from, join(dir, entry.name));
    moved++;
  }
  return moved;
}
