import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { sitePaths, type SitePaths } from '../../crawler/paths.ts';
import { miniConfig, startMiniWeb, XML, type MiniWeb } from '../discover/fixtures/mini-web.ts';
import { articleHtml, rss } from '../rules/fixtures.ts';
import { clock } from './helpers.ts';
import { runCommand, type CommandResult } from '../helpers/run-command.ts';

// `npm run crawl -- --explain <url>` as a real process against local servers: the verdict of each
// step, the exit code (0 would publish, 1 would not, 2 bad arguments), and a site whose every
// file (the local snapshot in .gleaner/ too) is byte-identical afterwards.


const GOOD = 'http://mag.test/comet';
const SHORT = 'http://mag.test/short';
const SPONSORED = 'http://mag.test/partner';
const VIDEO = 'http://mag.test/video/9';
const COPY = 'http://copies.test/comet-copy';
const EXTRACTED = 'http://mag.test/notes';

let web: MiniWeb;
let dir: string;
let paths: SitePaths;
let configFile: string;

function files(root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.set(join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name)).toString('base64'));
  }
  return out;
}

function explain(args: string[]): Promise<CommandResult> {
  return runCommand('scripts/crawl/main.ts', ['--config', configFile, '--root', paths.root, ...args]);
}

/** The printed line of one step. */
function line(out: string, name: string): string {
  return out.split('\n').find((l) => l.includes(` ${name} `)) ?? `(no line for ${name})`;
}

beforeAll(async () => {
  web = await startMiniWeb(['mag.test', 'copies.test']);
  const comet = articleHtml({ title: 'The comet returns to the evening sky', paragraphs: 5 });
  web.set(GOOD, { body: comet });
  web.set(COPY, { body: comet.replace('<title>', '<title>Copy: ') });
  web.set(SHORT, { body: articleHtml({ title: 'Telescope sale this weekend', paragraphs: 1 }) });
  web.set(SPONSORED, { body: articleHtml({ title: 'Sponsored: the best binoculars', paragraphs: 5 }) });
  web.set(VIDEO, { body: articleHtml({ title: 'Launch video', paragraphs: 5 }) });
  web.set(EXTRACTED, { body: articleHtml({ title: 'Field notes from the observatory', paragraphs: 5, extra: '<div class="signup"><p>Signup box text that the extraction rule removes from every page.</p></div>' }) });
  web.set('http://mag.test/feed.xml', { type: XML, body: rss('mag.test', ['/comet']) });

  dir = mkdtempSync(join(tmpdir(), 'gleaner-explain-'));
  paths = sitePaths(join(dir, 'site'));
  const value = miniConfig(web, ['http://mag.test/feed.xml'], {
    quality: { minWords: 100 },
    images: { enabled: false },
    rules: { block: [{ field: 'url', pattern: '/video/' }] },
    extraction: { 'mag.test': { select: '.no-such-body', remove: ['.signup'] } },
  }) as { topics: Array<Record<string, unknown>> };
  value.topics[0]!.rules = { block: ['title:sponsored'] };
  configFile = join(dir, 'site.config.ts');
  writeFileSync(configFile, `export default ${JSON.stringify(value, null, 2)};\n`);
  // A crawled site: the comet is published, so its copy is a duplicate.
  await runCrawl(parseConfig(value), paths, { now: clock().fn });
}, 60_000);

