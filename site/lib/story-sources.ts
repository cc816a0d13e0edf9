import { sourceName } from './page-data.ts';
import type { Article, StoryInfo } from './site-index.ts';

// A story credits each source once: an outlet may tell a story in two pieces (grouping lets an
// article join its best story whatever sources it has), and readers count sources, not files.

export interface StorySource {
  name: string;
  /** The source's newest article in the story. */
  article: Article;
}

/** The story's sources, each once (by host, else by name), newest article first. */
export function storySources(story: StoryInfo): StorySource[] {
  const seen = new Map<string, StorySource>();
  for (const m of story.members) {
    const key = m.host ?? sourceName(m.data);
    if (!seen.has(key)) seen.set(key, { name: sourceName(m.data), article: m });
  }
  return [...seen.values()];
}

/** The sources other than `article`'s own, each once: the "Also covered by" of a lead's card. */
export function otherSources(story: StoryInfo, article: Article): StorySource[] {
  const own = article.host ?? sourceName(article.data);
  return storySources(story).filter((s) => (s.article.host ?? s.name) !== own);
}

/** "3 sources", or "4 articles from 3 sources" when a source told it more than once. */
export function storyCoverage(story: StoryInfo): string {
  const sources = storySources(story).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return story.members.length === sources ? plural(sources, 'source') : `${plural(story.members.length, 'article')} from ${plural(sources, 'source')}`;
}
