import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArticleFile } from '../../crawler/publish/article-file.ts';
import { buildSite } from '../../site/builder/index.ts';
import { makeDemoSite, type DemoSite } from '../../scripts/dev/lib/demo-site.ts';
import { distTraces, filesUnder } from '../helpers/dist-traces.ts';
import { runCommand } from '../helpers/run-command.ts';

// A takedown of one telling of a story, on the demo: the surfaces that quote or list a story's
// tellings (its page, whose summary quotes their sentences; /stories/ and its feeds; the other
// tellings' pages and feed items; the fronts' story cards; search; the data files) lose every
// trace of it. (The daily edition shows a story on its first telling's day, with that day's
// tellings: this one, told a day later, is on none.)

const TITLE = 'A Satellite Built to Name the Worst Methane Leakers';

let site: DemoSite;
let id = '';
let url = '';
let sentences: string[] = [];

beforeAll(async () => {
  site = await makeDemoSite(mkdtempSync(join(tmpdir(), 'gleaner-remove-story-')));
  const file = filesUnder(join(site.root, 'content')).find((f) => readFileSync(f, 'utf8').includes(`title: "${TITLE}"`))!;
  const read = readArticleFile(readFileSync(file, 'utf8'));
  if (!read.ok) throw new Error(read.problem);
  id = `${read.frontmatter.topic}/${file.split('/').pop()!.replace(/\.md$/, '')}`;
  url = read.frontmatter.url;
  // Every sentence of its body long enough to be quoted.
  sentences = read.body.split(/(?<=[.!?])\s+/).map((s) => s.replace(/[*_`[\]]/g, '').trim()).filter((s) => s.length > 60 && !s.includes('('));
}, 900_000);

afterAll(() => {
  if (site) rmSync(site.root, { recursive: true, force: true });
});

describe('a takedown of one telling of a story', () => {
  it('before: the story\'s surfaces list it and quote it', async () => {
    const hits = await distTraces(site.dist, [TITLE, ...sentences]);
    const files = new Set(hits.map((h) => h.split(': ')[0]!));
    for (const where of [/^stories\/\d+\/index\.html$/, /^stories\/index\.html$/, /^stories\/rss\.xml$/, /^space\/plumewatch[^/]*\/index\.html$/]) {
      expect([...files].some((f) => where.test(f)), String(where)).toBe(true);
    }
    // Its sentences are quoted somewhere (the story's summary), not only on its own page.
    expect(hits.some((h) => !h.startsWith(`${id}/`) && !h.startsWith(`amp/${id}/`) && sentences.some((s) => h.endsWith(s)))).toBe(true);
  });

  it('after npm run remove and a build: no page, feed, search fragment or data file holds its title, address, page or a sentence of it', async () => {
    const configFile = join(site.root, 'site.config.mjs');
    writeFileSync(configFile, `export default ${JSON.stringify(site.config)};\n`);
    const removed = await runCommand('scripts/remove.ts', [id, '--reason', 'test takedown', '--config', configFile, '--root', site.root]);
    expect(removed.code, removed.err).toBe(0);
    await buildSite({ root: site.root, config: site.config, quiet: true });
    const hits = await distTraces(site.dist, [TITLE, url, `"${id}"`, `/${id}/`, ...sentences]);
    // Only the "removed" page at its address names it, and the build's own records (never uploaded).
    expect(hits.filter((h) => !h.startsWith(`${id}/index.html: `) && !h.startsWith('.gleaner/'))).toEqual([]);
    // The story lives on with its three other tellings.
    const stories = readdirSync(join(site.dist, 'stories')).filter((d) => /^\d+$/.test(d));
    expect(stories.some((d) => readFileSync(join(site.dist, 'stories', d, 'index.html'), 'utf8').includes('Plumewatch-1 Reaches Orbit'))).toBe(true);
  });
});
