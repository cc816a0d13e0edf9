import { articleMs } from './article-time.ts';
import type { Article, SiteIndex, StoryInfo } from './site-index.ts';
import { storySources } from './story-sources.ts';

// What matters: a story told by many outlets, recently. Fronts rank their stories by
//   score = outlets^breadth / (hours + 2)^gravity
// (Hacker News' gravity, with the number of distinct outlets in place of votes), where hours run
// from the story's newest telling to the site's newest article: the site's own clock, so the same
// content always ranks the same way and an hour with nothing new changes no page. Pure.

export interface RankingSettings {
  gravity: number;
  breadth: number;
}

/** One item of news: a story of two or more tellings, or an article no other outlet told. */
export interface NewsItem {
  /** The card that stands for it: the story's lead, or the article. */
  lead: Article;
  story: StoryInfo | null;
  /** Its tellings, newest first. */
  members: Article[];
  /** Distinct outlets (source hosts) that told it. */
  outlets: number;
  /** Its newest telling's own time, in ms. */
  newest: number;
  score: number;
}

export function storyScore(outlets: number, hours: number, settings: RankingSettings): number {
  return Math.max(1, outlets) ** settings.breadth / (Math.max(0, hours) + 2) ** settings.gravity;
}

const ownTimeOf = (article: Article): number => articleMs(article.data);

const clocks = new WeakMap<SiteIndex, number>();

/** The site's clock: the newest article's own time (0 for an empty site); once per site index, as every front asks it. */
export function newsClock(index: SiteIndex): number {
  let newest = clocks.get(index);
  if (newest === undefined) {
    newest = 0;
    for (const article of index.articles) newest = Math.max(newest, ownTimeOf(article));
    clocks.set(index, newest);
  }
  return newest;
}

/**
 * One item of news scored at `now`: `members` are the tellings that count (the story's, or only
 * those a daily edition had), `story` the story they make when two or more.
 */
export function newsItem(lead: Article, story: StoryInfo | null, members: readonly Article[], now: number, settings: RankingSettings, ownTime: (article: Article) => number = ownTimeOf): NewsItem {
  const newest = Math.max(...members.map(ownTime));
  const outlets = story ? storySources(story).length : 1;
  return { lead, story, members: [...members], outlets, newest, score: storyScore(outlets, (now - newest) / 3_600_000, settings) };
}

/** The news items of `articles` (each story once, wherever its first member is), scored at `now`. */
export function newsItems(index: SiteIndex, articles: readonly Article[], now: number, settings: RankingSettings): NewsItem[] {
  const items: NewsItem[] = [];
  const seen = new Set<StoryInfo>();
  for (const article of articles) {
    const story = index.storyOf(article);
    if (story && seen.has(story)) continue;
    if (story) seen.add(story);
    items.push(story ? newsItem(story.lead, story, story.members, now, settings) : newsItem(article, null, [article], now, settings));
  }
  return items;
}

/** Highest score first; ties go to the newer, then to the earlier in the given order. */
export function rankNews(items: readonly NewsItem[]): NewsItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => b.item.score - a.item.score || b.item.newest - a.item.newest || a.i - b.i)
    .map(({ item }) => item);
}
