import type { SourceHealth } from '../../builder/data/sources.ts';
import { dailyEditions, type DailyEdition } from '../daily.ts';
import { frontColumns, topNews, TOP_STORIES } from '../front-page.ts';
import type { NewsItem } from '../ranking.ts';
import type { Article, SiteIndex, StoryInfo } from '../site-index.ts';
import { buildSources, type SourceInfo } from '../sources.ts';
import { storyArchiveOf, widestStories } from '../story-list.ts';
import { TAG_PAGE_LIMIT } from '../../html/page-data.ts';
import type { StaticPath } from './keyed.ts';

// The pages rendered every build (home, topic fronts, lists of stories, editions, sources and
// tags, search), as their templates show them: pure, the site index in. Each list is cut to what
// its page shows, so the Astro child reads a few hundred articles, not the site.

/** An article card, with the story it leads (its other tellings are shown) or belongs to. */
export interface Card {
  article: Article;
  story: StoryInfo | null;
}

export interface HomeProps {
  top: NewsItem[];
  columns: Array<{ slug: string; name: string; cards: Card[] }>;
  /** The newest daily edition, for the line to it. */
  newestEdition: { day: string; path: string } | null;
}

export interface TopicFrontProps {
  topic: { slug: string; name: string; description: string };
  /** What the front lists (whole archive pages, newest first). */
  latest: Article[];
  olderPage: number | null;
  /** Archive pages with articles. */
  pageCount: number;
  /** The topic's best-ranked story. */
  lead: NewsItem | null;
  /** The newest, each story once, without the lead. */
  list: Card[];
}

/** A source as the sources index and its page show it: its articles counted, not listed. */
export type SourceSummary = Omit<SourceInfo, 'articles'> & { articleCount: number };

export interface SourcePageProps {
  source: SourceSummary;
  /** Its newest TAG_PAGE_LIMIT articles. */
  shown: Article[];
  topicNames: Record<string, string>;
}

export interface EditionSummary extends Pick<DailyEdition, 'day' | 'path' | 'closed'> {
  /** How many stories it has. */
  count: number;
  /** Its sections' topic names. */
  topics: string[];
}

export interface TagSummary {
  slug: string;
  name: string;
  count: number;
}

export interface AlwaysPages {
  home: HomeProps;
  topicFronts: StaticPath<TopicFrontProps>[];
  /** What /stories/ lists, the archive page before them, and how many archive pages there are. */
  stories: { stories: StoryInfo[]; olderPage: number | null; pageCount: number };
  widest: StoryInfo[];
  /** Every edition, oldest first, as /daily/ lists it: a line per day. */
  editions: EditionSummary[];
  sources: SourceSummary[];
  sourcePages: StaticPath<SourcePageProps>[];
  /** The listed tags, by name. */
  tags: TagSummary[];
  /** The search page's tag filter: the most used listed tags, by name. */
  searchTags: TagSummary[];
}

/** The search page's tag filter lists this many of the most used tags. */
const TAG_OPTIONS = 300;

function card(index: SiteIndex, article: Article): Card {
  return { article, story: index.storyOf(article) };
}

export function homeProps(index: SiteIndex): HomeProps {
  const top = topNews(index, TOP_STORIES);
  const columns = frontColumns(index, new Set(top.map((item) => item.lead)));
  const newest = dailyEditions(index).at(-1);
  return {
    top,
    columns: columns.map((c) => ({ slug: c.slug, name: c.name, cards: c.articles.map((a) => card(index, a)) })),
    newestEdition: newest ? { day: newest.day, path: newest.path } : null,
  };
}

export function topicFronts(index: SiteIndex): StaticPath<TopicFrontProps>[] {
  return index.topics.map((topic) => {
    const { articles: latest, olderPage } = index.front(topic);
    const lead = topNews(index, 1, topic)[0] ?? null;
    const lastPage = topic.pages.length;
    return {
      params: { topic: topic.slug },
      props: {
        topic: { slug: topic.slug, name: topic.name, description: topic.description },
        latest,
        olderPage,
        pageCount: topic.pages.at(-1)?.length ? lastPage : lastPage - 1,
        lead,
        list: index
          .oneCardPerStory(latest)
          .filter((a) => a !== lead?.lead)
          .map((a) => card(index, a)),
      },
    };
  });
}

function tagSummary(tag: { slug: string; name: string; articles: unknown[] }): TagSummary {
  return { slug: tag.slug, name: tag.name, count: tag.articles.length };
}

export function alwaysPages(index: SiteIndex, health: SourceHealth[]): AlwaysPages {
  const sources = buildSources(index, health);
  const summary = ({ articles, ...rest }: SourceInfo): SourceSummary => ({ ...rest, articleCount: articles.length });
  const topicNames = Object.fromEntries(index.topics.map((t) => [t.slug, t.name]));
  const mostUsed = new Set([...index.listedTags].sort((a, b) => b.articles.length - a.articles.length).slice(0, TAG_OPTIONS));
  return {
    home: homeProps(index),
    topicFronts: topicFronts(index),
    stories: { ...storyArchiveOf(index).index, pageCount: storyArchiveOf(index).pages.length },
    widest: widestStories(index.stories).slice(0, index.config.publish.pageSize * 2),
    editions: dailyEditions(index).map((e) => ({ day: e.day, path: e.path, closed: e.closed, count: e.count, topics: e.topics })),
    sources: sources.map(summary),
    sourcePages: sources.map((s) => ({
      params: { host: s.host },
      props: { source: summary(s), shown: s.articles.slice(0, TAG_PAGE_LIMIT), topicNames: Object.fromEntries(s.topics.concat(s.feeds.map((f) => f.topic)).map((slug) => [slug, topicNames[slug] ?? slug])) },
    })),
    tags: index.listedTags.map(tagSummary),
    searchTags: index.listedTags.filter((t) => mostUsed.has(t)).map(tagSummary),
  };
}
