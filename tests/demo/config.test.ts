import Parser from 'rss-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { demoConfig, startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { FIXTURE_ARTICLES, get } from './http.ts';

let web: SampleWeb;
beforeAll(async () => {
  web = await startSampleWeb({ articlesDir: FIXTURE_ARTICLES });
});
afterAll(async () => {
  await web?.close();
});

describe('demoConfig', () => {
  it('is a valid config pointing the crawler at the sample web', () => {
    const config = parseConfig(demoConfig(web));
    expect(config.site).toMatchObject({ title: 'Gleaner Demo', url: 'http://localhost:4321' });
    expect(config.topics.map((t) => t.slug)).toEqual(['space', 'climate', 'software']);
    expect(config.crawl.resolve).toEqual(web.resolve);
    expect(config.crawl.privateHosts.sort()).toEqual([...web.hosts].sort());
    expect(config.crawl.perHostDelayMs).toBe(20);
    expect(config.quality.minWords).toBe(300);
    for (const topic of config.topics) {
      expect(topic.keywords.length).toBeGreaterThan(2);
      expect(topic.sources.every((s) => s.kind === 'feed')).toBe(true);
    }
  });

  it('reaches every canonical article through its sources, and each source parses as a feed', async () => {
    const config = parseConfig(demoConfig(web));
    const perTopic = Math.max(...config.topics.map((t) => web.manifest.articles.filter((a) => a.topic === t.slug).length));
    expect(config.publish.perTopicPerRun).toBeGreaterThanOrEqual(perTopic);
    for (const topic of config.topics) {
      const sources = topic.sources.map((s) => ('url' in s ? s.url : ''));
      for (const url of sources) {
        const feed = await new Parser().parseString((await get(web.port, url)).text);
        expect(feed.items.length, url).toBeGreaterThan(0);
      }
      const reachable = web.manifest.urls.filter((e) => e.foundIn.some((f) => sources.includes(f)));
      const published = new Set(reachable.filter((e) => e.expect === 'published').map((e) => e.finalUrl ?? e.url));
      const expected = web.manifest.articles.filter((a) => a.topic === topic.slug).map((a) => a.url);
      expect([...published].sort(), topic.slug).toEqual(expected.sort());
    }
  });
});
