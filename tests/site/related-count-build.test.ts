import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, type Config } from '../../crawler/config/index.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { buildSite } from '../../scripts/build.ts';
import { imagePool, writeHistoryRun } from '../../scripts/dev/bench/lib/longevity-history.ts';
import { demoConfig } from '../../scripts/dev/demo/config.ts';
import { readContent, type ContentFile } from './helpers/content.ts';

// publish.relatedCount through the crawl, the build and the page: runs published with the default
// relate each article to earlier ones, and its page lists them; the owner then sets 0. The next run
// relates its articles to none, and the next build shows no "Related articles" on any page, the
// pages published before included (their files still name related articles).

let root: string;
let before: ContentFile[];
let after: ContentFile[];
const withRelated = new Map<string, boolean>();

function configWith(relatedCount?: number): Config {
  const user = demoConfig({ resolve: {} });
  if (relatedCount !== undefined) user.publish = { ...user.publish, relatedCount };
  return parseConfig(user);
}

const hasRelated = (html: string) => parseHTML(html).document.getElementById('related-heading') !== null;
const page = (c: ContentFile) => readFileSync(join(root, 'dist', c.id, 'index.html'), 'utf8');

beforeAll(async () => {
  const parent = join(process.cwd(), '.astro', 'site-tests');
  await mkdir(parent, { recursive: true });
  root = await mkdtemp(join(parent, 'related-'));
  const paths = sitePaths(root);
  const startMs = Date.UTC(2026, 0, 10);
  const config = configWith();
  await writeHistoryRun({ paths, config, first: 0, count: 12, startMs, spacingMs: 3_600_000, images: await imagePool(config) });
  before = await readContent(root);
  await buildSite({ root, config, quiet: true });
  for (const c of before) withRelated.set(c.id, hasRelated(page(c)));
  const none = configWith(0);
  await writeHistoryRun({ paths, config: none, first: 12, count: 6, startMs, spacingMs: 3_600_000, images: await imagePool(none) });
  after = (await readContent(root)).filter((c) => !before.some((b) => b.id === c.id));
  await buildSite({ root, config: none, quiet: true });
}, 300_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('publish.relatedCount', () => {
  it('relates articles by default: their files name related articles and their pages list them', () => {
    const related = before.filter((c) => c.data.related.length > 0);
    expect(related.length).toBeGreaterThan(0);
    for (const c of related) expect(withRelated.get(c.id), c.id).toBe(true);
  });

  it('at 0, the crawl relates a new article to none', () => {
    expect(after.length).toBe(6);
    for (const c of after) expect(c.data.related, c.id).toEqual([]);
  });

  it('at 0, no article page shows related articles, not even those whose files name some', () => {
    for (const c of [...before, ...after]) {
      expect(existsSync(join(root, 'dist', c.id, 'index.html')), c.id).toBe(true);
      expect(hasRelated(page(c)), c.id).toBe(false);
    }
  });
});
