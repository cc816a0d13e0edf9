// Schema migrations, applied in order. A database records its version in meta.schema_version;
// opening an older one upgrades it, a newer one is refused. Never edit a shipped migration:
// add a new one.

export interface Migration {
  version: number;
  description: string;
  sql: string;
}

/** Columns of the state's articles table from version 2 on (the migration below copies the rest). */
const ARTICLE_COLUMNS = [
  'id', 'url_id', 'topic_id', 'status', 'slug', 'title', 'description', 'excerpt', 'author', 'published_at', 'modified_at', 'fetched_at', 'lang',
  'site_name', 'favicon', 'source_url', 'canonical_url', 'image', 'word_count', 'reading_time', 'markdown', 'content_hash', 'minhash', 'strategy',
  'page', 'position', 'published_on_site', 'related',
].join(', ');

/**
 * Before version 9 a failed source read was kept as one string, "<code>: <message>" (or
 * "robots: …"/"not_html: …" for a rejected document); this splits such rows into the code (or
 * reason) and the message. A prefix that is neither becomes E_SOURCE with the whole string kept.
 * Idempotent: it touches only rows with a message and neither a code nor a reason.
 */
const SPLIT_SOURCE_ERRORS = `
  UPDATE sources SET
    last_reason = CASE WHEN split.prefix IN ('robots', 'not_html') THEN split.prefix END,
    last_error_code = CASE WHEN split.prefix IN ('robots', 'not_html') THEN NULL WHEN split.is_code THEN split.prefix ELSE 'E_SOURCE' END,
    last_error = CASE WHEN split.prefix IN ('robots', 'not_html') OR split.is_code THEN split.rest ELSE sources.last_error END
  FROM (
    SELECT id, prefix, rest, (prefix GLOB 'E_[A-Z]*' AND NOT prefix GLOB '*[^A-Z_]*') AS is_code
    FROM (SELECT id, substr(last_error, 1, instr(last_error, ': ') - 1) AS prefix, substr(last_error, instr(last_error, ': ') + 2) AS rest FROM sources)
  ) AS split
  WHERE split.id = sources.id AND sources.last_error IS NOT NULL AND sources.last_error_code IS NULL AND sources.last_reason IS NULL;
`;

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    description: 'topics, sources, urls with states, articles, tags, posts, link occurrences, runs, FTS4',
    sql: `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE topics (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT ''
);

CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  topic_id INTEGER NOT NULL REFERENCES topics(id),
  kind TEXT NOT NULL CHECK (kind IN ('feed','sitemap','discourse','site','search')),
  url TEXT NOT NULL,
  origin TEXT NOT NULL DEFAULT 'config' CHECK (origin IN ('config','autodiscovery')),
  discovered_from INTEGER REFERENCES sources(id),
  active INTEGER NOT NULL DEFAULT 1,
  etag TEXT,
  last_modified TEXT,
  expires_at INTEGER,
  last_read_at TEXT,
  next_due_at TEXT,
  last_status TEXT,
  last_error TEXT,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  items_seen INTEGER NOT NULL DEFAULT 0,
  cursor TEXT,
  UNIQUE (topic_id, kind, url)
);

CREATE TABLE urls (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL UNIQUE,
  canonical_url TEXT NOT NULL,
  equivalence_key TEXT NOT NULL,
  topic_id INTEGER NOT NULL REFERENCES topics(id),
  source_id INTEGER REFERENCES sources(id),
  state TEXT NOT NULL CHECK (state IN ('discovered','fetched','extracted','published','rejected','failed')),
  reason TEXT,
  error_code TEXT,
  detail TEXT,
  duplicate_of INTEGER REFERENCES urls(id),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_retry_at TEXT,
  http_status INTEGER,
  final_url TEXT,
  redirects TEXT,
  etag TEXT,
  last_modified TEXT,
  expires_at INTEGER,
  hint_title TEXT,
  hint_published TEXT,
  discovered_at TEXT NOT NULL,
  fetched_at TEXT,
  updated_at TEXT NOT NULL
);
CREATE INDEX urls_state ON urls (state, topic_id);
CREATE INDEX urls_equivalence ON urls (equivalence_key);
CREATE INDEX urls_canonical ON urls (canonical_url);

CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  url_id INTEGER NOT NULL UNIQUE REFERENCES urls(id),
  topic_id INTEGER NOT NULL REFERENCES topics(id),
  status TEXT NOT NULL DEFAULT 'ready' CHECK (status IN ('ready','publishing','published')),
  slug TEXT,
  title TEXT NOT NULL,
  description TEXT,
  excerpt TEXT NOT NULL,
  author TEXT,
  published_at TEXT,
  modified_at TEXT,
  fetched_at TEXT NOT NULL,
  lang TEXT,
  site_name TEXT,
  favicon TEXT,
  source_url TEXT NOT NULL,
  canonical_url TEXT NOT NULL,
  image TEXT,
  word_count INTEGER NOT NULL,
  reading_time INTEGER NOT NULL,
  text TEXT NOT NULL,
  markdown TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  minhash BLOB,
  strategy TEXT,
  page INTEGER,
  position INTEGER,
  published_on_site TEXT,
  related TEXT,
  UNIQUE (topic_id, slug)
);
CREATE INDEX articles_hash ON articles (content_hash);
CREATE INDEX articles_topic_status ON articles (topic_id, status);

CREATE TABLE tags (id INTEGER PRIMARY KEY, slug TEXT NOT NULL UNIQUE, name TEXT NOT NULL);
CREATE TABLE article_tags (
  article_id INTEGER NOT NULL REFERENCES articles(id),
  tag_id INTEGER NOT NULL REFERENCES tags(id),
  PRIMARY KEY (article_id, tag_id)
);

CREATE TABLE posts (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES sources(id),
  guid TEXT NOT NULL,
  url TEXT,
  title TEXT,
  author TEXT,
  published_at TEXT,
  content_hash TEXT NOT NULL,
  first_seen_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (source_id, guid)
);

CREATE TABLE link_occurrences (
  id INTEGER PRIMARY KEY,
  url_id INTEGER NOT NULL REFERENCES urls(id),
  source_id INTEGER REFERENCES sources(id),
  post_id INTEGER REFERENCES posts(id),
  context TEXT NOT NULL CHECK (context IN ('feed','sitemap','post','search','redirect','autodiscovery')),
  in_quote INTEGER NOT NULL DEFAULT 0,
  first_seen_at TEXT NOT NULL,
  UNIQUE (url_id, source_id, post_id, in_quote)
);
CREATE INDEX link_occurrences_url ON link_occurrences (url_id);

CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  status TEXT,
  stats TEXT
);

CREATE VIRTUAL TABLE articles_fts USING fts4 (title, text, tags, tokenize=unicode61);
`,
  },
  {
    version: 2,
    description:
      'the crawler state of the segmented store: the body is stored once (content/ once published), no FTS (the build makes the downloads), ' +
      'file and terms columns, lookup indexes and the LSH band table of the local state',
    sql: `
  CREATE TABLE articles_v2 (
    id INTEGER PRIMARY KEY,
    url_id INTEGER NOT NULL UNIQUE REFERENCES urls(id),
    topic_id INTEGER NOT NULL REFERENCES topics(id),
    status TEXT NOT NULL DEFAULT 'ready' CHECK (status IN ('ready','publishing','published')),
    slug TEXT,
    title TEXT NOT NULL,
    description TEXT,
    excerpt TEXT NOT NULL,
    author TEXT,
    published_at TEXT,
    modified_at TEXT,
    fetched_at TEXT NOT NULL,
    lang TEXT,
    site_name TEXT,
    favicon TEXT,
    source_url TEXT NOT NULL,
    canonical_url TEXT NOT NULL,
    image TEXT,
    word_count INTEGER NOT NULL,
    reading_time INTEGER NOT NULL,
    markdown TEXT,
    content_hash TEXT NOT NULL,
    minhash BLOB,
    strategy TEXT,
    page INTEGER,
    position INTEGER,
    published_on_site TEXT,
    related TEXT,
    file TEXT,
    terms TEXT,
    UNIQUE (topic_id, slug)
  );
  INSERT INTO articles_v2 (${ARTICLE_COLUMNS}) SELECT ${ARTICLE_COLUMNS} FROM articles;
  DROP TABLE articles;
  ALTER TABLE articles_v2 RENAME TO articles;
  CREATE INDEX articles_hash ON articles (content_hash);
  CREATE INDEX articles_topic_status ON articles (topic_id, status, position);
  CREATE INDEX articles_canonical ON articles (canonical_url);
  CREATE INDEX articles_source ON articles (source_url);
  CREATE INDEX article_tags_tag ON article_tags (tag_id);
  CREATE INDEX urls_retry ON urls (state, next_retry_at);
  DROP TABLE articles_fts;
  CREATE TABLE lsh (band_key INTEGER NOT NULL, article_id INTEGER NOT NULL);
  CREATE INDEX lsh_key ON lsh (band_key);
  CREATE INDEX lsh_article ON lsh (article_id);
  CREATE TABLE applied_segments (seq INTEGER PRIMARY KEY, name TEXT NOT NULL);
  `,
  },
  {
    version: 3,
    description: 'indexes for reading a month at a time (the build cuts the data files by month) and the newest articles first',
    sql: `
  CREATE INDEX articles_published ON articles (published_on_site, id);
  CREATE INDEX urls_discovered ON urls (discovered_at);
  CREATE INDEX runs_started ON runs (started_at);
  CREATE INDEX link_occurrences_post ON link_occurrences (post_id);
  `,
  },
  {
    version: 4,
    description: "the 'opml' source kind (a published OPML list whose feeds become sources): SQLite changes a CHECK only by copying the table",
    sql: `
  CREATE TABLE sources_v4 (
    id INTEGER PRIMARY KEY,
    topic_id INTEGER NOT NULL REFERENCES topics(id),
    kind TEXT NOT NULL CHECK (kind IN ('feed','sitemap','discourse','site','search','opml')),
    url TEXT NOT NULL,
    origin TEXT NOT NULL DEFAULT 'config' CHECK (origin IN ('config','autodiscovery')),
    discovered_from INTEGER REFERENCES sources(id),
    active INTEGER NOT NULL DEFAULT 1,
    etag TEXT,
    last_modified TEXT,
    expires_at INTEGER,
    last_read_at TEXT,
    next_due_at TEXT,
    last_status TEXT,
    last_error TEXT,
    consecutive_failures INTEGER NOT NULL DEFAULT 0,
    items_seen INTEGER NOT NULL DEFAULT 0,
    cursor TEXT,
    UNIQUE (topic_id, kind, url)
  );
  INSERT INTO sources_v4 SELECT * FROM sources;
  DROP TABLE sources;
  ALTER TABLE sources_v4 RENAME TO sources;
  `,
  },
  {
    version: 5,
    description: "each source host's icon: where it was looked for, the file saved under media/ (by content hash), when it was last checked",
    sql: `
  CREATE TABLE source_icons (
    host TEXT PRIMARY KEY,
    declared TEXT,
    file TEXT,
    hash TEXT,
    checked_at TEXT NOT NULL,
    error TEXT
  );
  `,
  },
  {
    version: 6,
    description: 'story clusters: articles about one story from several sources (the id is its first article\'s, so its page never moves)',
    sql: `
  CREATE TABLE clusters (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    lead_article_id INTEGER NOT NULL REFERENCES articles(id),
    title TEXT NOT NULL
  );
  ALTER TABLE articles ADD COLUMN cluster_id INTEGER REFERENCES clusters(id);
  CREATE INDEX articles_cluster ON articles (cluster_id);
  `,
  },
  {
    version: 7,
    description:
      "takedowns: the 'removed' URL state (terminal: never fetched again), the removals (date, reason, and the old page's topic, slug, position and files, " +
      'so its slug and number are never handed out again) and the addresses each one blocks (with every URL equivalent to them)',
    sql: `
  CREATE TABLE urls_v7 (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    canonical_url TEXT NOT NULL,
    equivalence_key TEXT NOT NULL,
    topic_id INTEGER NOT NULL REFERENCES topics(id),
    source_id INTEGER REFERENCES sources(id),
    state TEXT NOT NULL CHECK (state IN ('discovered','fetched','extracted','published','rejected','failed','removed')),
    reason TEXT,
    error_code TEXT,
    detail TEXT,
    duplicate_of INTEGER REFERENCES urls(id),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_retry_at TEXT,
    http_status INTEGER,
    final_url TEXT,
    redirects TEXT,
    etag TEXT,
    last_modified TEXT,
    expires_at INTEGER,
    hint_title TEXT,
    hint_published TEXT,
    discovered_at TEXT NOT NULL,
    fetched_at TEXT,
    updated_at TEXT NOT NULL
  );
  INSERT INTO urls_v7 SELECT * FROM urls;
  DROP TABLE urls;
  ALTER TABLE urls_v7 RENAME TO urls;
  CREATE INDEX urls_state ON urls (state, topic_id);
  CREATE INDEX urls_equivalence ON urls (equivalence_key);
  CREATE INDEX urls_canonical ON urls (canonical_url);
  CREATE INDEX urls_retry ON urls (state, next_retry_at);
  CREATE INDEX urls_discovered ON urls (discovered_at);
  CREATE TABLE removals (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL,
    reason TEXT NOT NULL,
    removed_at TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('removing','removed')),
    topic_id INTEGER REFERENCES topics(id),
    slug TEXT,
    position INTEGER,
    file TEXT,
    image TEXT
  );
  CREATE INDEX removals_slug ON removals (topic_id, slug);
  CREATE INDEX removals_status ON removals (status);
  CREATE TABLE removed_addresses (
    canonical_url TEXT PRIMARY KEY,
    equivalence_key TEXT NOT NULL,
    query TEXT NOT NULL,
    removal_id INTEGER NOT NULL REFERENCES removals(id)
  );
  CREATE INDEX removed_addresses_equivalence ON removed_addresses (equivalence_key);
  `,
  },
  {
    version: 8,
    description: 'archived copies: what was fetched for an article (files under archive/<id>/ with hashes and sizes, the response headers, the feed item or post that surfaced the link)',
    sql: `
  CREATE TABLE archives (
    id TEXT PRIMARY KEY,
    url_id INTEGER NOT NULL REFERENCES urls(id),
    article_id INTEGER REFERENCES articles(id),
    url TEXT NOT NULL,
    final_url TEXT NOT NULL,
    status INTEGER NOT NULL,
    fetched_at TEXT NOT NULL,
    rendered INTEGER NOT NULL DEFAULT 0,
    headers TEXT NOT NULL,
    files TEXT NOT NULL,
    provenance TEXT NOT NULL
  );
  CREATE INDEX archives_article ON archives (article_id);
  `,
  },
  {
    version: 9,
    description: "a failed source read's code (or, for a rejected document, its reason) in its own column, apart from the message in last_error",
    sql: `
  ALTER TABLE sources ADD COLUMN last_error_code TEXT;
  ALTER TABLE sources ADD COLUMN last_reason TEXT;
  ${SPLIT_SOURCE_ERRORS}
  `,
  },
  {
    version: 10,
    description:
      "what a source host calls itself (crawler/url/source-name.ts): each feed's own title, and per host its pages' og:site_name, application-name and repeated <title> suffix",
    sql: `
  ALTER TABLE sources ADD COLUMN title TEXT;
  CREATE TABLE source_names (
    host TEXT PRIMARY KEY,
    site_name TEXT,
    application_name TEXT,
    title_suffix TEXT,
    suffix_pages INTEGER NOT NULL DEFAULT 0
  );
  `,
  },
  {
    version: 11,
    description: "articles found by their Markdown file: every build asks which articles its changed files are (months.ts's affectedRows), which scanned the whole table",
    sql: `
  CREATE INDEX articles_file ON articles (file);
  `,
  },
];

/**
 * Rows a segment carries are as their run wrote them: a segment older than `version` still
 * needs this rewrite of its `table` rows once applied (segments.ts).
 */
export const SEGMENT_UPGRADES: ReadonlyArray<{ version: number; table: string; sql: string }> = [{ version: 9, table: 'sources', sql: SPLIT_SOURCE_ERRORS }];

export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
