import { describe, expect, it } from 'vitest';
import { slugNumberVariants } from '../../crawler/enrich/index.ts';
import { fileTags } from '../../crawler/pipeline/accept.ts';
import { insertArticle } from '../../crawler/store/articles.ts';
import { openDatabase, type Database } from '../../crawler/store/database.ts';

// One concept, one tag: a new article's "projects" is filed under the "project" the site already
// has (and its spelling), the way the state's tags table knows them; a new concept is its own tag.

function article(db: Database, n: number, tags: Array<{ slug: string; name: string }>): void {
  const url = `https://a.example/${n}`;
  const { lastId: urlId } = db.run(`INSERT INTO urls (url, canonical_url, equivalence_key, topic_id, state, discovered_at, updated_at) VALUES (?, ?, ?, 1, 'extracted', ?, ?)`, [url, url, url, '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z']);
  insertArticle(db, {
    urlId, topicId: 1, title: `t${n}`, description: null, excerpt: 'e', author: null, publishedAt: null, modifiedAt: null, fetchedAt: '2026-11-20T00:00:00Z', lang: 'en',
    siteName: null, favicon: null, sourceUrl: url, canonicalUrl: url, image: null, wordCount: 400, readingTime: 2, markdown: 'x', contentHash: url, minhash: null, strategy: 'test', tags: [], terms: [],
  }, tags);
}

describe('tags across number and case', () => {
  it('knows the singular and plural slugs of a tag', () => {
    expect(slugNumberVariants('projects')).toEqual(['projects', 'project']);
    expect(slugNumberVariants('project')).toEqual(['project', 'projects']);
    expect(slugNumberVariants('solar-batteries')).toEqual(['solar-batteries', 'solar-battery']);
    expect(slugNumberVariants('battery')).toEqual(['battery', 'batteries']);
    expect(slugNumberVariants('tax')).toEqual(['tax', 'taxes']);
    expect(slugNumberVariants('taxes')).toEqual(['taxes', 'tax']);
    expect(slugNumberVariants('causes')).toEqual(['causes', 'cause']);
    expect(slugNumberVariants('status')).toEqual(['status', 'statuses']);
    expect(slugNumberVariants('go')).toEqual(['go']);
  });

  it('files a new tag under the existing tag of its concept, with that tag\'s spelling', async () => {
    const db = await openDatabase(':memory:');
    db.run(`INSERT INTO topics (slug, name) VALUES ('space', 'Space')`);
    article(db, 1, fileTags(db, ['project', 'Earth']));
    article(db, 2, fileTags(db, ['projects', 'earth', 'Comets']));
    expect(fileTags(db, ['Projects', 'EARTH', 'comet', 'asteroids'])).toEqual([
      { slug: 'project', name: 'project' },
      { slug: 'earth', name: 'Earth' },
      { slug: 'comets', name: 'Comets' },
      { slug: 'asteroids', name: 'asteroids' },
    ]);
    expect(db.all('SELECT slug FROM tags ORDER BY slug')).toEqual([{ slug: 'comets' }, { slug: 'earth' }, { slug: 'project' }]);
    // Both forms in one article, neither known yet: one tag, the first.
    expect(fileTags(db, ['heat pumps', 'heat pump', 'grid'])).toEqual([{ slug: 'heat-pumps', name: 'heat pumps' }, { slug: 'grid', name: 'grid' }]);
  });
});
