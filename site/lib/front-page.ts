import type { Article, SiteIndex } from './site-index.ts';

// What the home page shows: a column per configured topic with its newest stories, so a
// reader scans the day in one screen. Pure: the site index in, the columns out.

export interface FrontColumn {
  slug: string;
  name: string;
  articles: Article[];
}

/** Stories the home page aims to show in all, spread over the topics. */
export const FRONT_STORIES = 24;
const MIN_PER_TOPIC = 5;
const MAX_PER_TOPIC = 12;

export function frontColumns(index: SiteIndex): FrontColumn[] {
  const topics = index.topics.filter((t) => t.configured && t.articles.length > 0);
  const perTopic = Math.min(MAX_PER_TOPIC, Math.max(MIN_PER_TOPIC, Math.ceil(FRONT_STORIES / Math.max(1, topics.length))));
  return topics.map((t) => ({ slug: t.slug, name: t.name, articles: t.articles.slice(0, perTopic) }));
}
