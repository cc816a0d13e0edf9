import { newsClock, newsItems, rankNews, type NewsItem } from './ranking.ts';
import type { Article, SiteIndex, TopicInfo } from './site-index.ts';

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

/** Stories in the home page's top band: the first few with their other tellings, the rest as a headline list beside them. */
export const TOP_STORIES = 12;
export const TOP_WITH_TELLINGS = 3;
/** The newest articles ranking looks at: a front never reads every article. */
const RANKED_POOL = 300;

/** The best-ranked news among the newest articles (ranking.ts), or of one topic. */
export function topNews(index: SiteIndex, count: number, topic?: TopicInfo): NewsItem[] {
  const pool = (topic ? topic.articles : index.articles).slice(0, RANKED_POOL);
  return rankNews(newsItems(index, pool, newsClock(index), index.config.publish.ranking)).slice(0, count);
}

/**
 * A story is one card on the whole page (its lead's, in the lead's topic, where its newest
 * article would be), so a story several sources told, even under different topics, shows once;
 * what the top band shows (`shown`: leads) is not repeated below it.
 */
export function frontColumns(index: SiteIndex, shown: ReadonlySet<Article> = new Set()): FrontColumn[] {
  const topics = index.topics.filter((t) => t.configured && t.articles.length > 0);
  const perTopic = Math.min(MAX_PER_TOPIC, Math.max(MIN_PER_TOPIC, Math.ceil(FRONT_STORIES / Math.max(1, topics.length))));
  const columns = new Map<string, Article[]>(topics.map((t) => [t.slug, []]));
  let open = columns.size;
  for (const article of index.oneCardPerStory(index.articles)) {
    if (shown.has(article)) continue;
    const column = columns.get(article.topic);
    if (!column || column.length >= perTopic) continue;
    column.push(article);
    if (column.length === perTopic && --open === 0) break;
  }
  return topics.map((t) => ({ slug: t.slug, name: t.name, articles: columns.get(t.slug)! }));
}
