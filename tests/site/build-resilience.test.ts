import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToMarkdown, sanitizeArticleHtml } from '../../crawler/clean/index.ts';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { buildSite, type BuildReport } from '../../scripts/build.ts';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { existsForUrl, readUrl } from './helpers/dist.ts';

// One real build of a small site in which one article's Markdown cannot be rendered (an image
// URL with a lone "%", as articles cleaned before the fix could hold: the renderer throws "URI
// malformed") and another holds the same kind of URLs as its source page had them, passed
// through today's clean stage. The build must finish, leave out and report only the first, and
// publish the second with its URLs repaired.

const SITE = 'https://news.example.com';
let root: string;
let config: Config;
let report: BuildReport;
let broken: string;
let repaired: string;

async function appendToBody(file: string, markdown: string): Promise<void> {
  await writeFile(file, `${await readFile(file, 'utf8')}\n${markdown}\n`);
}

beforeAll(async () => {
  const parent = join(process.cwd(), '.astro', 'site-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'resilience-'));
  config = parseConfig(syntheticConfig({ topics: 1, pageSize: 5, url: SITE }));
  await writeSyntheticSite(root, { articles: 4, topics: 1, pageSize: 5, seed: 3 });
  const topic = (await readdir(join(root, 'content')))[0];
  const [first, second] = (await readdir(join(root, 'content', topic))).sort();
  broken = `${topic}/${first.replace(/\.md$/, '')}`;
  repaired = `${topic}/${second.replace(/\.md$/, '')}`;
  await appendToBody(join(root, 'content', topic, first), 'A chart: ![chart](https://img.example/100%.png) and [the deal](https://shop.example/50%off).');
  const cleaned = htmlToMarkdown(
    sanitizeArticleHtml('<p>A chart: <img src="https://img.example/100%.png" alt="chart"> and <a href="50%off">the deal</a>, <a href="https://x.example/%E0%A4%A">a bad escape</a>.</p>', {
      baseUrl: 'https://source.example/deals/',
    }),
  );
  await appendToBody(join(root, 'content', topic, second), cleaned);
  report = await buildSite({ root, config, quiet: true });
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a build with one article that cannot be rendered', () => {
  it('finishes, and reports that article with the renderer\'s reason', () => {
    expect(report.skipped).toEqual([{ file: `content/${broken}.md`, reason: expect.stringMatching(/URI malformed/) }]);
    expect(report.indexedPages).toBe(3);
  });

  it('leaves it out of every page and feed', async () => {
    expect(existsForUrl(report.dist, `/${broken}/`)).toBe(false);
    expect(existsForUrl(report.dist, `/amp/${broken}/`)).toBe(false);
    for (const page of ['/', `/${broken.split('/')[0]}/`, '/rss.xml', '/feed.json', '/sitemap-index.xml']) {
      expect(await readUrl(report.dist, page)).not.toContain(broken.split('/')[1]);
    }
  });

  it('publishes the article whose URLs the clean stage repaired', async () => {
    const page = await readUrl(report.dist, `/${repaired}/`);
    expect(page).toContain('src="https://img.example/100%25.png"');
    expect(page).toContain('href="https://source.example/deals/50%25off"');
    expect(page).toContain('href="https://x.example/%25E0%25A4%25A"');
  });
});
