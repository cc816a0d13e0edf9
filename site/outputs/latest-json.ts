import { z } from 'zod';
import { articleTime } from '../model/article-time.ts';
import { rfc3339 } from '../model/dates.ts';
import type { Article, SiteIndex, TopicInfo } from '../model/site-index.ts';

// /data/latest.json and /data/<topic>/latest.json: the newest articles for programs, with field
// names that stay. The schema below is the one definition: the build checks every file against
// it and the /data/ page documents its fields from it. A change that renames or removes a field,
// or changes what one means, is a new `version`; adding a field is not.

export const LATEST_VERSION = 1;
/** Articles per file, newest first. */
export const LATEST_COUNT = 50;

const url = z.url({ protocol: /^https?$/ });
const instant = z.iso.datetime();

const latestArticleSchema = z
  .object({
    url: url.describe("The article's page on this site (never changes)."),
    title: z.string().describe('Its headline.'),
    summary: z.string().nullable().describe("The source's description or the lead of the text; null when there is none."),
    original: url.describe('The article at its source.'),
    source: z
      .object({
        name: z.string().describe('The source, by the name the site shows.'),
        host: z.string().nullable().describe('Its host, without www. (its page is /sources/<host>/); null for an address without one.'),
      })
      .strict()
      .describe('Where it comes from.'),
    topic: z.string().describe("Its topic's slug (its page is /<topic>/)."),
    published: instant.nullable().describe('When its source published it (ISO 8601 in UTC, like "2026-03-05T10:00:00Z"); null when the source gave no usable date.'),
    fetched: instant.describe('When the crawler fetched it.'),
    added: instant.describe('When this site published it: the list is newest first by this time.'),
    story: z
      .object({
        id: z.number().int().describe("The story's id."),
        url: url.describe('Its page: every outlet that told it.'),
        size: z.number().int().min(2).describe('How many articles tell it.'),
      })
      .strict()
      .nullable()
      .describe('The story it is one telling of (articles of several outlets on one event); null when it is in none.'),
  })
  .strict();

export const latestJsonSchema = z
  .object({
    version: z.literal(LATEST_VERSION).describe('The format version: 1.'),
    site: url.describe("The site's home page."),
    topic: z
      .object({
        slug: z.string().describe("The topic's slug."),
        name: z.string().describe('Its name.'),
        url: url.describe('Its page.'),
      })
      .strict()
      .nullable()
      .describe("The topic of a topic's file; null in /data/latest.json."),
    articles: z.array(latestArticleSchema).max(LATEST_COUNT).describe(`The newest ${LATEST_COUNT} articles, newest first.`),
  })
  .strict();

export type LatestJson = z.output<typeof latestJsonSchema>;

/** Where the file of the whole site or of a topic is, under the site. */
export function latestJsonPath(topic?: Pick<TopicInfo, 'slug'>): string {
  return topic ? `data/${topic.slug}/latest.json` : 'data/latest.json';
}

function latestArticle(index: SiteIndex, article: Article): LatestJson['articles'][number] {
  const { routes } = index;
  const { data } = article;
  const own = articleTime(data);
  const story = index.storyOf(article);
  return {
    url: routes.absolute(article.path),
    title: data.title,
    summary: data.description || null,
    original: data.url,
    source: { name: article.source, host: article.host },
    topic: article.topic,
    published: own.found ? null : rfc3339(own.iso),
    fetched: rfc3339(data.fetched),
    added: rfc3339(data.publishedOnSite),
    story: story ? { id: story.id, url: routes.absolute(story.path), size: story.members.length } : null,
  };
}

/** The file's text for the whole site, or for one topic; checked against the schema, so a file that breaks it fails the build. */
export function latestJson(index: SiteIndex, topic?: TopicInfo): string {
  const { routes } = index;
  const articles = (topic ? topic.articles : index.articles).slice(0, LATEST_COUNT);
  const value: LatestJson = {
    version: LATEST_VERSION,
    site: routes.absolute(routes.home()),
    topic: topic ? { slug: topic.slug, name: topic.name, url: routes.absolute(routes.topic(topic.slug)) } : null,
    articles: articles.map((article) => latestArticle(index, article)),
  };
  return `${JSON.stringify(latestJsonSchema.parse(value), null, 1)}\n`;
}
