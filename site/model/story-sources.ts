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
  return memoByStory(sourcesMemo, story, () => {
    const seen = new Map<string, StorySource>();
    for (const m of story.members) {
      const key = m.host ?? m.source;
      if (!seen.has(key)) seen.set(key, { name: m.source, article: m });
    }
    return [...seen.values()];
  });
}
const sourcesMemo = new WeakMap<StoryInfo, { members: number; value: StorySource[] }>();

/**
 * What `make` computes from a story's members, once per story: every card and page of a story
 * asks again (an article page, each card of a list), and a story of many tellings made that
 * quadratic. Members are only ever added, so their count says whether the value still holds.
 */
export function memoByStory<T>(memo: WeakMap<StoryInfo, { members: number; value: T }>, story: StoryInfo, make: () => T): T {
  const known = memo.get(story);
  if (known && known.members === story.members.length) return known.value;
  const value = make();
  memo.set(story, { members: story.members.length, value });
  return value;
}

/** "3 sources", or "4 articles from 3 sources" when a source told it more than once. */
export function storyCoverage(story: StoryInfo): string {
  const sources = storySources(story).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return story.members.length === sources ? plural(sources, 'source') : `${plural(story.members.length, 'article')} from ${plural(sources, 'source')}`;
}
