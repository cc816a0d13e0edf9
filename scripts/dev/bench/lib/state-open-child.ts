// Child process of scripts/dev/bench/state-open.ts: one step in a fresh process, so its resident
// memory is its own. `build <root> <n>` writes a state of n synthetic articles with the store's
// own functions (one run: its segment, and the snapshot it commits); `old <root>` opens the
// snapshot the way the crawl did before node:sqlite (the whole file read into sql.js); `new
// <root>` opens it the way the crawl does now (openState). Prints one JSON line.
import { copyFileSync, statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { readFileSync } from 'node:fs';
import { encodeSignature, minhashSignature } from '../../../../crawler/dedup/index.ts';
import { sitePaths } from '../../../../crawler/paths.ts';
import { insertArticle, markArticlePublished } from '../../../../crawler/store/articles.ts';
import { engine } from '../../../../crawler/store/engine.ts';
import { openState } from '../../../../crawler/store/state.ts';
import { discoverUrl } from '../../../../crawler/store/url-state.ts';
import { normalizedUrl } from '../../../../crawler/url/index.ts';

const [mode, root, count] = process.argv.slice(2) as ['build' | 'old' | 'new', string, string?];
const paths = sitePaths(root);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const WORDS = 'orbit lander crater basalt probe telemetry thruster heat shield descent parachute rover dust storm signal relay antenna'.split(' ');

if (mode === 'build') {
  const db = await openState(paths, { nowMs: Date.parse('2026-11-01T10:00:00Z'), nearDuplicateThreshold: 0.8 });
  const topicId = db.run(`INSERT INTO topics (slug, name) VALUES ('space', 'Space')`).lastId;
  for (let n = 1; n <= Number(count); n++) {
    const text = Array.from({ length: 450 }, (_, i) => WORDS[(n * 7 + i * 13) % WORDS.length]).join(' ') + ` article ${n}`;
    const url = `https://a.example/${n}`;
    const { id: urlId } = discoverUrl(db, { url: normalizedUrl(url), topicId, sourceId: null }, '2026-11-01T00:00:00Z');
    const id = insertArticle(
      db,
      {
        urlId, topicId, title: `Article ${n} about the lander`, description: 'A synthetic article of the state bench.', excerpt: text.slice(0, 200), author: 'Bench', publishedAt: '2026-11-01T00:00:00Z', modifiedAt: null,
        fetchedAt: '2026-11-01T00:00:00Z', lang: 'en', siteName: 'A', favicon: null, sourceUrl: url, canonicalUrl: url, image: null,
        wordCount: 450, readingTime: 3, markdown: text, contentHash: `h${n}`, minhash: encodeSignature(minhashSignature(text)), strategy: 'bench',
        tags: ['mars', 'lander'], terms: WORDS.map((w, i) => [w, (i + 1) / 20] as [string, number]),
      } as never,
      [{ slug: 'mars', name: 'Mars' }],
    );
    markArticlePublished(db, id);
  }
  db.save();
  db.close();
  // The snapshot as the old code kept it: an ordinary (rollback-journal) SQLite file.
  copyFileSync(paths.stateSnapshot, `${root}/old-snapshot.sqlite`);
  const old = new DatabaseSync(`${root}/old-snapshot.sqlite`);
  old.exec('PRAGMA journal_mode = DELETE');
  old.close();
  process.stdout.write(`${JSON.stringify({ snapshotBytes: statSync(paths.stateSnapshot).size })}\n`);
} else {
  const SQL = await engine();
  const before = process.memoryUsage().rss;
  let articles: number;
  if (mode === 'old') {
    const sql = new SQL.Database(readFileSync(`${root}/old-snapshot.sqlite`));
    articles = Number(sql.exec('SELECT count(*) FROM articles')[0]!.values[0]![0]);
  } else {
    const db = await openState(paths, { nowMs: Date.parse('2026-11-01T11:00:00Z'), nearDuplicateThreshold: 0.8 });
    articles = Number(db.scalar('SELECT count(*) FROM articles'));
  }
  const after = process.memoryUsage().rss;
  process.stdout.write(`${JSON.stringify({ articles, rssBeforeMb: mb(before), rssAfterMb: mb(after), openMb: mb(after - before) })}\n`);
}
