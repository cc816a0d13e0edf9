import { parse, stringify } from 'yaml';
import { articleOfRow, type ArticleRow } from '../store/articles.ts';
import { frontmatterSchema, type Frontmatter } from './frontmatter.ts';

/**
 * content/<topic>/<slug>.md: YAML frontmatter then the Markdown body. Deterministic: the
 * same article always renders to the same bytes, so re-runs leave files byte-identical.
 */
export function renderArticleFile(frontmatter: Frontmatter, body: string): string {
  const { cluster, archive, ...rest } = frontmatterSchema.parse(frontmatter);
  // No story or archive, no line: a file renders exactly as it did before they existed (re-renders of old files stay byte-identical).
  const checked = { ...rest, ...(cluster === null ? {} : { cluster }), ...(archive === null ? {} : { archive }) };
  const yaml = stringify(checked, { lineWidth: 0, defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' });
  return `---\n${yaml}---\n\n${body.trim()}\n`;
}

/** The one split of a content file: its frontmatter's YAML text and its body; null when it has no frontmatter. */
function splitArticleFile(text: string): { yaml: string; body: string } | null {
  if (!text.startsWith('---\n')) return null;
  const end = text.indexOf('\n---\n', 4);
  if (end === -1) return null;
  return { yaml: text.slice(4, end + 1), body: text.slice(end + 5) };
}

/** The reader beside renderArticleFile: the checked frontmatter and the body, or why the file is not an article. */
export function readArticleFile(text: string): { ok: true; frontmatter: Frontmatter; body: string } | { ok: false; problem: string } {
  const split = splitArticleFile(text);
  if (!split) return { ok: false, problem: 'no YAML frontmatter (a file starting with ---)' };
  const parsed = frontmatterSchema.safeParse(datesToStrings(parse(split.yaml)));
  if (!parsed.success) return { ok: false, problem: `frontmatter: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}` };
  return { ok: true, frontmatter: parsed.data, body: split.body };
}

/** A content file's Markdown body without reading its frontmatter (the whole text when it has none): for callers that render or compare the body only. */
export function readArticleBody(text: string): string {
  return splitArticleFile(text)?.body ?? text;
}

/** YAML turns unquoted ISO timestamps into Dates; the frontmatter contract keeps them as strings. */
function datesToStrings(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(datesToStrings);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, datesToStrings(v)]));
  return value;
}

/** Reads the `id` back from a rendered file's frontmatter, or null if the file is not one of ours. */
export function articleIdOf(fileText: string): number | null {
  const match = /^---\n(?:.*\n)*?id: (\d+)\n/.exec(fileText);
  return match ? Number(match[1]) : null;
}

/** The frontmatter of a stored article: its fields (article/schema.ts) under their published names. */
export function frontmatterOf(row: ArticleRow, topicSlug: string, tags: string[], archive: string | null = null): Frontmatter {
  const article = articleOfRow(row, tags);
  return {
    id: article.id,
    title: article.title,
    description: article.description ?? article.excerpt,
    url: article.sourceUrl,
    canonical: article.canonicalUrl,
    author: article.author,
    published: article.publishedAt,
    modified: article.modifiedAt,
    fetched: article.fetchedAt,
    lang: article.lang ?? 'en',
    tags: article.tags,
    image: article.image,
    siteName: article.siteName,
    favicon: article.favicon,
    topic: topicSlug,
    page: article.page!,
    position: article.position!,
    publishedOnSite: article.publishedOnSite!,
    wordCount: article.wordCount,
    readingTime: article.readingTime,
    related: article.related,
    cluster: article.clusterId,
    archive,
  };
}
