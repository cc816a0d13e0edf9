import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { JSDOM } from 'jsdom';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { buildSite } from '../../scripts/build.ts';
import { hostileConfig, inertHtmlProblems, runCrawlProcess, startHostileWeb, TEST_TIMING, type CrawlProcessResult, type HostileWeb } from '../../scripts/dev/hostile/index.ts';
import { serveStatic, type StaticServer } from '../../scripts/kit/static-server.ts';
import { describeProblems, startBrowser } from '../helpers/browser.ts';
import { differences, filesUnder, fingerprint, type Fingerprint } from './helpers/tree.ts';
import { liveDomProblems, safetyPage } from './helpers/page-watch.ts';

// The hostile web crawled the way CI crawls (a child process, fake secrets in its environment),
// from inside a sentinel directory tree, then built into a site and read in Chromium:
// - files: the crawl writes content/, data/ and media/ under its root and nothing else, not even
//   in its working directory, HOME or TMPDIR;
// - secrets: none of the environment's secrets appears in anything the run produced, and no
//   request header is logged or stored;
// - the browser: every page of the built site opens with no dialog, no script from the content,
//   no request to another host (images over https excepted, as the CSP allows), no CSP violation;
// - feeds: the site's feeds are well-formed XML whose article HTML is inert.

const SECRETS = {
  AWS_ACCESS_KEY_ID: 'AKIAHOSTILEFAKEKEY42',
  AWS_SECRET_ACCESS_KEY: 'hOsTiLe/FaKe+SeCrEt/KeY0123456789abcdefGHIJ',
  AWS_SESSION_TOKEN: 'FQoGZXIvYXdzEHostileFakeSessionToken9876543210',
  GITHUB_TOKEN: 'ghp_H0st1leF4keT0kenF0rGleanerSafety0001',
  ACTIONS_RUNTIME_TOKEN: 'eyJhbGciOiJIUzI1NiJ9.hostile-fake-runtime.token-77',
  CLOUDFRONT_DISTRIBUTION_ID: 'EHOSTILEFAKEDIST0',
  S3_BUCKET: 'hostile-fake-bucket-7d1e',
  GLEANER_SEARXNG_KEY: 'searx-hostile-fake-key-5150',
};

let web: HostileWeb;
let parent: string;
let root: string;
let paths: SitePaths;
let config: Config;
let run: CrawlProcessResult;
let before: Fingerprint;
let after: Fingerprint;
let home: string;
let tmp: string;

beforeAll(async () => {
  web = await startHostileWeb({ timing: TEST_TIMING });
  parent = mkdtempSync(join(tmpdir(), 'gleaner-safety-'));
  // Decoys an attacker would like to read or overwrite, and folders that must stay empty.
  for (const [path, body] of Object.entries({ 'sentinel/etc/passwd': 'root:x:0:0:sentinel\n', 'sentinel/.ssh/id_rsa': 'sentinel key\n', 'sentinel/content/keep.md': '# not the site\n', 'README.txt': 'sentinel\n' })) {
    mkdirSync(join(parent, path, '..'), { recursive: true });
    writeFileSync(join(parent, path), body);
  }
  home = join(parent, 'home');
  tmp = join(parent, 'tmp');
  root = join(parent, 'site');
  for (const dir of [home, tmp, root]) mkdirSync(dir);
  paths = sitePaths(root);
  before = fingerprint(parent, (rel) => rel.startsWith('site/'));

  const user = hostileConfig(web, { fast: true });
  config = parseConfig(user);
  run = await runCrawlProcess({ config: user, root, cwd: parent, env: { ...SECRETS, HOME: home, TMPDIR: tmp } });
  // tsx keeps its compile cache in TMPDIR: that is the test runner's, not the crawler's.
  after = fingerprint(parent, (rel) => rel.startsWith('site/') || /^tmp\/tsx-[^/]*(\/|$)/.test(rel));
  if (run.exitCode === 0) await buildSite({ root, config, quiet: true });
}, 600_000);

afterAll(async () => {
  await web?.close();
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('files a hostile crawl writes', () => {
  it('ran to the end', () => {
    expect(run.exitCode, run.stderr.slice(-2000)).toBe(0);
    expect(run.summary!.published).toBeGreaterThanOrEqual(15);
  });

  it('are only content/, data/, media/ and the local cache under the root: nothing beside it, in its working directory, HOME or TMPDIR', () => {
    expect(before.size).toBeGreaterThan(5);
    expect(differences(before, after)).toEqual([]);
    // The build (dist/, .gleaner/build/) came after the check above; the crawl itself made only these.
    const crawled = readdirSync(root).filter((name) => name !== 'dist' && name !== '.astro');
    expect(crawled.sort()).toEqual(['.gleaner', 'content', 'data', 'media']);
    expect(readdirSync(paths.cache).filter((name) => name !== 'build')).toEqual(['state.sqlite']);
    expect(readdirSync(paths.data)).toEqual(['segments']);
    for (const file of filesUnder(paths.segments)) expect(relative(paths.segments, file), file).toMatch(/^\d{4}\/\d{2}\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-\d{6}\.sqlite$/);
    expect(readdirSync(paths.content)).toEqual(['hostile']);
    for (const file of filesUnder(paths.content)) {
      const rel = relative(paths.content, file).split(sep);
      expect(rel, file).toHaveLength(4);
      expect(rel.slice(1, 3).join('/'), file).toMatch(/^\d{4}\/\d{2}$/);
      expect(rel[3], file).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/);
    }
    for (const file of filesUnder(paths.media)) expect(relative(paths.media, file), file).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{16}-\d+\.(webp|avif)$/);
  });
});

