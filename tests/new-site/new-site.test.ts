import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { main } from '../../scripts/new-site/main.ts';
import { answersFromFlags } from '../../scripts/new-site/answers.ts';
import { topicsFromOpml } from '../../scripts/new-site/opml-topics.ts';
import { renderConfig } from '../../scripts/new-site/render-config.ts';
import { cronProblem, readSchedule, setSchedule } from '../../scripts/new-site/schedule.ts';
import { copyProject } from './copy-project.ts';

const run = promisify(execFile);
const cleanup: string[] = [];

afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

async function tempRoot(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gleaner-new-site-'));
  cleanup.push(dir);
  mkdirSync(join(dir, '.github', 'workflows'), { recursive: true });
  writeFileSync(join(dir, '.github', 'workflows', 'crawl.yml'), readFileSync(join(import.meta.dirname, '..', '..', '.github', 'workflows', 'crawl.yml')));
  return dir;
}

const CONFIG_MODULE = pathToFileURL(join(import.meta.dirname, '..', '..', 'crawler', 'config', 'index.ts')).href;

/** Imports the written site.config.ts (its import of the config module pointed at this checkout) and validates it. */
async function loadWritten(root: string) {
  const text = readFileSync(join(root, 'site.config.ts'), 'utf8');
  expect(text).toContain("from './crawler/config/index.ts'");
  const probe = join(root, `site.config.probe-${Date.now()}.ts`);
  writeFileSync(probe, text.replace("'./crawler/config/index.ts'", `'${CONFIG_MODULE}'`));
  const mod = (await import(pathToFileURL(probe).href)) as { default: unknown };
  return parseConfig(mod.default);
}

function io(answers: string[] = []) {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  input.end(answers.map((a) => `${a}\n`).join(''));
  return { io: { input, output, interactive: answers.length > 0 }, text: () => text };
}

describe('flags', () => {
  it('turn into topics with sources of every kind and keywords', () => {
    const { answers, problems } = answersFromFlags({
      title: 'Orbit Weekly',
      topic: ['Space', 'Climate change'],
      feed: ['space=https://a.example/feed.xml', 'Climate change=sitemap:https://b.example/sitemap.xml', 'climate-change=site:https://c.example/'],
      keywords: ['space=mars, exoplanets'],
    });
    expect(problems).toEqual([]);
    expect(answers.topics).toEqual([
      { slug: 'space', name: 'Space', keywords: ['mars', 'exoplanets'], sources: [{ kind: 'feed', url: 'https://a.example/feed.xml' }] },
      {
        slug: 'climate-change',
        name: 'Climate change',
        keywords: [],
        sources: [
          { kind: 'sitemap', url: 'https://b.example/sitemap.xml' },
          { kind: 'site', url: 'https://c.example/' },
        ],
      },
    ]);
  });

  it('take --mode, refusing a mode that does not exist', () => {
    expect(answersFromFlags({ mode: 'Full' }).answers.mode).toBe('full');
    expect(answersFromFlags({ mode: 'some' }).problems).toEqual(['--mode "some" must be one of excerpt, full, link']);
  });

  it('accept a bare feed URL with one topic, and say which topic is meant with several', () => {
    expect(answersFromFlags({ topic: ['Space'], feed: ['https://a.example/feed.xml'] }).answers.topics?.[0]?.sources).toEqual([{ kind: 'feed', url: 'https://a.example/feed.xml' }]);
    expect(answersFromFlags({ topic: ['Space', 'Climate'], feed: ['https://a.example/feed.xml'] }).problems).toEqual([
      '--feed "https://a.example/feed.xml": say which topic it belongs to, like --feed "space=https://a.example/feed.xml"',
    ]);
    expect(answersFromFlags({ topic: ['Space'], feed: ['sport=https://a.example/feed.xml'] }).problems).toEqual(['--feed "sport=https://a.example/feed.xml": there is no --topic "sport"']);
  });
});

