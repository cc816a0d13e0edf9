import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRoutes } from '../../site/model/urls.ts';
import { LATEST_COUNT, latestJsonSchema, type LatestJson } from '../../site/outputs/latest-json.ts';
import { schemaFields } from '../../site/outputs/schema-fields.ts';
import { newestFirst, readContent, type ContentFile } from '../site/helpers/content.ts';
import { existsForUrl } from '../site/helpers/dist.ts';
import { demoBuild, type DemoBuild } from './helpers/demo-build.ts';
import { checkRss } from './helpers/feed-format.ts';

// /data/latest.json and /data/<topic>/latest.json in the shared demo build: they parse, match
// the schema, list the newest articles in the site's order with their story, and the /data/
// page documents every field.

let site: DemoBuild;
let content: ContentFile[];

beforeAll(async () => {
  site = await demoBuild();
  content = await readContent(site.root);
});

async function latest(path: string): Promise<LatestJson> {
  return latestJsonSchema.parse(JSON.parse(await readFile(join(site.dist, path), 'utf8')));
}

function pageUrl(file: ContentFile): string {
  const routes = createRoutes(site.config.site.url);
  return routes.absolute(routes.article(file.id));
}

describe('latest.json', () => {
  it('lists the site’s newest articles, newest first, as its feed does', async () => {
    const doc = await latest('data/latest.json');
    expect(content.length).toBeGreaterThan(LATEST_COUNT);
    expect(doc.topic).toBeNull();
    expect(doc.site).toBe(createRoutes(site.config.site.url).absolute('/'));
    expect(doc.articles.map((a) => a.url)).toEqual(newestFirst(content).slice(0, LATEST_COUNT).map(pageUrl));
    const feed = checkRss(await readFile(join(site.dist, 'rss.xml'), 'utf8'));
    expect(doc.articles.slice(0, feed.items.length).map((a) => a.url)).toEqual(feed.items.map((i) => i.link));
    const added = doc.articles.map((a) => Date.parse(a.added));
    expect(added).toEqual([...added].sort((a, b) => b - a));
  });

  it('has a file per topic with that topic’s newest articles', async () => {
    for (const topic of site.config.topics) {
      const doc = await latest(`data/${topic.slug}/latest.json`);
      expect(doc.topic).toEqual({ slug: topic.slug, name: topic.name, url: createRoutes(site.config.site.url).absolute(`/${topic.slug}/`) });
      const own = newestFirst(content.filter((f) => f.data.topic === topic.slug));
      expect(doc.articles.map((a) => a.url), topic.slug).toEqual(own.slice(0, LATEST_COUNT).map(pageUrl));
      expect(doc.articles.every((a) => a.topic === topic.slug)).toBe(true);
    }
  });

  it('gives each article its source, times and story, and every page it names exists', async () => {
    const doc = await latest('data/latest.json');
    const byUrl = new Map(content.map((f) => [pageUrl(f), f]));
    for (const article of doc.articles) {
      const file = byUrl.get(article.url)!;
      expect(article.title).toBe(file.data.title);
      expect(article.original).toBe(file.data.url);
      expect(Date.parse(article.fetched)).toBe(Date.parse(file.data.fetched));
      expect(existsForUrl(site.dist, article.url), article.url).toBe(true);
      if (article.story) expect(existsForUrl(site.dist, article.story.url), article.story.url).toBe(true);
    }
    const stories = doc.articles.filter((a) => a.story);
    expect(stories.length).toBeGreaterThan(0);
    // The tellings of one story all carry its size, and this file alone shows no more of them than that.
    for (const a of stories) expect(stories.filter((b) => b.story!.id === a.story!.id).length).toBeLessThanOrEqual(a.story!.size);
    expect(doc.articles.some((a) => a.published !== null)).toBe(true);
  });

  it('is documented on /data/, field by field', async () => {
    const page = await readFile(join(site.dist, 'data', 'index.html'), 'utf8');
    const fields = schemaFields(latestJsonSchema);
    expect(fields.map((f) => f.field)).toContain('articles[].story.size');
    for (const f of fields) {
      expect(page, f.field).toContain(`<code>${f.field}</code>`);
      expect(f.about, f.field).not.toBe('');
    }
    expect(page).toContain('href="/data/latest.json"');
  });
});