describe('secrets', () => {
  it('never appear in the database, content, media, the built site, the logs or any request', () => {
    const produced = [...filesUnder(paths.content), ...filesUnder(paths.data), ...filesUnder(paths.media), ...filesUnder(paths.dist)];
    expect(produced.length).toBeGreaterThan(100);
    const haystacks: Array<[string, Buffer]> = [
      ...produced.map((f) => [f, readFileSync(f)] as [string, Buffer]),
      ['crawl stdout', Buffer.from(run.stdout)],
      ['crawl stderr', Buffer.from(run.stderr)],
      ['requests to the hostile web', Buffer.from(JSON.stringify(web.requests))],
    ];
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect(haystacks.filter(([, bytes]) => bytes.includes(secret)).map(([where]) => where), name).toEqual([]);
    }
    // The logs are real: they report failures with their codes.
    expect(run.stderr).toMatch(/E_BLOCKED_ADDRESS/);
    expect(run.stderr).toMatch(/E_TOO_LARGE/);
  });

  it('no request header is printed or stored, and no credential is ever sent', () => {
    const state = filesUnder(paths.segments).map((f) => readFileSync(f).toString('latin1')).join('\n');
    const data = filesUnder(join(paths.dist, 'data')).map((f) => readFileSync(f).toString('latin1')).join('\n');
    for (const [name, text] of [['logs', run.stdout + run.stderr], ['state', state], ['data files', data]] as const) {
      expect(text, name).not.toMatch(/\b(user-agent|accept-encoding|authorization|cookie|if-none-match|if-modified-since)\s*:/i);
      expect(text, name).not.toContain(config.crawl.userAgent);
    }
    expect(web.requests.filter((r) => r.headers.authorization || r.headers.cookie || r.headers['proxy-authorization'])).toEqual([]);
  });
});

describe('the built site in Chromium', () => {
  let server: StaticServer;
  let browser: Browser;
  let pages: string[];

  beforeAll(async () => {
    server = await serveStatic(paths.dist, { port: 0 });
    browser = await startBrowser();
    pages = filesUnder(paths.dist)
      .map((f) => relative(paths.dist, f).split(sep).join('/'))
      .filter((f) => f.endsWith('.html') && !f.startsWith('pagefind/') && f !== '404.html')
      .map((f) => `/${f.replace(/index\.html$/, '')}`)
      .sort();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens every page with no dialog, no script from the content, no request elsewhere and no CSP violation', async () => {
    const articles = pages.filter((p) => /^\/(amp\/)?hostile\/(?!page\/)[^/]+\/$/.test(p));
    expect(articles.length).toBeGreaterThanOrEqual(30); // every article and its AMP page
    const origin = new URL(server.url).origin;
    const watch = await safetyPage(browser, origin);
    const dom: string[] = [];
    const noPolicy: string[] = [];
    for (const path of pages) {
      const response = await watch.page.goto(new URL(path, server.url).href, { waitUntil: 'load' });
      expect(response?.status(), path).toBe(200);
      if (!response?.headers()['content-security-policy']) noPolicy.push(path);
      for (const problem of await watch.page.evaluate(liveDomProblems)) dom.push(`${path}: ${problem}`);
    }
    await watch.context.close();

    expect(watch.dialogs.map((d) => `${d.type} "${d.message}" on ${d.page}`)).toEqual([]);
    expect(describeProblems(watch.problems.filter((p) => p.kind === 'csp' || p.kind === 'pageerror'))).toEqual([]);
    expect(dom).toEqual([]);
    expect(noPolicy).toEqual([]);
    // Body images may be hotlinked over https (the CSP's img-src allows it); nothing else may leave.
    const leaving = watch.outgoing.filter((r) => !(r.type === 'image' && r.url.startsWith('https://')));
    expect(leaving.map((r) => `${r.type} ${r.url} from ${r.page}`)).toEqual([]);
    const hotlinked = [...new Set(watch.outgoing.map((r) => new URL(r.url).host))];
    console.log(`safety: ${pages.length} pages opened; images hotlinked from ${hotlinked.join(', ') || 'no host'}`);
  }, 300_000);

  it('would notice: a page that does carry script, a handler, a javascript: link and a remote stylesheet is caught', async () => {
    const article = pages.find((p) => /^\/hostile\/(?!page\/)[^/]+\/$/.test(p))!;
    const html = readFileSync(join(paths.dist, article, 'index.html'), 'utf8').replace(
      '</main>',
      `<img src="/nope.png" onerror="alert('tampered')"><a href="javascript:alert(2)">x</a><link rel="stylesheet" href="https://evil.hostile.test/x.css"><img src="https://evil.hostile.test/pixel.png"><script>alert('inline')</script></main>`,
    );
    mkdirSync(join(paths.dist, 'tampered'), { recursive: true });
    writeFileSync(join(paths.dist, 'tampered', 'index.html'), html);
    const watch = await safetyPage(browser, new URL(server.url).origin);
    await watch.page.goto(new URL('/tampered/', server.url).href, { waitUntil: 'load' });
    const dom = await watch.page.evaluate(liveDomProblems);
    await watch.context.close();
    // The policy refuses the inline script, the handler and the stylesheet (reported as violations, never run or fetched) …
    expect(watch.dialogs).toEqual([]);
    const csp = watch.problems.filter((p) => p.kind === 'csp').map((p) => p.text);
    expect(csp.some((t) => t.startsWith('script-src-elem blocked inline'))).toBe(true);
    expect(csp.some((t) => t.startsWith('script-src-attr blocked inline'))).toBe(true);
    expect(csp.some((t) => t.startsWith('style-src-elem blocked https://evil.hostile.test/x.css'))).toBe(true);
    // … and the watch sees what the policy lets through or leaves in the page.
    expect(dom).toEqual(expect.arrayContaining(['onerror handler on <img>', 'href="javascript:alert(2)" on <a>']));
    expect(watch.outgoing.map((r) => `${r.type} ${r.url}`)).toContain('image https://evil.hostile.test/pixel.png');
  });
});