const OPML_FIXTURES = join(import.meta.dirname, '..', 'discover', 'fixtures', 'opml');
const opmlFixture = (name: string) => readFileSync(join(OPML_FIXTURES, name), 'utf8');

describe('topics from an OPML list', () => {
  it('turns folders into topics (slug from the name) and feeds into feed sources', () => {
    expect(topicsFromOpml(opmlFixture('feedly.opml'))).toEqual({
      ok: true,
      duplicates: 0,
      topics: [
        {
          slug: 'space',
          name: 'Space',
          keywords: [],
          sources: [
            { kind: 'feed', url: 'https://www.nasa.gov/rss/dyn/breaking_news.rss' },
            { kind: 'feed', url: 'https://www.esa.int/rssfeed/Our_Activities/Space_Science' },
          ],
        },
        { slug: 'climate-change', name: 'Climate change', keywords: [], sources: [{ kind: 'feed', url: 'https://www.carbonbrief.org/feed/' }] },
      ],
    });
  });

  it('puts feeds outside any folder in "General", skips empty folders, and gives names without Latin letters or the site\'s own routes a slug that works', () => {
    const nested = topicsFromOpml(opmlFixture('nested.opml'));
    expect(nested.ok && nested.topics.map((t) => [t.slug, t.name, t.sources.length])).toEqual([
      ['tech', 'Tech', 3],
      ['general', 'General', 1],
      ['photography', 'Photography', 1],
    ]);
    const odd = topicsFromOpml(
      '<opml><body><outline text="Данные"><outline xmlUrl="https://a.example/feed"/></outline><outline text="Data"><outline xmlUrl="https://b.example/feed"/></outline>' +
        '<outline text="News"><outline xmlUrl="https://c.example/feed"/></outline><outline text="news!"><outline xmlUrl="https://d.example/feed"/></outline></body></opml>',
    );
    expect(odd.ok && odd.topics.map((t) => [t.slug, t.name, t.sources.map((s) => s.url)])).toEqual([
      ['topic-1', 'Данные', ['https://a.example/feed']],
      ['data-topic', 'Data', ['https://b.example/feed']],
      ['news', 'News', ['https://c.example/feed', 'https://d.example/feed']],
    ]);
  });

  it('refuses a list with a feed it cannot read, naming each and its line', () => {
    expect(topicsFromOpml(opmlFixture('messy.opml'))).toEqual({
      ok: false,
      problems: [
        'line 9: feed "Gopher hole" has xmlUrl "gopher://hole.example/1/feed": a gopher: URL, and only http(s) feeds can be read',
        'line 10: feed "Feed scheme" has xmlUrl "feed://scheme.example/rss": a feed: URL, and only http(s) feeds can be read',
        'line 11: feed "Private" has xmlUrl "https://user:secret@private.example/rss": contains a user name or password, which would be published with the config',
      ],
    });
  });
});

describe('the config file it writes', () => {
  it('loads and validates, with quotes and backslashes escaped', async () => {
    const root = await tempRoot();
    const text = renderConfig({
      title: "Rosa's \\ News",
      url: 'https://news.example.com/',
      language: 'pt-BR',
      description: 'Notícias, "todas"',
      email: 'ola@news.example.com',
      mode: 'link',
      topics: [{ slug: 'ciencia', name: 'Ciência', keywords: ['física'], sources: [{ kind: 'feed', url: 'https://a.example/feed.xml' }, { kind: 'discourse', url: 'https://forum.example/' }] }],
    });
    writeFileSync(join(root, 'site.config.ts'), text);
    const config = await loadWritten(root);
    expect(config.site).toMatchObject({ title: "Rosa's \\ News", url: 'https://news.example.com/', language: 'pt-BR', description: 'Notícias, "todas"' });
    expect(config.site.legal).toMatchObject({ owner: "Rosa's \\ News", email: 'ola@news.example.com' });
    expect(config.topics).toMatchObject([{ slug: 'ciencia', name: 'Ciência', keywords: ['física'], sources: [{ kind: 'feed', url: 'https://a.example/feed.xml' }, { kind: 'discourse', url: 'https://forum.example/' }] }]);
    expect(config.crawl.userAgent).toBe('GleanerBot/0.1 (+https://news.example.com/about/)');
    expect(config.publish.mode).toBe('link');
    expect(text).toMatch(/\/\/ How much of each article the site republishes: 'full' .*\n.*'excerpt'.*\n.*'link'/);
  });
});

