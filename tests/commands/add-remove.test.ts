import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { buildSite } from '../../site/builder/index.ts';
import { snapshot } from '../crawler/helpers.ts';
import { article, HOST, startArticleServer, type ArticleServer } from './helpers/article-server.ts';
import { runCommand, type CommandResult } from '../helpers/run-command.ts';
import { distTraces, filesUnder } from '../helpers/dist-traces.ts';

// npm run add and npm run remove as real processes against a local site: add publishes (and the
// build shows it), says which article a duplicate repeats and why a page is rejected, --force
// publishes a short page but never a private address; remove takes an article out of every
// output of the build (every HTML, XML, JSON file, the search fragments, the data files), leaves
// a "removed" page at its address, and a later crawl that meets the URL in its feed never fetches it.


const LONG = article('/2026/03/orbital-relay.html', 'Orbital relay stations open a new quiet channel', 11);
const OTHER = article('/2026/03/harbour-tides.html', 'Harbour tide gauges record an unusual winter', 23);
const COPY = { ...LONG, path: '/mirror/orbital-relay.html' };
const SHORT = { path: '/notes/short.html', title: 'Brief note on relay maintenance', paragraphs: ['Brief note on relay maintenance: the relay is down for an hour on Friday.'] };

/** A test that runs commands as real processes: at load 21 each took 60-100 s (--force runs four), against 2-5 s alone. */
const COMMANDS_MS = 600_000;

let server: ArticleServer;
let root: string;
let configFile: string;
let config: Config;

function run(command: 'add' | 'remove' | 'crawl', args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return runCommand(command === 'crawl' ? 'scripts/crawl/main.ts' : `scripts/${command}.ts`, [...args, '--config', configFile, '--root', root], { CI: '1', ...env });
}