afterAll(async () => {
  await web?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Each test runs the command as a real process: minutes on a loaded machine, and nothing here is about speed.
describe('crawl --explain', { timeout: 300_000 }, () => {
  it('prints every step of a page that would be published, exits 0 and writes nothing', async () => {
    const before = files(paths.root);
    expect([...before.keys()].some((f) => f.includes('/.gleaner/'))).toBe(true);
    const fresh = 'http://mag.test/notes';
    const { code, out, err } = await explain(['--explain', fresh, '--topic', 'space']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain(`Explain ${fresh}`);
    expect(line(out, 'fetch')).toMatch(/✓ fetch +200 text\/html; utf-8, \d+ bytes/);
    expect(line(out, 'rule for mag.test')).toContain('removed 1 element(s); select ".no-such-body" not used (it matches nothing on this page): automatic extraction instead');
    expect(line(out, 'strategy')).toMatch(/✓ strategy +\w+: "Field notes from the observatory", \d+ words/);
    expect(line(out, 'topics[0].rules.block[0]')).toContain('✓');
    expect(line(out, 'topics[0].rules.block[0]')).toContain('block: title contains "sponsored" — does not match');
    expect(line(out, 'rules.block[0]')).toContain('url matches /\\/video\\//i — does not match');
    expect(line(out, 'min words')).toMatch(/✓ min words +\d+ words \(at least 100\)/);
    expect(line(out, 'title in body')).toContain('✓');
    expect(line(out, 'language')).toContain('· language');
    expect(line(out, 'duplicate check')).toMatch(/✓ duplicate check +no stored article is the same or similar/);
    expect(out.trim().endsWith('Verdict: would be published')).toBe(true);
    expect(web.hits(fresh)).toHaveLength(1);
    expect(files(paths.root)).toEqual(before);
  });

  it('a page failing a quality filter: every filter measured, the failure named, exit 1', async () => {
    const before = files(paths.root);
    const { code, out } = await explain(['--explain', SHORT]);
    expect(code).toBe(1);
    expect(line(out, 'scope')).toContain('site-wide rules only');
    expect(line(out, 'min words')).toMatch(/✗ min words +\d+ words, fewer than 100$/);
    expect(line(out, 'starts like prose')).toContain('✓');
    expect(out).toMatch(/Verdict: would not be published\n {2}rejected: \d+ words, fewer than 100 \(reason too_short\)/);
    expect(files(paths.root)).toEqual(before);
  });

  it('a page a title rule blocks: the rule named, and the checks after it still shown', async () => {
    const { code, out } = await explain(['--explain', SPONSORED, '--topic', 'space']);
    expect(code).toBe(1);
    expect(line(out, 'topics[0].rules.block[0]')).toContain('✗');
    expect(line(out, 'min words')).toContain('✓');
    expect(out).toContain('rejected: blocked by rule topics[0].rules.block[0] (title contains "sponsored") (reason rule)');
  });

  it('a URL a rule blocks is never requested', async () => {
    const { code, out } = await explain(['--explain', VIDEO]);
    expect(code).toBe(1);
    expect(line(out, 'rules.block[0]')).toContain('✗');
    expect(line(out, 'rules.block[0]')).toContain('(before fetching: no request made)');
    expect(out).not.toContain(' fetch ');
    expect(web.hits(VIDEO)).toEqual([]);
  });

  it('runs the real duplicate check against the state, read-only', async () => {
    const before = files(paths.root);
    const { code, out } = await explain(['--explain', COPY, '--json']);
    expect(code).toBe(1);
    const explanation = JSON.parse(out) as { publishable: boolean; trace: Array<{ stage: string; verdict: string; reason?: string; detail: string }> };
    expect(explanation.publishable).toBe(false);
    const dedup = explanation.trace.find((s) => s.stage === 'dedup')!;
    expect(dedup).toMatchObject({ verdict: 'fail', reason: 'duplicate_content' });
    expect(dedup.detail).toMatch(/^same text as #\d+$/);
    // The published page itself is known to the state: its own rules, and a duplicate of itself.
    const known = await explain(['--explain', GOOD]);
    expect(line(known.out, 'scope')).toMatch(/the state has this URL as #\d+ \(published\)/);
    expect(known.code).toBe(1);
    expect(files(paths.root)).toEqual(before);
  });

  it('bad arguments exit 2', async () => {
    const before = files(paths.root);
    expect((await explain(['--explain', 'ftp://mag.test/x'])).code).toBe(2);
    expect((await explain(['--explain', GOOD, '--dry-run'])).code).toBe(2);
    const unknown = await explain(['--explain', GOOD, '--topic', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown topic "nope"');
    expect(files(paths.root)).toEqual(before);
  });
});
