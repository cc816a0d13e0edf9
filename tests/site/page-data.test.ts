import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { frontmatterSchema, type FrontmatterInput } from '../../crawler/publish/frontmatter.ts';
import { articleFacts, articleLd, listPageLd } from '../../site/html/page-data.ts';
import { buildSiteIndex } from '../../site/model/site-index.ts';

// What an article page and its AMP page both say about an article (one computation for both).

const config = parseConfig({
  site: { title: 'News', url: 'https://example.org/news', language: 'en' },
  topics: [{ slug: 'science', name: 'Science', sources: ['https://a.example/feed'] }],
});

function entry(id: string, extra: Partial<FrontmatterInput> = {}) {
  const data = frontmatterSchema.parse({
    id: 1,
    title: 'Ice',
    url: 'https://src.example/ice',
    canonical: 'https://src.example/ice',
    fetched: '2024-03-01T00:00:00Z',
    topic: id.split('/')[0],
    page: 1,
    position: 0,
    publishedOnSite: '2024-03-02T08:00:00.000Z',
    wordCount: 500,
    readingTime: 2,
    ...extra,
  });
  return { id, data, file: `content/${id}.md`, bodySha: 'x' };
}

describe('articleFacts', () => {
  it('dates from the source when known, a modification only when later, an absolute lead image under the base path', () => {
    const index = buildSiteIndex(
      [
        entry('science/a', { published: '2024-03-01T10:00:00Z', modified: '2024-03-05T10:00:00Z', image: { src: '/media/a.webp', alt: 'A', width: 1200, height: 600, variants: [{ src: '/media/a-640.webp', width: 640, format: 'webp' }] } }),
        entry('retired/b', { modified: '2024-01-01T00:00:00Z', lang: 'fr' }),
      ],
      config,
    );
    const a = articleFacts(index, index.article('science/a')!, '<p>x</p>', 'Science');
    expect(a).toEqual({
      url: 'https://example.org/news/science/a/',
      canonical: 'https://example.org/news/science/a/',
      mode: 'full',
      topicName: 'Science',
      lang: 'en',
      description: 'x', // no description: the start of the body, as the AMP page and the article page both show
      published: '2024-03-01T10:00:00Z',
      modified: '2024-03-05T10:00:00Z',
      image: { url: 'https://example.org/news/media/a-640.webp', width: 640, height: 320 },
    });
    // No source date: when the crawler found it; an older "modified" is ignored; a topic no longer configured is named by its slug.
    const b = articleFacts(index, index.article('retired/b')!, '<p>x</p>', 'retired');
    expect(b).toMatchObject({ topicName: 'retired', lang: 'fr', published: '2024-03-01T00:00:00Z', modified: '2024-03-01T00:00:00Z', image: null });

    const ld = articleLd(index, index.article('science/a')!, { ...a, description: 'About ice' });
    expect(ld).toMatchObject({ '@type': 'NewsArticle', url: a.url, description: 'About ice', datePublished: '2024-03-01T10:00:00Z', dateModified: '2024-03-05T10:00:00Z', image: [a.image!.url], articleSection: 'Science', publisher: { name: 'News', url: 'https://example.org/news/' } });
  });
});

describe('listPageLd', () => {
  it('makes the page and item paths absolute and names the site', () => {
    const index = buildSiteIndex([], config);
    expect(listPageLd(index, { name: 'Science', path: '/news/science/', description: '' }, [{ path: '/news/science/a/', name: 'Ice' }])).toMatchObject({
      '@type': 'CollectionPage',
      url: 'https://example.org/news/science/',
      description: undefined,
      isPartOf: { name: 'News', url: 'https://example.org/news/' },
      mainEntity: { itemListElement: [{ position: 1, url: 'https://example.org/news/science/a/', name: 'Ice' }] },
    });
  });
});
