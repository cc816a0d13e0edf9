import { parse, stringify } from 'yaml';
import type { ArticleRow, LeadImage } from '../store/articles.ts';
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

/** Splits a content file into its frontmatter (parsed YAML, not yet checked) and body; null when it has no frontmatter. */
function splitArticleFile(text: string): { frontmatter: unknown; body: string } | null {
  if (!text.startsWith('---\n')) return null;
  const end = text.indexOf('\n---\n', 4);
  if (end === -1) return null;
  return { frontmatter: datesToStrings(parse(text.slice(4, end + 1))), body: text.slice(end + 5) };
}

/** The reader beside renderArticleFile: the checked frontmatter and the body, or why the file is not an article. */
export function readArticleFile(text: string): { ok: true; frontmatter: Frontmatter; body: string } | { ok: false; problem: string } {
  const split = splitArticleFile(text);
  if (!split) return { ok: false, problem: 'no YAML frontmatter (a file starting with ---)' };
  const parsed = frontmatterSchema.safeParse(split.frontmatter);
  if (!parsed.success) return { ok: false, problem: `frontmatter: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}` };
  return { ok: true, frontmatter: parsed.data, body: split.body };
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

export function frontmatterOf(article: ArticleRow, topicSlug: string, tags: string[], archive: string | null = null): Frontmatter {
  return {
    id: article.id,
    title: article.title,
    description: article.description ?? article.excerpt,
    url: article.source_url,
    canonical: article.canonical_url,
    author: article.author,
    published: article.published_at,
    modified: article.modified_at,
    fetched: article.fetched_at,
    lang: article.lang ?? 'en',
    tags,
    image: article.image ? (JSON.parse(article.image) as LeadImage) : null,
    siteName: article.site_name,
    favicon: article.favicon,
    topic: topicSlug,
    page: article.page!,
    position: article.position!,
    publishedOnSite: article.published_on_site!,
    wordCount: article.word_count,
    readingTime: article.reading_time,
    related: article.related ? (JSON.parse(article.related) as string[]) : [],
    cluster: article.cluster_id ?? null,
    archive,
  };
}
