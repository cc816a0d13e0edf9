import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs, { type Database as SqlJs } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../crawler/store/database.ts';

// The FTS4 index over title, text and tags, queried the way a reader of the downloaded
// site.sqlite would: plain sql.js on the saved file.

const ARTICLES = [
  { id: 1, title: 'A telescope finds water on an exoplanet', text: 'Astronomers using the new telescope measured water vapour in the atmosphere of a distant exoplanet.', tags: 'Astronomy, Exoplanets' },
  { id: 2, title: 'Heat pumps in old houses', text: 'Installers say heat pumps work in draughty Victorian houses once the radiators are resized.', tags: 'Climate, Énergie' },
  { id: 3, title: 'Why databases need tests', text: 'A small test suite caught the index corruption before it reached production databases.', tags: 'Software, Testing' },
];

let dir: string;
let reader: SqlJs;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gleaner-fts-'));
  const db = await openDatabase(join(dir, 'site.sqlite'));
  for (const a of ARTICLES) db.run('INSERT INTO articles_fts (docid, title, text, tags) VALUES (?, ?, ?, ?)', [a.id, a.title, a.text, a.tags]);
  db.save();
  db.close();
  const SQL = await initSqlJs();
  reader = new SQL.Database(readFileSync(join(dir, 'site.sqlite')));
});

afterAll(async () => {
  reader?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const ids = (match: string) => (reader.exec('SELECT docid FROM articles_fts WHERE articles_fts MATCH ? ORDER BY docid', [match])[0]?.values ?? []).map((r) => r[0]);

describe('the FTS4 index in the saved file', () => {
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
