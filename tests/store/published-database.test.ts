import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { runCrawl, type RunSummary } from '../../crawler/pipeline/index.ts';
import { startSampleWeb } from '../../scripts/dev/demo/index.ts';
import { demoConfig } from '../../scripts/dev/demo/config.ts';
import { startLocalS3, type LocalS3 } from '../deploy/helpers/s3.ts';
import { RUN } from '../helpers/run-command.ts';

// The whole chain with fake secrets in the environment, as the workflow has real ones:
// `npm start -- --no-serve` (sample web → crawl → build) and `npm run deploy` run as child
// processes with AWS keys, a GitHub token and bucket settings in their environment. Then every
// byte produced (database, content, media, dist, the bucket's objects, the logs) is searched
// for the secrets. A second crawl with nothing new must leave data/, content/ and media/ as
// they were.

const run = promisify(execFile);
const SECRETS = {
  AWS_SECRET_ACCESS_KEY: 'Fk9qT2xW8vL3mN7pR4sY6uZ1aB5cD0eGhJkLmNoPq',
  GITHUB_TOKEN: 'ghp_F4k3T0k3nF0rT3st1ngGl34n3rX9y8Z7w6V5u',
  ACTIONS_RUNTIME_TOKEN: 'eyJ0eXAiOiJKV1QiFAKE.runtime.token-4b8c2d',
  CLOUDFRONT_DISTRIBUTION_ID: 'E1FAKEDISTRIBUTION9',
};
const AWS_ACCESS_KEY_ID = 'AKIAFAKEGLEANERTEST7';

let root: string;
let paths: SitePaths;
let s3: LocalS3;
let logs = '';
let idle: RunSummary;
let before: Map<string, { sha: string; mtimeMs: number }>;
let after: Map<string, { sha: string; mtimeMs: number }>;

/** Every object's bytes, eight requests at a time. */
async function readAll(keys: string[]): Promise<Array<[string, Buffer]>> {
  const out: Array<[string, Buffer]> = [];
  for (let i = 0; i < keys.length; i += 8) {
    out.push(...(await Promise.all(keys.slice(i, i + 8).map(async (key) => [`s3://${key}`, await s3.read(key)] as [string, Buffer]))));
  }
  return out;
}

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

function fingerprint(dirs: string[]): Map<string, { sha: string; mtimeMs: number }> {
  const out = new Map<string, { sha: string; mtimeMs: number }>();
  for (const file of dirs.flatMap(files)) out.set(file, { sha: createHash('sha256').update(readFileSync(file)).digest('hex'), mtimeMs: statSync(file).mtimeMs });
  return out;
}

