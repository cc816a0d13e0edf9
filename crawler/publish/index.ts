import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/index.ts';
import type { SitePaths } from '../paths.ts';
import type { Database } from '../store/database.ts';
import { articlesWithStatus, markArticlePublished, markPublishing, nextPosition, readyArticles, slugTaken, tagsOf, type ArticleRow, type LeadImage } from '../store/articles.ts';
import { markPublished } from '../store/url-state.ts';
import type { TopicRow } from '../store/topics.ts';
import { writeFileAtomic } from '../store/atomic-write.ts';
import { articleIdOf, renderArticleFile } from './article-file.ts';
import type { Frontmatter } from './frontmatter.ts';
import { pickRelated, termVector, type RelatedCandidate } from './related.ts';
import { slugify, uniqueSlug } from './slug.ts';
import { wordListsFor } from '../enrich/stopwords.ts';
import { crashpoint } from '../crashpoint.ts';

// Publishing is a two-step protocol so a run killed at any instant leaves content/ and the
// database consistent:
//   1. plan: choose articles, give them slug/page/position/related, mark them 'publishing';
//      the caller saves the database (the commit point).
//   2. write: write each 'publishing' article's file atomically, then mark it 'published'.
// A kill between 1 and 2 leaves 'publishing' rows whose files may be missing; the next run's
// reconcile() writes them. Every file on disk always belongs to a publishing/published row.

export interface PublishPlan {
  byTopic: Map<string, number>;
  total: number;
}

export function planPublication(db: Database, config: Config, topics: Map<string, TopicRow>, now: string): PublishPlan {
  const plan: PublishPlan = { byTopic: new Map(), total: 0 };
  // Built only when something is to be published: it reads every published article.
  let candidates: RelatedCandidate[] | null = null;
  for (const topic of config.topics) {
    const row = topics.get(topic.slug)!;
    // Newest first: the N newest unpublished articles; then numbered oldest-first so pages fill in reading order.
    const chosen = readyArticles(db, row.id, config.publish.perTopicPerRun).reverse();
    plan.byTopic.set(topic.slug, chosen.length);
    plan.total += chosen.length;
    if (chosen.length === 0) continue;
    const pool = (candidates ??= relatedCandidates(db, topics));
    let position = nextPosition(db, row.id);
    db.transaction(() => {
      for (const article of chosen) {
        const slug = uniqueSlug(slugify(article.title), (s) => slugTaken(db, row.id, s));
        const tags = tagsOf(db, article.id);
        const terms = termsOf(article);
        const related = pickRelated({ topic: topic.slug, tags, terms }, pool, config.publish.relatedCount);
        markPublishing(db, article.id, { slug, position, page: Math.floor(position / config.publish.pageSize) + 1, publishedOnSite: now, related });
        pool.push({ id: `${topic.slug}/${slug}`, topic: topic.slug, tags, terms });
        position++;
      }
    });
  }
  return plan;
}

function relatedCandidates(db: Database, topics: Map<string, TopicRow>): RelatedCandidate[] {
  const slugById = new Map([...topics.values()].map((t) => [t.id, t.slug]));
  return articlesWithStatus(db, ['publishing', 'published']).map((a) => ({
    id: `${slugById.get(a.topic_id)}/${a.slug}`,
    topic: slugById.get(a.topic_id)!,
    tags: tagsOf(db, a.id),
    terms: termsOf(a),
  }));
}

/** The article's term vector, without the stopwords of its own language. */
function termsOf(article: ArticleRow): Map<string, number> {
  return termVector(`${article.title}\n${article.text}`, wordListsFor(article.lang).stop);
}

export function frontmatterOf(article: ArticleRow, topicSlug: string, tags: string[]): Frontmatter {
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
  };
}

export function articlePath(paths: SitePaths, topicSlug: string, slug: string): string {
  return join(paths.content, topicSlug, `${slug}.md`);
}

/** Step 2: writes the files of every 'publishing' article and marks them published (with their FTS row). */
export function writePublishing(db: Database, paths: SitePaths, topics: Map<string, TopicRow>, now: string): number {
  const slugById = new Map([...topics.values()].map((t) => [t.id, t.slug]));
  let written = 0;
  for (const article of articlesWithStatus(db, ['publishing'])) {
    const topicSlug = slugById.get(article.topic_id)!;
    const tags = tagsOf(db, article.id);
    const file = articlePath(paths, topicSlug, article.slug!);
    mkdirSync(join(paths.content, topicSlug), { recursive: true });
    writeFileAtomic(file, renderArticleFile(frontmatterOf(article, topicSlug, tags), article.markdown));
    crashpoint('publish:file-written');
    db.transaction(() => {
      markArticlePublished(db, article, tags);
      markPublished(db, article.url_id, now);
    });
    written++;
  }
  return written;
}

export interface ReconcileReport {
  finished: number;
  restored: number;
  orphansRemoved: number;
}

/**
 * Brings content/ back in line with the database after an interrupted run: finishes
 * 'publishing' rows, restores missing or damaged files of published rows, removes files that no
 * row owns (leftovers of a run killed before its database save) and stray temp files.
 */
export function reconcile(db: Database, paths: SitePaths, topics: Map<string, TopicRow>, now: string): ReconcileReport {
  const report: ReconcileReport = { finished: 0, restored: 0, orphansRemoved: 0 };
  const slugById = new Map([...topics.values()].map((t) => [t.id, t.slug]));
  const owned = new Map<string, ArticleRow>();
  for (const article of articlesWithStatus(db, ['published'])) owned.set(articlePath(paths, slugById.get(article.topic_id)!, article.slug!), article);
  const publishing = new Set(articlesWithStatus(db, ['publishing']).map((a) => articlePath(paths, slugById.get(a.topic_id)!, a.slug!)));

  for (const [file, article] of owned) {
    const topicSlug = slugById.get(article.topic_id)!;
    const expected = renderArticleFile(frontmatterOf(article, topicSlug, tagsOf(db, article.id)), article.markdown);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== expected) {
      mkdirSync(join(paths.content, topicSlug), { recursive: true });
      writeFileAtomic(file, expected);
      report.restored++;
    }
  }
  if (existsSync(paths.content)) {
    for (const topicDir of readdirSync(paths.content, { withFileTypes: true })) {
      if (!topicDir.isDirectory()) continue;
      const dir = join(paths.content, topicDir.name);
      for (const name of readdirSync(dir)) {
        const file = join(dir, name);
        const stray = name.startsWith('.') && name.endsWith('.tmp');
        const orphan = name.endsWith('.md') && !owned.has(file) && !publishing.has(file);
        if (stray || (orphan && articleIdOf(readFileSync(file, 'utf8')) !== null)) {
          rmSync(file, { force: true });
          report.orphansRemoved++;
        }
      }
    }
  }
  report.finished = writePublishing(db, paths, topics, now);
  return report;
}

/** Counts Markdown files under content/, to refuse running with content but no database. */
export function countContentFiles(paths: SitePaths): number {
  if (!existsSync(paths.content)) return 0;
  let n = 0;
  for (const entry of readdirSync(paths.content, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith('.md')) n++;
  return n;
}
