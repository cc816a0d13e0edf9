import type { NormalizedUrl } from '../url/index.ts';
import { rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { crashpoint } from '../crashpoint.ts';
import { checkOutFolders } from '../sparse-checkout.ts';
import { tagSlug } from '../enrich/index.ts';
import type { SitePaths } from '../paths.ts';
import { articleAfter, articlesRelatedTo, deleteArticle, tagsOf } from '../store/articles.ts';
import type { Database } from '../store/database.ts';
import { insertRemoval, markRelatedChecked, markRemovalDone, pendingRemovals, removalsUncheckedForRelated, type RemovalRow } from '../store/removals.ts';
import { topicSlugsById, type TopicRow } from '../store/topics.ts';
import { markRemoved } from '../store/url-state.ts';
import { urlById } from '../store/urls.ts';
import { unusedMediaFiles } from './media.ts';
import { dropFromRelatedLists } from './related.ts';
import type { RemovalTarget } from './target.ts';

export { findTarget, type RemovalTarget } from './target.ts';
/** A takedown names a topic of the config: the command makes the state's topics match it first. */
export { syncTopics } from '../store/topics.ts';

// A takedown in two steps, like publishing (publish/index.ts), so a kill at any instant leaves a
// consistent site:
//   1. in one transaction: the removal is recorded ('removing', with the page's topic, slug,
//      position, file and image), the article leaves the state, every URL of the page and every
//      URL equivalent to one becomes 'removed'; the state is saved (the commit point);
//   2. its Markdown file is deleted, and its lead image's files unless another article uses
//      them; its page leaves every other article's related list (their rows and files); the
//      removal becomes 'removed' and the state is saved again.
// A kill between them leaves 'removing' rows; the next remove or crawl runs step 2 for them
// (finishRemovals), which is safe to repeat.

export interface RemovalPlan {
  target: RemovalTarget;
  /** Files deleted, relative to the site's root. */
  files: string[];
  /** The site paths that answer "removed" from the next build (the article and its AMP page). */
  gone: string[];
  /** Pages the next build renders again without the article (beyond those rendered every build). */
  pages: string[];
  /** URLs that are never fetched again (known rows now, and any equivalent one met later). */
  blocked: NormalizedUrl[];
}

/** What a removal would change; reads only. */
export function planRemoval(db: Database, paths: SitePaths, topics: Map<string, TopicRow>, target: RemovalTarget): RemovalPlan {
  const rel = (file: string) => relative(paths.root, file).split(sep).join('/');
  const a = target.article;
  const blocked = [...new Set([...target.addresses, ...target.urlIds.map((id) => urlById(db, id)?.url).filter((u): u is NormalizedUrl => Boolean(u))])];
  if (!a || a.slug === null || target.topic === null) return { target, files: [], gone: [], pages: [], blocked };
  const id = `${target.topic}/${a.slug}`;
  const files = [...(a.file && a.status !== 'ready' ? [a.file] : []), ...unusedMediaFiles(db, paths, a.image, a.id).map(rel)];
  const slugOf = new Map([...topics.values()].map((t) => [t.id, t.slug]));
  const pages = new Set<string>();
  if (a.page !== null) pages.add(`/${target.topic}/page/${a.page}/`);
  const next = a.position !== null ? articleAfter(db, a.topic_id, a.position) : undefined;
  if (next) pages.add(`/${target.topic}/${next.slug}/`);
  for (const r of articlesRelatedTo(db, id)) pages.add(`/${slugOf.get(r.topic_id)}/${r.slug}/`);
  for (const tag of tagsOf(db, a.id)) pages.add(`/tags/${tagSlug(tag)}/`);
  if (a.cluster_id !== null) pages.add(`/stories/${a.cluster_id}/`);
  return { target, files, gone: [`/${id}/`, `/amp/${id}/`], pages: [...pages], blocked };
}

/** Removes the target (both steps, saving after each); returns the removal's id. */
export function applyRemoval(db: Database, paths: SitePaths, plan: RemovalPlan, reason: string, now: string): number {
  const { target } = plan;
  const a = target.article;
  const removalId = db.transaction(() => {
    const id = insertRemoval(db, {
      url: target.url,
      reason,
      removedAt: now,
      topicId: a?.topic_id ?? null,
      slug: a?.slug ?? null,
      position: a?.position ?? null,
      file: a && a.status !== 'ready' ? a.file : null,
      image: a?.image ?? null,
      addresses: target.addresses,
    });
    markRemoved(db, target.urlIds, `taken down on ${now.slice(0, 10)} (removal #${id})`, now);
    if (a) deleteArticle(db, a.id);
    return id;
  });
  db.save();
  crashpoint('remove:planned');
  finishRemovals(db, paths);
  db.save();
  return removalId;
}

/** Step 2 for every removal that has not had it: deletes its files and drops its page from related lists. Returns how many it finished. */
export function finishRemovals(db: Database, paths: SitePaths): number {
  const pending = pendingRemovals(db);
  const topics = topicSlugsById(db);
  for (const removal of pending) {
    // A file a sparse checkout left off disk is checked out first, so that deleting it is a change git sees.
    if (removal.file) checkOutFolders(paths.root, [removal.file]);
    if (removal.file) rmSync(join(paths.root, removal.file), { force: true });
    crashpoint('remove:file-deleted');
    for (const file of unusedMediaFiles(db, paths, removal.image)) rmSync(file, { force: true });
    dropRemovedPage(db, paths, topics, removal);
    crashpoint('remove:related-dropped');
    markRemovalDone(db, removal.id);
  }
  // A site whose takedowns were finished before step 2 dropped related lists: done once for each.
  for (const removal of removalsUncheckedForRelated(db)) {
    dropRemovedPage(db, paths, topics, removal);
    markRelatedChecked(db, removal.id);
  }
  return pending.length;
}

function dropRemovedPage(db: Database, paths: SitePaths, topics: Map<number, string>, removal: RemovalRow): void {
  const topic = removal.topic_id === null ? undefined : topics.get(removal.topic_id);
  if (topic && removal.slug) dropFromRelatedLists(db, paths, `${topic}/${removal.slug}`);
}