beforeAll(async () => {
  server = await startArticleServer([LONG, OTHER, COPY, SHORT]);
  root = mkdtempSync(join(tmpdir(), 'gleaner-addremove-'));
  const user = {
    site: { title: 'Takedown test', url: 'https://takedown.example' },
    topics: [
      { slug: 'news', name: 'News', sources: [`${server.base}/feed.xml`] },
      { slug: 'notes', name: 'Notes', sources: [`${server.base}/notes.xml`] },
    ],
    images: { enabled: false },
    crawl: { resolve: server.resolve, privateHosts: [HOST], perHostDelayMs: 0, retries: 0 },
  };
  configFile = join(root, 'site.config.mjs');
  writeFileSync(configFile, `export default ${JSON.stringify(user, null, 2)};\n`);
  config = parseConfig(user);
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

let slug = '';

describe('npm run add', () => {
  it('prints its help and wants a topic when the site has several', async () => {
    const help = await run('add', ['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Usage: npm run add');
    const noTopic = await run('add', [`${server.base}${LONG.path}`]);
    expect(noTopic.code).toBe(2);
    expect(noTopic.err).toMatch(/--topic is required: this site has 2 topics \(news, notes\)/);
  }, COMMANDS_MS);

  it('publishes a page now, with a segment the next run and build see', async () => {
    const result = await run('add', [`${server.base}${LONG.path}`, '--topic', 'news']);
    expect(result.code, result.err).toBe(0);
    const match = /^published as news\/([^ ]+) \((content\/news\/\d{4}\/\d{2}\/[^)]+\.md)\)$/m.exec(result.out);
    expect(match, result.out).not.toBeNull();
    slug = match![1]!;
    expect(existsSync(join(root, match![2]!))).toBe(true);
    expect(filesUnder(join(root, 'data', 'segments')).length).toBeGreaterThan(0);
    expect((await run('add', [`${server.base}${OTHER.path}`, '--topic', 'news'])).code).toBe(0);
    const again = await run('add', [`${server.base}${LONG.path}`, '--topic', 'news']);
    expect(again.code).toBe(0);
    expect(again.out).toContain(`already published as news/${slug}`);
  }, COMMANDS_MS);

  it('says which article a duplicate repeats, and why a page is rejected', async () => {
    const duplicate = await run('add', [`${server.base}${COPY.path}`, '--topic', 'news']);
    expect(duplicate.code).toBe(1);
    expect(duplicate.out).toContain(`duplicate of news/${slug}`);
    const short = await run('add', [`${server.base}${SHORT.path}`, '--topic', 'notes']);
    expect(short.code).toBe(1);
    expect(short.out).toMatch(/^rejected: too_short \(\d+ words, fewer than \d+\)/m);
  }, COMMANDS_MS);

  it('--force publishes a short page, but never passes the address guard', async () => {
    const forced = await run('add', [`${server.base}${SHORT.path}`, '--topic', 'notes', '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out).toMatch(/^published as notes\//m);
    for (const url of [`http://127.0.0.1:${server.resolve[HOST]!.split(':')[1]}${LONG.path}`, 'http://10.1.2.3/article.html', 'http://169.254.169.254/latest/meta-data/']) {
      const refused = await run('add', [url, '--topic', 'notes', '--force']);
      expect(refused.code, url).toBe(1);
      expect(refused.out, url).toMatch(/^rejected: E_URL_/m);
    }
  }, COMMANDS_MS);

  it('the build shows the added page', async () => {
    await buildSite({ root, config, quiet: true });
    const page = readFileSync(join(root, 'dist', 'news', slug, 'index.html'), 'utf8');
    expect(page).toContain(LONG.title);
    // The walk of the removal test finds what it looks for: before, the article is in the search fragments and the data files.
    const found = await distTraces(join(root, 'dist'), [LONG.title, `${server.base}${LONG.path}`]);
    expect(found.some((h) => h.startsWith('pagefind/') && h.includes(LONG.title))).toBe(true);
    expect(found.some((h) => h.startsWith('data/') && h.endsWith('.sqlite: ' + `${server.base}${LONG.path}`))).toBe(true);
    // …and in the JSON lists of the newest articles, the site's and its topic's.
    expect(found).toEqual(expect.arrayContaining([`data/latest.json: ${LONG.title}`, `data/news/latest.json: ${LONG.title}`]));
    // …and its page address in another article's related list, in the data files.
    expect(await distTraces(join(root, 'dist'), [`news/${slug}`])).toEqual(expect.arrayContaining([expect.stringMatching(/^data\/site\.sqlite: /)]));
  }, 300_000);
});

describe('npm run remove', () => {
  it('--dry-run shows what would change and writes nothing', async () => {
    const before = snapshot(root);
    const dry = await run('remove', [`news/${slug}`, '--dry-run']);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain('dry run: nothing written');
    expect(dry.out).toMatch(new RegExp(`files deleted \\(1\\):\\n  content/news/\\d{4}/\\d{2}/${slug}\\.md`));
    expect(dry.out).toContain(`/news/${slug}/`);
    expect(dry.out).toContain(`/amp/news/${slug}/`);
    expect(dry.out).toContain('/news/page/1/');
    expect(dry.out).toContain(`${server.base}${LONG.path}`);
    const after = snapshot(root);
    expect([...after.keys()].filter((k) => !k.startsWith('/dist/'))).toEqual([...before.keys()].filter((k) => !k.startsWith('/dist/')));
    for (const [file, bytes] of before) if (!file.startsWith('/dist/')) expect(after.get(file), file).toBe(bytes);
  }, COMMANDS_MS);

  it('wants a reason, and takes the article down by its URL', async () => {
    expect((await run('remove', [`${server.base}${LONG.path}`])).code).toBe(2);
    const removed = await run('remove', [`${server.base}${LONG.path}`, '--reason', 'DMCA notice from Relay Press']);
    expect(removed.code, removed.err).toBe(0);
    expect(removed.out).toContain(`remove news/${slug}`);
    expect(filesUnder(join(root, 'content')).some((f) => f.endsWith(`/${slug}.md`))).toBe(false);
    const again = await run('remove', [`news/${slug}`, '--reason', 'twice']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('already removed on');
  }, COMMANDS_MS);

  it('--list shows the removals with date, URL and reason', async () => {
    const list = await run('remove', ['--list']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}  ${server.base.replace(/\./g, '\\.')}${LONG.path.replace(/\./g, '\\.')}  \\(news/${slug}\\)  DMCA notice from Relay Press$`, 'm'));
  }, COMMANDS_MS);

  it('leaves no trace of the article in any output of the next build, only a "removed" page at its address', async () => {
    await buildSite({ root, config, quiet: true });
    const dist = join(root, 'dist');
    const url = `${server.base}${LONG.path}`;
    const removedPage = join(dist, 'news', slug, 'index.html');
    expect(readFileSync(removedPage, 'utf8')).toContain('removed on');
    expect(readFileSync(removedPage, 'utf8')).toContain('at the request of the rights holder');
    expect(existsSync(join(dist, 'amp', 'news', slug))).toBe(false);
    expect(await articleTraces(dist)).toEqual([]);
    expect(emptyFolders(dist)).toEqual([]);
    // The other article is still everywhere it was.
    expect(readFileSync(join(dist, 'news', 'index.html'), 'utf8')).toContain(OTHER.title);
    // The CDN's list of gone paths.
    const gone = JSON.parse(readFileSync(join(dist, '.gleaner', 'gone.json'), 'utf8')) as { data: Array<{ key: string }> };
    expect(gone.data.map((d) => d.key)).toEqual(expect.arrayContaining([`/news/${slug}/`, `/amp/news/${slug}/`]));
    expect(readFileSync(join(dist, '.gleaner', 'cloudfront-gone.js'), 'utf8')).toContain('statusCode = 410');
  }, 300_000);

  it('a later crawl that meets the URL (or an equivalent one) in its feed never fetches it', async () => {
    server.feed.push(LONG.path, `http://www.${HOST}${LONG.path}?utm_source=feed`, `http://${HOST.toUpperCase()}${LONG.path}`, `${LONG.path}/`, OTHER.path);
    const before = server.requests.get(LONG.path) ?? 0;
    const crawl = await run('crawl', ['--verbose']);
    expect(crawl.code, crawl.err).toBe(0);
    expect(server.requests.get('/feed.xml')).toBeGreaterThan(0);
    expect(server.requests.get(LONG.path) ?? 0).toBe(before);
    expect(server.requests.get(`${LONG.path}/`) ?? 0).toBe(0);
    // It says so: one line per taken-down address skipped, the one removed and an equivalent one
    // first met now (the upper-case host is the same address; the www. one is refused earlier, not
    // being a private host here), and a count in the summary.
    const skipped = crawl.err.match(/^skip +removed +\S+ +listed by \S+; taken down on \d{4}-\d{2}-\d{2} \(removal #\d+\)$/gm) ?? [];
    expect(skipped.map((line) => line.split(/ +/)[2]).sort(), crawl.err).toEqual([`${server.base}${LONG.path}`, `${server.base}${LONG.path}/`]);
    for (const line of skipped) expect(line).toContain(`listed by ${server.base}/feed.xml`);
    expect(crawl.out).toMatch(/^ +taken-down URLs skipped +2 \(/m);
    expect(filesUnder(join(root, 'content')).some((f) => f.endsWith(`/${slug}.md`))).toBe(false);
    const add = await run('add', [`${server.base}${LONG.path}`, '--topic', 'news']);
    expect(add.code).toBe(1);
    expect(add.out).toMatch(/^rejected: removed \(taken down on \d{4}-\d{2}-\d{2}: DMCA notice from Relay Press\)/m);
    expect(server.requests.get(LONG.path) ?? 0).toBe(before);
    // The next build still shows no trace of it.
    await buildSite({ root, config, quiet: true });
    expect(await articleTraces(join(root, 'dist'))).toEqual([]);
    expect(emptyFolders(join(root, 'dist'))).toEqual([]);
  }, COMMANDS_MS);
});

/**
 * Every trace of the removed article a reader could fetch: its title, address, text and page
 * address (topic/slug, as a related list names it). The "removed" page at its address and the
 * build's own records (dist/.gleaner/, never uploaded: the gone list, the file list) are meant to name it.
 */
async function articleTraces(dist: string): Promise<string[]> {
  const hits = await distTraces(dist, [LONG.title, `${server.base}${LONG.path}`, LONG.path, LONG.paragraphs[1]!.slice(0, 60), `news/${slug}`]);
  return hits.filter((h) => !h.startsWith(`news/${slug}/index.html: `) && !h.startsWith('.gleaner/'));
}

function emptyFolders(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory() && readdirSync(join(e.parentPath, e.name)).length === 0)
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}
