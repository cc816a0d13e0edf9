// Reads scripts/dev/demo/articles/<topic>/NN-<slug>.md once at start: frontmatter, Markdown body, place on its site.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { renderMarkdown } from './markdown.ts';
import { countWords, htmlToText } from './html.ts';
import { SITES, siteCarriesTopic, siteUrl } from './sites.ts';
import { SITE_IDS, TOPICS, type DemoArticle, type TopicId } from './types.ts';

export const DEFAULT_ARTICLES_DIR = new URL('./articles/', import.meta.url).pathname;

/** Fewer words than this and the article would fail a crawler's minWords 300 after extraction noise. */
export const MIN_ARTICLE_WORDS = 320;

const frontmatterSchema = z.object({
  title: z.string().min(1),
  site: z.enum(SITE_IDS),
  author: z.string().min(1),
  date: z.union([z.string(), z.date()]).transform((value, ctx) => {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: `is not a date: ${String(value)}` });
      return z.NEVER;
    }
    return date;
  }),
  summary: z.string().min(1),
  tags: z.array(z.coerce.string()).default([]),
});

export interface LoadedArticles {
  articles: DemoArticle[];
  /** Files skipped or suspicious, one sentence each (the server still starts). */
  problems: string[];
}

/** Loads every article under `dir`; sorted by date, then file name. Missing folder → no articles. */
export function loadArticles(dir: string = DEFAULT_ARTICLES_DIR): LoadedArticles {
  const articles: DemoArticle[] = [];
  const problems: string[] = [];
  if (!existsSync(dir)) return { articles, problems: [`articles folder not found: ${dir}`] };
  const seenPaths = new Map<string, string>();
  for (const topic of TOPICS) {
    const topicDir = join(dir, topic);
    if (!existsSync(topicDir)) continue;
    for (const name of readdirSync(topicDir).filter((n) => n.endsWith('.md')).sort()) {
      const file = `${topic}/${name}`;
      const result = parseArticle(readFileSync(join(topicDir, name), 'utf8'), file, topic);
      if (typeof result === 'string') {
        problems.push(`${file}: ${result}`);
        continue;
      }
      const other = seenPaths.get(result.url);
      if (other) {
        problems.push(`${file}: has the same URL as ${other} (${result.url}); skipped`);
        continue;
      }
      seenPaths.set(result.url, file);
      if (result.words < MIN_ARTICLE_WORDS) problems.push(`${file}: only ${result.words} words; a crawler with minWords 300 may reject it`);
      articles.push(result);
    }
  }
  articles.sort((a, b) => a.date.getTime() - b.date.getTime() || a.file.localeCompare(b.file));
  return { articles, problems };
}

/** Parses one article file; returns a sentence explaining the problem if it cannot be used. */
export function parseArticle(source: string, file: string, topic: TopicId): DemoArticle | string {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) return 'has no frontmatter block (--- … ---); skipped';
  let data: unknown;
  try {
    data = parseYaml(match[1]);
  } catch (error) {
    return `frontmatter is not valid YAML (${(error as Error).message.split('\n')[0]}); skipped`;
  }
  const parsed = frontmatterSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'frontmatter'} ${i.message}`).join('; ');
    return `frontmatter is invalid: ${issues}; skipped`;
  }
  const fm = parsed.data;
  if (!siteCarriesTopic(fm.site, topic)) return `site "${fm.site}" does not publish topic "${topic}"; skipped`;
  const slug = name(file).replace(/^\d+-/, '');
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return `file name must be NN-<lowercase-slug>.md; skipped`;
  const body = match[2].trim();
  if (!body) return 'has an empty body; skipped';
  const bodyHtml = renderMarkdown(body);
  const text = htmlToText(bodyHtml);
  const site = SITES[fm.site];
  const place = { slug, date: fm.date, topic };
  const path = site.articlePath(place);
  const imagePath = site.imagePath(place);
  return {
    file,
    topic,
    site: fm.site,
    slug,
    title: fm.title,
    author: fm.author,
    date: fm.date,
    summary: fm.summary,
    tags: fm.tags,
    bodyHtml,
    text,
    words: countWords(text),
    host: site.host,
    path,
    url: siteUrl(fm.site, path),
    image: {
      path: imagePath,
      url: siteUrl(fm.site, imagePath),
      format: site.imageFormat,
      alt: fm.title,
      width: 1200,
      height: 630,
      caption: fm.title,
      seed: `${fm.site}/${slug}`,
    },
  };
}

function name(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1, -'.md'.length);
}
