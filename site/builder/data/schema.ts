// The tables of the data files the build offers in /data/ (see index.ts there). Every file has
// the same tables (those a kind of file does not use stay empty), so a reader can ATTACH any
// number of them and UNION what they hold.

/** Written into each file's meta table; bump it when the tables change. */
export const DATA_FORMAT = 'gleaner-data-2';

/**
 * The page size of every data file, and the chunk the console on /data/ reads them by over HTTP
 * range requests (site/client/data-console/): a query reads a few pages, so a small page costs
 * few bytes. Rollback journal, never WAL: a reader over HTTP cannot see a -wal file.
 */
export const DATA_PAGE_SIZE = 4096;
export const DATA_PRAGMAS = `PRAGMA page_size = ${DATA_PAGE_SIZE}; PRAGMA journal_mode = DELETE;`;

// articles_published: the newest articles are read through it, a few pages, where ordering by
// the column alone reads every article's row, bodies and all (the console on /data/ reads over HTTP).
export const DATA_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE topics (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL);
CREATE TABLE sources (id INTEGER PRIMARY KEY, topic_id INTEGER NOT NULL, kind TEXT NOT NULL, url TEXT NOT NULL, origin TEXT NOT NULL, discovered_from INTEGER);
CREATE TABLE urls (
  id INTEGER PRIMARY KEY, url TEXT NOT NULL, canonical_url TEXT NOT NULL, equivalence_key TEXT NOT NULL, topic_id INTEGER NOT NULL,
  source_id INTEGER, state TEXT NOT NULL, reason TEXT, error_code TEXT, detail TEXT, duplicate_of INTEGER, attempts INTEGER NOT NULL,
  next_retry_at TEXT, http_status INTEGER, final_url TEXT, redirects TEXT, etag TEXT, last_modified TEXT, expires_at INTEGER,
  hint_title TEXT, hint_published TEXT, discovered_at TEXT NOT NULL, fetched_at TEXT, updated_at TEXT NOT NULL
);
CREATE TABLE articles (
  id INTEGER PRIMARY KEY, url_id INTEGER NOT NULL, topic_id INTEGER NOT NULL, slug TEXT, title TEXT NOT NULL, description TEXT,
  excerpt TEXT NOT NULL, author TEXT, published_at TEXT, modified_at TEXT, fetched_at TEXT NOT NULL, lang TEXT, site_name TEXT,
  favicon TEXT, source_url TEXT NOT NULL, canonical_url TEXT NOT NULL, image TEXT, word_count INTEGER NOT NULL, reading_time INTEGER NOT NULL,
  markdown TEXT NOT NULL, text TEXT NOT NULL, tags TEXT NOT NULL, content_hash TEXT NOT NULL, page INTEGER, position INTEGER, published_on_site TEXT, related TEXT
);
CREATE TABLE tags (id INTEGER PRIMARY KEY, slug TEXT NOT NULL, name TEXT NOT NULL);
CREATE TABLE article_tags (article_id INTEGER NOT NULL, tag_id INTEGER NOT NULL, PRIMARY KEY (article_id, tag_id));
CREATE TABLE posts (id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL, guid TEXT NOT NULL, url TEXT, title TEXT, author TEXT, published_at TEXT, first_seen_at TEXT NOT NULL);
CREATE TABLE link_occurrences (id INTEGER PRIMARY KEY, url_id INTEGER NOT NULL, source_id INTEGER, post_id INTEGER, context TEXT NOT NULL, in_quote INTEGER NOT NULL, first_seen_at TEXT NOT NULL);
CREATE TABLE runs (id INTEGER PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT, status TEXT, stats TEXT);
CREATE INDEX articles_topic ON articles (topic_id, position);
CREATE INDEX articles_published ON articles (published_on_site);
CREATE INDEX urls_state ON urls (state);
CREATE INDEX link_occurrences_url ON link_occurrences (url_id);
CREATE VIRTUAL TABLE articles_fts USING fts4 (content="articles", title, text, tags, tokenize=unicode61);
CREATE TABLE files (name TEXT PRIMARY KEY, kind TEXT NOT NULL, period TEXT NOT NULL, part INTEGER NOT NULL, articles INTEGER NOT NULL, urls INTEGER NOT NULL, bytes INTEGER NOT NULL, sha256 TEXT NOT NULL);
`;


export const COLUMNS: Record<string, string> = {
  topics: 'id, slug, name, description',
  sources: 'id, topic_id, kind, url, origin, discovered_from',
  urls: 'id, url, canonical_url, equivalence_key, topic_id, source_id, state, reason, error_code, detail, duplicate_of, attempts, next_retry_at, http_status, final_url, redirects, etag, last_modified, expires_at, hint_title, hint_published, discovered_at, fetched_at, updated_at',
  tags: 'id, slug, name',
  posts: 'id, source_id, guid, url, title, author, published_at, first_seen_at',
  link_occurrences: 'id, url_id, source_id, post_id, context, in_quote, first_seen_at',
  runs: 'id, started_at, finished_at, status, stats',
};
export const ARTICLE_COLUMNS = 'id, url_id, topic_id, slug, title, description, excerpt, author, published_at, modified_at, fetched_at, lang, site_name, favicon, source_url, canonical_url, image, word_count, reading_time, content_hash, page, position, published_on_site, related';

