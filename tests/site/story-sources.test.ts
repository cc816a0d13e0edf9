import { describe, expect, it } from 'vitest';
import type { Article, StoryInfo } from '../../site/model/site-index.ts';
import { storyCoverage, storySources } from '../../site/model/story-sources.ts';

function article(n: number, host: string, source: string = host): Article {
  return { id: `news/a${n}`, path: `/news/a${n}/`, host, source, data: { url: `https://${host}/a${n}` } } as unknown as Article;
}

function story(members: Article[]): StoryInfo {
  return { id: 1, path: '/stories/1/', lead: members[members.length - 1]!, members };
}

describe('a story with two pieces from one outlet', () => {
  // Newest first: the outlet's follow-up (4), another source (3), the outlet's first piece (1, the lead).
  const followUp = article(4, 'daily.test', 'The Daily');
  const other = article(3, 'wire.test');
  const first = article(1, 'daily.test', 'The Daily');
  const s = story([followUp, other, first]);

  it('credits each source once, by its newest article', () => {
    expect(storySources(s).map((x) => [x.name, x.article.id])).toEqual([
      ['The Daily', 'news/a4'],
      ['wire.test', 'news/a3'],
    ]);
  });

  it('counts articles and sources apart when they differ', () => {
    expect(storyCoverage(s)).toBe('3 articles from 2 sources');
    expect(storyCoverage(story([other, first]))).toBe('2 sources');
    expect(storyCoverage(story([followUp, first]))).toBe('2 articles from 1 source');
  });
});