beforeAll(async () => {
  const parent = join(process.cwd(), '.astro', 'ship-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'published-'));
  paths = sitePaths(root);
  s3 = await startLocalS3();
  const node = async (args: string[], env: Record<string, string>) => {
    const result = await run(process.execPath, [RUN, ...args], { cwd: process.cwd(), env: { ...process.env, CI: '1', ...env }, maxBuffer: 1 << 26 });
    logs += `${result.stdout}\n${result.stderr}\n`;
  };
  const secretEnv = { ...SECRETS, S3_BUCKET: s3.bucket };
  await node(['scripts/start.ts', '--no-serve', '--root', root], { ...secretEnv, AWS_ACCESS_KEY_ID });
  // s3rver only knows the access key id S3RVER; the secret key is not checked, so the fake one is used.
  await node(['scripts/deploy/main.ts', '--dir', paths.dist, '--verbose'], { ...secretEnv, ...s3.env, AWS_ACCESS_KEY_ID: 'S3RVER', CLOUDFRONT_DISTRIBUTION_ID: '' });

  before = fingerprint([paths.content, paths.data, paths.media]);
  const web = await startSampleWeb({ port: 0 });
  try {
    idle = await runCrawl(parseConfig(demoConfig(web)), paths);
  } finally {
    await web.close();
  }
  after = fingerprint([paths.content, paths.data, paths.media]);
}, 600_000);

afterAll(async () => {
  await s3?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('the published database', () => {
  it('is built and deployed with its checksum beside it', async () => {
    expect(logs).toMatch(/Built \d+ pages/);
    for (const name of ['site.sqlite', ...readdirSync(join(paths.dist, 'data')).filter((f) => /^site-\d{4}-\d{2}\.sqlite$/.test(f))]) {
      const bytes = readFileSync(join(paths.dist, 'data', name));
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(readFileSync(join(paths.dist, 'data', `${name}.sha256`), 'utf8')).toBe(`${sha}  ${name}\n`);
      expect((await s3.read(`data/${name}`)).equals(bytes), name).toBe(true);
    }
    expect(readdirSync(join(paths.dist, 'data')).filter((f) => f.endsWith('.sqlite')).length).toBeGreaterThanOrEqual(2);
  });

  it('contains none of the secrets in the environment: not in the database, content, media, build, bucket or logs', async () => {
    const produced = [paths.content, paths.data, paths.media, paths.dist].flatMap(files);
    expect(produced.length).toBeGreaterThan(100);
    const objects = await s3.list('', { includeState: true });
    expect(objects.length).toBeGreaterThan(100);
    const haystacks: Array<[string, Buffer]> = [
      ...produced.map((f) => [f, readFileSync(f)] as [string, Buffer]),
      ...(await readAll(objects.map((o) => o.key))),
      ['logs', Buffer.from(logs)],
    ];
    for (const [name, secret] of Object.entries({ ...SECRETS, AWS_ACCESS_KEY_ID })) {
      const hits = haystacks.filter(([, bytes]) => bytes.includes(secret)).map(([where]) => where);
      expect(hits, name).toEqual([]);
    }
    // The logs are real: both commands ran and talked about what they did.
    expect(logs).toMatch(/uploaded +\d+/);
  });

  it('holds no request headers or cookies, in the data files or in the state the repository keeps', async () => {
    const SQL = await initSqlJs();
    const text: string[] = [];
    const databases = [...files(join(paths.dist, 'data')), ...files(paths.segments)].filter((f) => f.endsWith('.sqlite'));
    expect(databases.length).toBeGreaterThanOrEqual(3);
    for (const file of databases) {
      const db = new SQL.Database(readFileSync(file));
      const tables = db.exec(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'articles_fts_%'`)[0]!.values.map((r) => String(r[0]));
      for (const table of tables) for (const row of db.exec(`SELECT * FROM "${table}"`)[0]?.values ?? []) for (const cell of row) if (typeof cell === 'string') text.push(cell);
      db.close();
    }
    const all = text.join('\n');
    expect(all).not.toMatch(/\b(user-agent|authorization|cookie|set-cookie|if-none-match|if-modified-since)\s*:/i);
    // The crawler's User-Agent header (its product token alone appears in robots.txt verdicts, which is public).
    expect(all).not.toContain(parseConfig(demoConfig({ resolve: {} })).crawl.userAgent);
  });

  it('answers full-text queries over the published articles', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database(readFileSync(join(paths.dist, 'data', 'site.sqlite')));
    const published = Number(db.exec('SELECT count(*) FROM articles')[0]!.values[0]![0]);
    expect(published).toBeGreaterThanOrEqual(50);
    expect(Number(db.exec('SELECT count(*) FROM articles_fts')[0]!.values[0]![0])).toBe(published);
    const hits = db.exec(
      `SELECT a.title, t.slug FROM articles_fts JOIN articles a ON a.id = articles_fts.docid JOIN topics t ON t.id = a.topic_id
       WHERE articles_fts MATCH 'mars OR telescope'`,
    )[0]?.values ?? [];
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h[1] === 'space')).toBe(true);
    expect(String(db.exec('PRAGMA integrity_check')[0]!.values[0]![0])).toBe('ok');
    db.close();
  });

  it('answers every example query of the README\'s "The data" section', async () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## The data\n'), readme.indexOf('\n## ', readme.indexOf('## The data\n') + 1));
    const queries = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(queries.length).toBeGreaterThanOrEqual(5);
    const SQL = await initSqlJs();
    const db = new SQL.Database(readFileSync(join(paths.dist, 'data', 'site.sqlite')));
    for (const query of queries) {
      const result = db.exec(query);
      expect(result[0]?.values.length ?? 0, query).toBeGreaterThan(0);
    }
    db.close();
  });

  it('a crawl that finds nothing new leaves data/, content/ and media/ untouched', () => {
    expect(idle.published).toBe(0);
    expect(idle.saved).toBe(false);
    expect(before.size).toBeGreaterThan(50);
    expect(after).toEqual(before);
  });
});
