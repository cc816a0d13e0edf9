import { articleMs } from './article-time.ts';
import { time } from './dates.ts';
import { dayEnd, groupByDay } from './days.ts';
import { newsItem, rankNews, type NewsItem, type RankingSettings } from './ranking.ts';
import type { Article, SiteIndex, StoryInfo, TopicInfo } from './site-index.ts';

// The daily edition (/daily/<yyyy-mm-dd>/, /daily.xml): a day's top stories per topic, the day in
// the site's time zone. Pure: the site index in, the editions out.
//
// - A story counts on the day of its FIRST telling (its lead, the article whose id the story
//   carries), never of its newest: the lead never changes, so a story never moves from one day to
//   another and a closed day never loses a story because a later outlet told it. An edition says
//   what was new that day; later tellings of an older story belong to no later edition.
// - A day's items are ranked with ranking.ts as of the day's end (`now` = the end), over the
//   tellings the day had: those whose own time is before the end. So a closed day's ranking never
//   changes.
// - A day CLOSES when the site's clock (its articles' own times, as ranking.ts: no wall clock, so
//   the same content always builds the same pages) passes CLOSE_AFTER_MS into the next day: at
//   the first publish run (publishedOnSite: one time per run) that brings an article that late.
//   Articles of the day published by that run count; one a later run publishes is late and joins
//   no edition. So a closed day's page and feed item never change again, and the slack lets
//   sources that publish the day's last stories a little late still make it.

/** How far into the next day the site's clock must be for a day to close. */
export const CLOSE_AFTER_MS = 2 * 3_600_000;
/** Stories per topic in an edition. */
export const DAILY_PER_TOPIC = 5;

export interface DailySection {
  slug: string;
  name: string;
  /** Ranked, at most DAILY_PER_TOPIC; `story` holds only the day's tellings (null when the day has one). */
  items: NewsItem[];
}

export interface DailyEdition {
  /** yyyy-mm-dd in the site's time zone. */
  day: string;
  path: string;
  /** When the day ends (ms): the ranking's `now`. */
  end: number;
  /** The site's clock passed CLOSE_AFTER_MS into the next day: the edition never changes again (its feed item exists). */
  closed: boolean;
  /** Ranked when first read: a build reads the sections of the few editions it renders, not of every day. */
  readonly sections: DailySection[];
  /** How many items its sections hold, and their topics' names (the /daily/ index lists them for every day): known without ranking. */
  count: number;
  topics: string[];
  /** The neighbouring editions' days (only days that have one). */
  prev: string | null;
  next: string | null;
}

interface Timed {
  article: Article;
  own: number;
  onSite: number;
}

/** Chooses a day's top stories: `candidates` are the leads of the day (index order), `eligible` says which tellings the day had. */
export function dayItems(
  candidates: readonly Article[],
  storyOf: (article: Article) => StoryInfo | null,
  eligible: (article: Article) => boolean,
  ownTime: (article: Article) => number,
  end: number,
  settings: RankingSettings,
): NewsItem[] {
  const items: NewsItem[] = [];
  for (const lead of candidates) {
    const full = storyOf(lead);
    const members = full ? full.members.filter(eligible) : [lead];
    const story = full && members.length > 1 ? { ...full, members } : null;
    items.push(newsItem(lead, story, members, end, settings, ownTime));
  }
  return rankNews(items);
}

/**
 * The edition with its sections ranked when first read. A function of its own: the ranking's
 * closure then holds the day's leads, not what dailyEditions held of every article on the way
 * (V8 keeps a function's captured variables in one context that every closure of it holds).
 */
function withSections(edition: Omit<DailyEdition, 'sections'>, index: SiteIndex, leads: Article[], shown: TopicInfo[], closing: number): DailyEdition {
  const { end } = edition;
  let sections: DailySection[] | null = null;
  const rank = (): DailySection[] => {
    const eligible = (a: Article) => articleMs(a.data) < end && time(a.data.publishedOnSite) <= closing;
    const ranked = dayItems(leads, (a) => index.storyOf(a), eligible, (a) => articleMs(a.data), end, index.config.publish.ranking);
    return shown.map((topic) => ({ slug: topic.slug, name: topic.name, items: ranked.filter((item) => item.lead.topic === topic.slug).slice(0, DAILY_PER_TOPIC) }));
  };
  return Object.defineProperty(edition, 'sections', { enumerable: true, get: () => (sections ??= rank()) }) as DailyEdition;
}

const memo = new WeakMap<SiteIndex, DailyEdition[]>();

/** Every day that has an edition, oldest first. */
export function dailyEditions(index: SiteIndex): DailyEdition[] {
  const cached = memo.get(index);
  if (cached) return cached;
  const zone = index.config.site.timeZone;
  const timed: Timed[] = index.articles.map((article) => ({ article, own: articleMs(article.data), onSite: time(article.data.publishedOnSite) }));
  const byDay = groupByDay(timed, (t) => t.own, zone);
  // The run that closed each day: the first publication of an article CLOSE_AFTER_MS or more past the day's end.
  const byOwn = [...timed].sort((x, y) => x.own - y.own);
  const laterMin: number[] = new Array<number>(byOwn.length + 1).fill(Infinity);
  for (let i = byOwn.length - 1; i >= 0; i--) laterMin[i] = Math.min(laterMin[i + 1], byOwn[i].onSite);
  const closedAt = (instant: number): number => {
    let lo = 0;
    let hi = byOwn.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byOwn[mid].own < instant) lo = mid + 1;
      else hi = mid;
    }
    return laterMin[lo];
  };

  const editions: DailyEdition[] = [];
  for (const { day, items: ofDay } of byDay) {
    const end = dayEnd(day, zone);
    const closing = closedAt(end + CLOSE_AFTER_MS);
    const closed = closing !== Infinity;
    // The day's candidates: articles of the day that are no story's later telling (a story is its lead's).
    const leads: Article[] = [];
    for (const t of ofDay) {
      const story = index.storyOf(t.article);
      if (t.own < end && t.onSite <= closing && (!story || story.lead === t.article)) leads.push(t.article);
    }
    if (leads.length === 0) continue;
    // Each lead is one item of its own topic's section, so the sections' sizes need no ranking.
    const perTopic = new Map<string, number>();
    for (const lead of leads) perTopic.set(lead.topic, (perTopic.get(lead.topic) ?? 0) + 1);
    const shown = index.topics.filter((topic) => perTopic.has(topic.slug));
    const edition = {
      day,
      path: index.routes.path(`daily/${day}/`),
      end,
      closed,
      count: shown.reduce((n, topic) => n + Math.min(DAILY_PER_TOPIC, perTopic.get(topic.slug)!), 0),
      topics: shown.map((topic) => topic.name),
      prev: null,
      next: null,
    };
    editions.push(withSections(edition, index, leads, shown, closing));
  }
  editions.forEach((e, i) => {
    e.prev = editions[i - 1]?.day ?? null;
    e.next = editions[i + 1]?.day ?? null;
  });
  memo.set(index, editions);
  return editions;
}
