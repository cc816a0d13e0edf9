import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { Config } from '../config/index.ts';
import type { SitePaths } from '../paths.ts';
import type { Database } from '../store/database.ts';
import { markArticlePublished, markPublishing, newestPublished, nextPosition, publishedWithTags, publishingArticles, readyArticles, readyArticlesAmong, slugTaken, tagsOf, type ArticleRow, type TermsRow } from '../store/articles.ts';
import { markPublished } from '../store/url-state.ts';
import { topicSlugsById, type TopicRow } from '../store/topics.ts';
import { writeFileAtomic } from '../atomic-write.ts';
import { frontmatterOf, renderArticleFile } from './article-file.ts';
import { archiveIdOfArticle } from '../store/archives.ts';
import { FolderAllocator } from './folders.ts';
import { pickRelated, type RelatedCandidate } from './related.ts';
import { StoryClusters } from './stories.ts';
import { articleSlug, uniqueSlug } from './slug.ts';
import { crashpoint } from '../crashpoint.ts';

// Publishing is a two-step protocol so a run killed at any instant leaves content/ and the
// state consistent:
//   1. plan: choose articles, give them slug/page/position/related and their file, mark them
//      'publishing'; the caller saves the state (the commit point).
//   2. write: write each 'publishing' article's file atomically, then mark it 'published' (its
//      body then leaves the state: the file is where it lives).
// A kill between 1 and 2 leaves 'publishing' rows whose files may be missing; the next run's
// reconcile() writes them. Every file on disk always belongs to a publishing/published row.

export interface PublishPlan {
  byTopic: Map<string, number>;
  total: number;
}

/** `only`: publish just these articles (npm run add), whatever publish.perTopicPerRun says; otherwise each topic's newest. */
export function planPublication(db: Database, config: Config, paths: SitePaths, topics: Map<string, TopicRow>, now: string, only?: number[]): PublishPlan {
  const plan: PublishPlan = { byTopic: new Map(), total: 0 };
  const related = new RelatedPool(db);
  const stories = new StoryClusters(db, now);
  const folders = new FolderAllocator();
  for (const topic of config.topics) {
    const row = topics.get(topic.slug)!;
    // Newest first: the N newest unpublished articles; then numbered oldest-first so pages fill in reading order.
    const chosen = (only ? readyArticlesAmong(db, row.id, only) : readyArticles(db, row.id, config.publish.perTopicPerRun)).reverse();
    plan.byTopic.set(topic.slug, chosen.length);
    plan.total += chosen.length;
    if (chosen.length === 0) continue;
    let position = nextPosition(db, row.id);
    db.transaction(() => {
      for (const article of chosen) {
        const slug = uniqueSlug(articleSlug(article.title), (s) => slugTaken(db, row.id, s));
        const tags = tagsOf(db, article.id);
        const terms = termsOf(article);
        const chosenRelated = pickRelated({ topic: topic.slug, tags, terms }, related.for(tags), config.publish.relatedCount);
        const file = join(folders.place(join(paths.content, topic.slug), now), `${slug}.md`);
        // Before it is marked publishing: the story pool (read at the run's first article) holds only articles published before this run.
        stories.place(article, terms);
        markPublishing(db, article.id, {
          slug,
          position,
          page: Math.floor(position / config.publish.pageSize) + 1,
          publishedOnSite: now,
          related: chosenRelated,
          file: relative(paths.root, file).split(sep).join('/'),
        });
        related.add({ id: `${topic.slug}/${slug}`, topic: topic.slug, tags, terms });
        position++;
      }
    });
  }
  return plan;
}

/** Related articles come from this many of the newest published articles, plus those sharing a tag (each tag's newest TAG_POOL). */
const NEWEST_POOL = 2000;
const TAG_POOL = 500;

/**
 * The articles a newly published one may relate to. On a site of up to NEWEST_POOL articles,
 * every published article (loaded once per run); on a larger one, the newest NEWEST_POOL and
 * those sharing a tag with it, so choosing never reads every article. Articles published
 * earlier in the same run are candidates too.
 */
