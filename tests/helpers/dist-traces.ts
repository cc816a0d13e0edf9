import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';

// What a reader can fetch from a built site, searched for strings: every text file (pages, feeds,
// sitemaps, JSON), the search index's fragments (gzipped) and every column of every table of the
// downloadable databases. For the takedown tests: a removed article must leave no trace.

export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Where any of `needles` appears in dist/, as "<file relative to dist>: <needle>". */
export async function distTraces(dist: string, needles: string[]): Promise<string[]> {
  const SQL = await initSqlJs();
  const hits: string[] = [];
  for (const file of filesUnder(dist)) {
    const name = relative(dist, file).split(sep).join('/');
    let text: string;
    if (name.endsWith('.sqlite')) {
      const db = new SQL.Database(readFileSync(file));
      const tables = (db.exec(`SELECT name FROM sqlite_master WHERE type = 'table'`)[0]?.values ?? []).map((r) => String(r[0]));
      text = tables.map((t) => JSON.stringify(db.exec(`SELECT * FROM "${t}"`))).join('\n');
      db.close();
    } else if (name.includes('pagefind/') && !name.endsWith('.js') && !name.endsWith('.json')) {
      try {
        text = gunzipSync(readFileSync(file)).toString('utf8');
      } catch {
        text = readFileSync(file).toString('latin1');
      }
    } else text = readFileSync(file, 'utf8');
    for (const needle of needles) if (text.includes(needle)) hits.push(`${name}: ${needle}`);
  }
  return hits;
}
