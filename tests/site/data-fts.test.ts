import initSqlJs, { type Database as SqlJs } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_SCHEMA } from '../../site/builder/data/schema.ts';

// The FTS4 index of the data files the build offers (/data/site.sqlite and the monthly parts),
// queried the way a reader of a download would: plain sql.js on the file's bytes. The index has
// external content: the text is stored once, in articles.

const ARTICLES = [
  { id: 1, title: 'A telescope finds water on an exoplanet', text: 'Astronomers using the new telescope measured water vapour in the atmosphere of a distant exoplanet.', tags: 'Astronomy, Exoplanets' },
  { id: 2, title: 'Heat pumps in old houses', text: 'Installers say heat pumps work in draughty Victorian houses once the radiators are resized.', tags: 'Climate, Énergie' },
  { id: 3, title: 'Why databases need tests', text: 'A small test suite caught the index corruption before it reached production databases.', tags: 'Software, Testing' },
];

let reader: SqlJs;

beforeAll(async () => {
  const SQL = await initSqlJs();
  const writer = new SQL.Database();
  writer.run(DATA_SCHEMA);
  for (const a of ARTICLES) {
    writer.run(
      `INSERT INTO articles (id, url_id, topic_id, title, excerpt, fetched_at, source_url, canonical_url, word_count, reading_time, markdown, text, tags, content_hash)
       VALUES (?, ?, 1, ?, '', '2026-01-01', 'u', 'u', 10, 1, ?, ?, ?, 'h')`,
      [a.id, a.id, a.title, a.text, a.text, a.tags],
    );
  }
  writer.run('INSERT INTO articles_fts (docid, title, text, tags) SELECT id, title, text, tags FROM articles');
  reader = new SQL.Database(writer.export());
  writer.close();
});

afterAll(() => reader?.close());

const ids = (match: string) => (reader.exec('SELECT docid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY docid', [match])[0]?.values ?? []).map((r) => r[0]);

describe('the FTS4 index of a data file', () => {
  it('answers word, phrase, prefix and column queries', () => {
    expect(ids('exoplanet')).toEqual([1]);
    expect(ids('"heat pumps"')).toEqual([2]);
    expect(ids('databas*')).toEqual([3]);
    expect(ids('tags:testing')).toEqual([3]);
    expect(ids('title:water')).toEqual([1]);
    expect(ids('telescope OR installers')).toEqual([1, 2]);
    expect(ids('unicorn')).toEqual([]);
  });

  it('folds case and diacritics (unicode61)', () => {
    expect(ids('energie')).toEqual([2]);
    expect(ids('ÉNERGIE')).toEqual([2]);
    expect(ids('VICTORIAN')).toEqual([2]);
  });

  it('gives snippets with the match marked', () => {
    const [row] = reader.exec(`SELECT snippet(articles_fts, '<b>', '</b>', '…', 1, 6) FROM articles_fts WHERE articles_fts MATCH 'corruption'`)[0]!.values;
    expect(row![0]).toMatch(/<b>corruption<\/b>/);
  });
});