describe('the crawl schedule', () => {
  it('is validated and rewritten in the workflow', () => {
    const workflow = readFileSync(join(import.meta.dirname, '..', '..', '.github', 'workflows', 'crawl.yml'), 'utf8');
    expect(readSchedule(workflow)).toMatch(/^\d+ \* \* \* \*$/);
    const changed = setSchedule(workflow, '*/30 * * * *');
    expect(readSchedule(changed)).toBe('*/30 * * * *');
    expect(changed.split('\n').length).toBe(workflow.split('\n').length);
    expect(cronProblem('0 25 * * *')).toMatch(/hour must be within 0-23/);
    expect(cronProblem('hourly')).toMatch(/five fields/);
  });
});

describe('npm run new-site', () => {
  it('asks for what the flags leave out, re-asking a wrong answer', async () => {
    const root = await tempRoot();
    const session = io(['My Site', 'not a url', 'https://my.example.org', '', 'All the news', '', 'sideways', 'link', 'Space, Software', 'https://space.example/feed.xml', 'mars', 'https://a.example/rss, site:https://b.example/', '']);
    const code = await main(['--root', root], session.io);
    expect(code, session.text()).toBe(0);
    expect(session.text()).toMatch(/Site URL \(where it will be served\) \[https:\/\/news\.example\.com\]: +url: must be an absolute http\(s\) URL/);
    // The reuse mode: each choice explained on one line, excerpt the default, a wrong answer asked again.
    expect(session.text()).toMatch(/ {2}excerpt +the lead paragraphs .*\n {2}full +the whole article.*permission.*\n {2}link +a link list/);
    expect(session.text()).toMatch(/Reuse mode \[excerpt\]: +one of excerpt, full, link, please/);
    const config = await loadWritten(root);
    expect(config.publish.mode).toBe('link');
    expect(config.site).toMatchObject({ title: 'My Site', url: 'https://my.example.org', language: 'en', description: 'All the news' });
    expect(config.topics.map((t) => [t.slug, t.keywords, t.sources])).toEqual([
      ['space', ['mars'], [{ kind: 'feed', url: 'https://space.example/feed.xml' }]],
      ['software', [], [{ kind: 'feed', url: 'https://a.example/rss' }, { kind: 'site', url: 'https://b.example/' }]],
    ]);
  });

  it('stops, writing nothing, when the input ends before the questions do', async () => {
    const root = await tempRoot();
    const session = io(['Half a site']);
    expect(await main(['--root', root], session.io)).toBe(2);
    expect(session.text()).toMatch(/the input ended before every question was answered/);
    expect(existsSync(join(root, 'site.config.ts'))).toBe(false);
  });

  it('with --yes, refuses to guess what is missing and writes nothing', async () => {
    const root = await tempRoot();
    const session = io();
    expect(await main(['--yes', '--root', root, '--title', 'X', '--topic', 'Space'], session.io)).toBe(2);
    expect(session.text()).toMatch(/missing: --url, --feed space=<url>/);
    expect(existsSync(join(root, 'site.config.ts'))).toBe(false);
    const bad = io();
    expect(await main(['--yes', '--root', root, '--title', 'X', '--url', 'ftp://x', '--topic', 'Space', '--feed', 'https://a.example/feed.xml'], bad.io)).toBe(2);
    expect(bad.text()).toMatch(/site\.url/);
    expect(existsSync(join(root, 'site.config.ts'))).toBe(false);
  });

  it('with --opml, makes the topics of the list (joined with --topic ones) and writes the config', async () => {
    const root = await tempRoot();
    const session = io();
    const args = ['--yes', '--root', root, '--title', 'Orbit', '--url', 'https://orbit.example.com', '--topic', 'Space', '--feed', 'space=sitemap:https://s.example/sitemap.xml'];
    expect(await main([...args, '--opml', join(OPML_FIXTURES, 'feedly.opml')], session.io), session.text()).toBe(0);
    expect(session.text()).toContain(`Read ${join(OPML_FIXTURES, 'feedly.opml')}: 3 feeds in 2 topics.`);
    const config = await loadWritten(root);
    expect(config.topics.map((t) => [t.slug, t.sources.map((s) => ('url' in s ? `${s.kind} ${s.url}` : s.kind))])).toEqual([
      ['space', ['sitemap https://s.example/sitemap.xml', 'feed https://www.nasa.gov/rss/dyn/breaking_news.rss', 'feed https://www.esa.int/rssfeed/Our_Activities/Space_Science']],
      ['climate-change', ['feed https://www.carbonbrief.org/feed/']],
    ]);
  });

  it('says which legal fields it filled in for the owner, with what, and where to change them', async () => {
    const root = await tempRoot();
    const args = ['--yes', '--root', root, '--title', 'Orbit', '--url', 'https://orbit.example.com', '--topic', 'Space', '--feed', 'https://a.example/feed.xml'];
    const session = io();
    expect(await main([...args, '--email', 'desk@orbit.example.com'], session.io), session.text()).toBe(0);
    expect(session.text()).toMatch(/^Filled in for you; change them in site\.config\.ts:$/m);
    expect(session.text()).toMatch(/^ {2}site\.legal\.owner +"Orbit": the site's title; .*name it as who runs the site/m);
    expect(session.text()).toMatch(/^ {2}site\.legal\.email +"desk@orbit\.example\.com": your contact address/m);
    expect(session.text()).toMatch(/^ {2}site\.legal\.dmcaEmail +"desk@orbit\.example\.com": your contact address; the DMCA page sends takedown notices there/m);
    // What it says is what it wrote.
    expect((await loadWritten(root)).site.legal).toMatchObject({ owner: 'Orbit', email: 'desk@orbit.example.com', dmcaEmail: 'desk@orbit.example.com' });

    // Without an address it fills in only the owner (the next steps ask for the address).
    const bare = io();
    expect(await main(args, bare.io), bare.text()).toBe(0);
    expect(bare.text()).toMatch(/^ {2}site\.legal\.owner +"Orbit"/m);
    expect(bare.text()).not.toMatch(/site\.legal\.(dmcaE|e)mail +"/);
    expect(bare.text()).toContain('0. Set site.legal.email (or dmcaEmail) in site.config.ts');
  });

  it('with a malformed --opml list, says what is wrong, exits 2 and writes nothing', async () => {
    const root = await tempRoot();
    const workflow = readFileSync(join(root, '.github', 'workflows', 'crawl.yml'), 'utf8');
    const cut = join(root, 'cut.opml');
    writeFileSync(cut, opmlFixture('feedly.opml').split('\n').slice(0, 10).join('\n'));
    const base = ['--yes', '--root', root, '--title', 'Orbit', '--url', 'https://orbit.example.com', '--schedule', '5 * * * *'];
    for (const [file, expected] of [
      [cut, 'line 8: <outline> is never closed'],
      [join(OPML_FIXTURES, 'messy.opml'), 'line 9: feed "Gopher hole" has xmlUrl "gopher://hole.example/1/feed"'],
      [join(root, 'missing.opml'), 'cannot read it (ENOENT)'],
    ] as const) {
      const session = io();
      expect(await main([...base, '--opml', file], session.io)).toBe(2);
      expect(session.text()).toContain(expected);
      expect(existsSync(join(root, 'site.config.ts'))).toBe(false);
      expect(readFileSync(join(root, '.github', 'workflows', 'crawl.yml'), 'utf8')).toBe(workflow);
    }
  });

  it('run non-interactively in a copy of the repository, produces a site that builds', async () => {
    const fork = await copyProject();
    cleanup.push(fork);
    // Sample content of the upstream site, which a fork must not inherit.
    mkdirSync(join(fork, 'content', 'space'), { recursive: true });
    writeFileSync(join(fork, 'content', 'space', 'an-upstream-article.md'), '---\ntitle: Upstream\n---\nText\n');
    mkdirSync(join(fork, 'media'), { recursive: true });
    writeFileSync(join(fork, 'media', '0123456789abcdef-640.webp'), 'image');
    writeFileSync(join(fork, 'data', 'site.sqlite'), 'upstream database');

    const node = (args: string[]) => run(process.execPath, ['scripts/kit/run.mjs', ...args], { cwd: fork, env: { ...process.env, CI: '1' }, maxBuffer: 1 << 24 });
    const created = await node([
      'scripts/new-site/main.ts',
      '--yes',
      '--title', 'Orbit Weekly',
      '--url', 'https://orbit.example.com',
      '--opml', join(OPML_FIXTURES, 'feedly.opml'),
      '--topic', 'Climate change',
      '--feed', 'climate-change=sitemap:https://climate.example.org/sitemap.xml',
      '--schedule', '5 */2 * * *',
    ]);
    for (const secret of ['S3_BUCKET', 'S3_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) expect(created.stdout).toContain(secret);
    expect(readdirSync(join(fork, 'content'))).toEqual(['.gitkeep']);
    expect(readdirSync(join(fork, 'data'))).toEqual(['.gitkeep']);
    expect(existsSync(join(fork, 'media'))).toBe(false);
    expect(readSchedule(readFileSync(join(fork, '.github', 'workflows', 'crawl.yml'), 'utf8'))).toBe('5 */2 * * *');

    // --yes without --mode: excerpt, the choice that needs no one's permission.
    expect(readFileSync(join(fork, 'site.config.ts'), 'utf8')).toContain("mode: 'excerpt',");
    // Without --email there is no address for takedown notices: npm run build names the field and stops.
    const refused = await node(['scripts/build.ts']).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toContain('✗ site.legal.dmcaEmail is missing');
    const configFile = join(fork, 'site.config.ts');
    writeFileSync(configFile, readFileSync(configFile, 'utf8').replace("email: '',", "email: 'editor@orbit-weekly.com',"));
    const built = await node(['scripts/build.ts']);
    expect(built.stdout).toMatch(/built \d+ pages/);
    const home = readFileSync(join(fork, 'dist', 'index.html'), 'utf8');
    expect(home).toContain('Orbit Weekly');
    expect(existsSync(join(fork, 'dist', 'space', 'index.html'))).toBe(true);
    expect(existsSync(join(fork, 'dist', 'climate-change', 'index.html'))).toBe(true);
    expect(readFileSync(join(fork, 'dist', 'rss.xml'), 'utf8')).toContain('Orbit Weekly');

    // OPML round trip: the list imported above comes back from the built site as the same feed sources.
    expect(home).toMatch(/<a href="\/opml\.xml"[^>]*>OPML<\/a>/);
    // (--topic put "Climate change" first, and its sitemap source is not a feed, so it is not in the list.)
    const bySlug = (text: string) => {
      const result = topicsFromOpml(text);
      return result.ok ? [...result.topics].sort((a, b) => a.slug.localeCompare(b.slug)) : result.problems;
    };
    const imported = bySlug(opmlFixture('feedly.opml'));
    expect(bySlug(readFileSync(join(fork, 'dist', 'opml.xml'), 'utf8'))).toEqual(imported);
    expect(bySlug(readFileSync(join(fork, 'dist', 'space', 'opml.xml'), 'utf8'))).toEqual((imported as unknown[]).filter((t) => (t as { slug: string }).slug === 'space'));
  }, 300_000);
});
