import type { SiteIndex, StoryInfo } from '../site-index.ts';
import { storyArchiveOf } from '../story-list.ts';

// A story's page (/stories/<id>/) and the story archive's pages (/stories/page/<n>/).

export interface StoryPageProps {
  story: StoryInfo;
}

export interface StoriesPageProps {
  n: number;
  /** The page's stories, newest formed first. */
  stories: StoryInfo[];
  /** /stories/ lists the page whole: it is the index's. */
  onIndex: boolean;
  nextFull: boolean;
}

const byId = new WeakMap<SiteIndex, Map<string, StoryInfo>>();

export function storyPageProps(index: SiteIndex, id: string): StoryPageProps {
  let stories = byId.get(index);
  if (!stories) byId.set(index, (stories = new Map(index.stories.map((s) => [String(s.id), s]))));
  return { story: stories.get(id)! };
}

export function storiesPageProps(index: SiteIndex, id: string): StoriesPageProps {
  const archive = storyArchiveOf(index);
  const n = Number(id);
  return { n, stories: archive.pages[n - 1]!, onIndex: archive.onIndex(n), nextFull: archive.isFull(n + 1) };
}
