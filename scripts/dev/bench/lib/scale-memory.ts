import type { DatabaseSync } from 'node:sqlite';
import { ARTICLE_ROW } from '../../../../site/builder/content-index.ts';

// bench:planner --scale K: a site's build memory made K times as large, to measure what the
// planning process holds at a size no generated history here reaches (1,000,000 articles would take
// ~8 h to generate). Every article's row is copied K − 1 times, each copy a newer article of the
// same topic: its own id, file, story and related ids, its place after every older copy's in its
// topic's archive, its times moved past the whole site's span. Its tags, source and body stay the
// original's, so tags and sources grow as a long-lived site's do. Only the rows the planning
// process loads are made (nothing is written to content/), and in SQL, so the copying leaves this
// process's heap as it was before the load is measured.

const ID_STEP = 10_000_000;

/** Adds K − 1 copies (none for K = 1) of every loadable row of `db`'s content table; returns how many articles it then has. */
export function scaleContent(db: DatabaseSync, copies: number, pageSize: number): number {
  // Written into the SQL as integers: node:sqlite binds a number as a REAL, which would make the pages fractions.
  if (!Number.isInteger(copies) || !Number.isInteger(pageSize) || pageSize < 1) throw new Error(`scaleContent takes whole numbers, not ${copies} copies of pages of ${pageSize}`);
  const { n, first, last } = db
    .prepare(
      `SELECT count(*) AS n, min(min(julianday(json_extract(facts, '$.publishedOnSite')), julianday(json_extract(facts, '$.fetched')))) AS first,
        max(max(julianday(json_extract(facts, '$.publishedOnSite')), julianday(json_extract(facts, '$.fetched')), coalesce(julianday(json_extract(facts, '$.published')), 0))) AS last
       FROM content WHERE ${ARTICLE_ROW}`,
    )
    .get() as { n: number; first: number; last: number };
  // Whole seconds past the site's span (a day more), so every copy is newer than the one before.
  const span = Math.ceil((last - first + 1) * 86_400);
  db.exec('BEGIN');
  try {
    // Per topic, the archive places one copy takes: whole pages.
    db.exec('DROP TABLE IF EXISTS temp.places; DROP TABLE IF EXISTS temp.copies');
    db.exec(`CREATE TEMP TABLE places AS SELECT json_extract(facts, '$.topic') AS topic, (max(json_extract(facts, '$.position')) / ${pageSize} + 1) * ${pageSize} AS place FROM content WHERE ${ARTICLE_ROW} GROUP BY 1`);
    db.exec('CREATE TEMP TABLE copies (k INTEGER PRIMARY KEY)');
    for (let k = 1; k < copies; k++) db.exec(`INSERT INTO temp.copies VALUES (${k})`);
    const later = (field: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', json_extract(facts, '$.${field}'), (k * ${span}) || ' seconds')`;
    db.prepare(
      `INSERT INTO content (file, key, id, data, body_sha, skipped, facts, data_sha)
       SELECT substr(file, 1, length(file) - 3) || '-c' || k || '.md', key, id || '-c' || k, data, body_sha, NULL,
         json_set(facts,
           '$.id', json_extract(facts, '$.id') + k * ${ID_STEP},
           '$.cluster', json_extract(facts, '$.cluster') + k * ${ID_STEP},
           '$.related', json((SELECT json_group_array(value || '-c' || k) FROM json_each(facts, '$.related'))),
           '$.position', json_extract(facts, '$.position') + k * place,
           '$.page', json_extract(facts, '$.page') + k * place / ${pageSize},
           '$.published', ${later('published')},
           '$.modified', ${later('modified')},
           '$.fetched', ${later('fetched')},
           '$.publishedOnSite', ${later('publishedOnSite')}),
         data_sha
       FROM content JOIN temp.places ON temp.places.topic = json_extract(facts, '$.topic') CROSS JOIN temp.copies
       WHERE ${ARTICLE_ROW} AND file LIKE '%.md'`,
    ).run();
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return n * copies;
}
