import { articleMs } from './article-time.ts';
import { time } from './dates.ts';
import { dayEnd, groupByDay } from './days.ts';
import { newsItem, rankNews, type NewsItem, type RankingSettings } from './ranking.ts';
import type { Article, SiteIndex, StoryInfo } from './site-index.ts';

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
  sections: DailySection[];
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

const memo = new WeakMap<SiteIndex, DailyEdition[]>();

/** Every day that has an edition, oldest first. */
export function dailyEditions(index: SiteIndex): DailyEdition[] {
  const cached = memo.get(index);
  if (cached) return cached;
  const zone = index.config.site.timeZone;
  const timed = new Map<Article, Timed>();
  for (const article of index.articles) {
    const own = articleMs(article.data);
    timed.set(article, { article, own, onSite: time(article.data.publishedOnSite) });
  }
  const byDay = groupByDay([...timed.values()], (t) => t.own, zone);
  // The run that closed each day: the first publication of an article CLOSE_AFTER_MS or more past the day's end.
  const byOwn = [...timed.values()].sort((x, y) => x.own - y.own);
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
  const ownTime = (a: Article) => timed.get(a)!.own;

  const editions: DailyEdition[] = [];
  for (const { day, items: ofDay } of byDay) {
    const end = dayEnd(day, zone);
    const closing = closedAt(end + CLOSE_AFTER_MS);
    const closed = closing !== Infinity;
    const eligible = (a: Article) => timed.get(a)!.own < end && timed.get(a)!.onSite <= closing;
    // The day's candidates: articles of the day that are no story's later telling (a story is its lead's).
    const leads = ofDay
      .map((t) => t.article)
      .filter((a) => {
        const story = index.storyOf(a);
        return eligible(a) && (!story || story.lead === a);
      });
    if (leads.length === 0) continue;
    const ranked = dayItems(leads, (a) => index.storyOf(a), eligible, ownTime, end, index.config.publish.ranking);
    const sections: DailySection[] = [];
    for (const topic of index.topics) {
      const items = ranked.filter((item) => item.lead.topic === topic.slug).slice(0, DAILY_PER_TOPIC);
      if (items.length) sections.push({ slug: topic.slug, name: topic.name, items });
    }
    editions.push({ day, path: index.routes.path(`daily/${day}/`), end, closed, sections, prev: null, next: null });
  }
  editions.forEach((e, i) => {
    e.prev = editions[i - 1]?.day ?? null;
    e.next = editions[i + 1]?.day ?? null;
  });
  memo.set(index, editions);
  return editions;
}