/** HTML carried by a feed, element by element: RSS description and content:encoded, Atom summary/content of type html, JSON Feed content_html. */
function feedHtml(file: string): Array<{ where: string; html: string }> {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) {
    const feed = JSON.parse(text) as { items: Array<{ content_html?: string }> };
    return feed.items.map((item, i) => ({ where: `items[${i}].content_html`, html: item.content_html ?? '' }));
  }
  const document = new JSDOM(text, { contentType: 'application/xml' }).window.document;
  return Array.from(document.getElementsByTagName('*'))
    .filter((e) => ['description', 'content:encoded'].includes(e.tagName) || (['summary', 'content'].includes(e.tagName) && e.getAttribute('type') === 'html'))
    .filter((e) => e.parentElement?.tagName === 'item' || e.parentElement?.tagName === 'entry')
    .map((e) => ({ where: `<${e.tagName}>`, html: e.textContent ?? '' }));
}

describe("the built site's feeds", () => {
  const feeds = () => filesUnder(paths.dist).filter((f) => /(rss|atom)\.xml$|feed\.json$/.test(f));

  it('are well-formed XML and JSON, and carry the hostile title as text', () => {
    expect(feeds().length).toBeGreaterThanOrEqual(4);
    for (const file of [...feeds(), ...filesUnder(paths.dist).filter((f) => /sitemap.*\.xml$/.test(f))]) {
      const text = readFileSync(file, 'utf8');
      if (file.endsWith('.json')) expect(() => JSON.parse(text), file).not.toThrow();
      else expect(() => new JSDOM(text, { contentType: 'application/xml' }), file).not.toThrow();
    }
    const rss = new JSDOM(readFileSync(join(paths.dist, 'hostile', 'rss.xml'), 'utf8'), { contentType: 'application/xml' }).window.document;
    const titles = Array.from(rss.getElementsByTagName('title')).map((t) => t.textContent ?? '');
    expect(titles.some((t) => t.includes("</title><script>alert('xss:title')</script>"))).toBe(true);
  });

  it('carry only inert article HTML (content:encoded, Atom content, JSON content_html)', () => {
    // Every published article is in the feeds (hostileConfig sets feedItems), site-wide and per topic.
    const published = filesUnder(paths.content).length;
    // The article feeds carry every article; the story and daily feeds (an item a story or a day) are checked for inert HTML below all the same.
    const articleFeeds = feeds().filter((f) => !/[\\/]stories[\\/]|[\\/]daily\.(atom\.)?xml$/.test(f));
    expect(articleFeeds.length).toBeLessThan(feeds().length);
    for (const file of articleFeeds) expect(feedHtml(file).filter((h) => h.where !== '<description>').length, file).toBe(published);
    const problems = feeds().flatMap((file) =>
      feedHtml(file)
        .filter((h) => h.where !== '<description>')
        .flatMap((h) => inertHtmlProblems(h.html).map((p) => `${relative(paths.dist, file)} ${h.where}: ${p}`)),
    );
    expect(problems).toEqual([]);
  });

  // RSS <description> is HTML to readers; the plain-text summary must arrive escaped.
  it('carry only inert HTML in RSS <description>', () => {
    const problems = feeds().flatMap((file) =>
      feedHtml(file)
        .filter((h) => h.where === '<description>')
        .flatMap((h) => inertHtmlProblems(h.html).map((p) => `${relative(paths.dist, file)} ${h.where}: ${p}`)),
    );
    expect(problems).toEqual([]);
  });
});
