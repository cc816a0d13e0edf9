import initSqlJs from 'sql.js';

/** A small database shaped like the crawler's: tables, an index and an FTS4 table. */
export async function sampleDatabase(): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE articles (id INTEGER PRIMARY KEY, topic TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL, published TEXT);
    CREATE INDEX articles_topic ON articles(topic);
    CREATE TABLE urls (id INTEGER PRIMARY KEY, url TEXT UNIQUE, state TEXT);
    CREATE VIRTUAL TABLE articles_fts USING fts4(title, body);
    INSERT INTO articles (topic, title, url, published) VALUES ('science', 'Climate and ice', 'https://a.example/1', '2024-03-01'), ('science', 'Stars', 'https://a.example/2', '2024-03-02');
    INSERT INTO urls (url, state) VALUES ('https://a.example/1', 'published');
    INSERT INTO articles_fts (title, body) VALUES ('Climate and ice', 'Glaciers melt.');`);
  const bytes = db.export();
  db.close();
  return bytes;
}