class RelatedPool {
  private newest: RelatedCandidate[] | null = null;
  private complete = false;
  private readonly added: RelatedCandidate[] = [];
  private readonly slugById: Map<number, string>;
  /** Candidates made so far this run, by article id, and the newest TAG_POOL of each tag: each is read once a run. */
  private readonly made = new Map<number, RelatedCandidate>();
  private readonly byTag = new Map<string, RelatedCandidate[]>();

  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
    this.slugById = topicSlugsById(db);
  }

  for(tags: string[]): RelatedCandidate[] {
    if (!this.newest) {
      const rows = newestPublished(this.db, NEWEST_POOL + 1);
      this.complete = rows.length <= NEWEST_POOL;
      this.newest = rows.slice(0, NEWEST_POOL).map((r) => this.candidate(r));
    }
    if (this.complete) return [...this.newest, ...this.added];
    // Articles published earlier in this run are candidates once, as `added` (a tag read after they were placed lists them too).
    const seen = new Set([...this.newest, ...this.added].map((c) => c.id));
    const sharing: RelatedCandidate[] = [];
    for (const tag of tags) {
      let list = this.byTag.get(tag);
      if (!list) this.byTag.set(tag, (list = publishedWithTags(this.db, [tag], TAG_POOL).map((r) => this.candidate(r))));
      for (const c of list) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        sharing.push(c);
      }
    }
    return [...this.newest, ...sharing, ...this.added];
  }

  add(candidate: RelatedCandidate): void {
    this.added.push(candidate);
  }

  private candidate(row: TermsRow): RelatedCandidate {
    let made = this.made.get(row.id);
    if (!made) {
      const topic = this.slugById.get(row.topic_id)!;
      made = { id: `${topic}/${row.slug}`, topic, tags: tagsOf(this.db, row.id), terms: new Map(row.terms ? (JSON.parse(row.terms) as Array<[string, number]>) : []) };
      this.made.set(row.id, made);
    }
    return made;
  }
}

function termsOf(article: ArticleRow): Map<string, number> {
  return new Map(article.terms ? (JSON.parse(article.terms) as Array<[string, number]>) : []);
}

/** Step 2: writes the file of every 'publishing' article, then marks it published (its body then lives in the file only). */
export function writePublishing(db: Database, paths: SitePaths, now: string): number {
  const slugById = topicSlugsById(db);
  let written = 0;
  for (const article of publishingArticles(db)) {
    const topicSlug = slugById.get(article.topic_id)!;
    const file = join(paths.root, article.file!);
    const text = renderArticleFile(frontmatterOf(article, topicSlug, tagsOf(db, article.id), archiveIdOfArticle(db, article.id)), article.markdown!);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileAtomic(file, text);
    }
    crashpoint('publish:file-written');
    db.transaction(() => {
      markArticlePublished(db, article.id);
      markPublished(db, article.url_id, now);
    });
    written++;
  }
  return written;
}

export interface ReconcileReport {
  finished: number;
  strayRemoved: number;
}

/**
 * Finishes what a killed run left half done: the files of 'publishing' rows (the plan was saved,
 * some files were not written yet), and the temp files of writes that were cut off in their
 * folders. Only the rows and folders of an unfinished publish are looked at: a published file
 * is never read again by a run.
 */
export function reconcile(db: Database, paths: SitePaths, now: string): ReconcileReport {
  const folders = new Set(publishingArticles(db).map((a) => dirname(join(paths.root, a.file!))));
  let strayRemoved = 0;
  for (const dir of folders) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.') && name.endsWith('.tmp')) {
        rmSync(join(dir, name), { force: true });
        strayRemoved++;
      }
    }
  }
  return { finished: writePublishing(db, paths, now), strayRemoved };
}

/** Whether content/ holds any Markdown file (to refuse running with content but no state). */
export function hasContentFiles(paths: SitePaths): boolean {
  if (!existsSync(paths.content)) return false;
  for (const entry of readdirSync(paths.content, { withFileTypes: true, recursive: true })) if (entry.isFile() && entry.name.endsWith('.md')) return true;
  return false;
}
