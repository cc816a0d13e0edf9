import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../crawler/store/database.ts';
import { articleUrls } from '../../crawler/store/articles.ts';
import { ArticleUrlIndex } from '../../crawler/url/index.ts';

let db: Database;
beforeEach(async () => {
  db = await openDatabase(null);
  db.run(`INSERT INTO topics (slug, name) VALUES ('t', 'T')`);
});
afterEach(() => db.close());

function article(urlId: number, canonical: string, source: string): number {
  db.run(`INSERT INTO urls (id, url, canonical_url, equivalence_key, topic_id, state, discovered_at, updated_at) VALUES (?, ?, ?, ?, 1, 'extracted', 'x', 'x')`, [urlId, source, source, source]);
  return db.run(
    `INSERT INTO articles (url_id, topic_id, title, excerpt, fetched_at, source_url, canonical_url, word_count, reading_time, text, markdown, content_hash) VALUES (?, 1, 't', 'e', 'x', ?, ?, 1, 1, 't', 'm', ?)`,
    [urlId, source, canonical, `h${urlId}`],
  ).lastId;
}

describe('ArticleUrlIndex', () => {
  it('finds stored articles by canonical or source URL, lowest id first, in the order the URLs are tried', () => {
    const a = article(10, 'https://a.example/post', 'https://a.example/post?ref=feed');
    const b = article(11, 'https://b.example/x', 'https://b.example/x');
    const index = ArticleUrlIndex.from(articleUrls(db));
    expect(index.find(['https://a.example/post'])).toEqual({ id: a, url_id: 10 });
    expect(index.find(['https://nothing.example/', 'https://a.example/post?ref=feed'])).toEqual({ id: a, url_id: 10 });
    expect(index.find(['https://b.example/x', 'https://a.example/post'])).toEqual({ id: b, url_id: 11 });
    expect(index.find(['https://nothing.example/'])).toBeUndefined();
  });

  it('follows additions and removals made during the run', () => {
    const index = ArticleUrlIndex.from(articleUrls(db));
    index.add(5, 50, ['https://c.example/1', 'https://c.example/1']);
    index.add(3, 30, ['https://c.example/1']);
    expect(index.find(['https://c.example/1'])).toEqual({ id: 3, url_id: 30 });
    index.remove(3);
    expect(index.find(['https://c.example/1'])).toEqual({ id: 5, url_id: 50 });
    index.remove(5);
    expect(index.find(['https://c.example/1'])).toBeUndefined();
  });
});
