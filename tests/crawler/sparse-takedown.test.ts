import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePaths } from '../../crawler/paths.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { initRepo } from '../../scripts/dev/bench/lib/git-repo.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { sampleSubset } from '../crash/helpers/sample-subset.ts';
import { runCommand } from '../helpers/run-command.ts';
import { query, testConfig } from './helpers.ts';

// A takedown (npm run remove, a real process) in a sparse checkout that holds data/ alone: the
// article's Markdown file, its lead image's files and the files whose related list names it are
// all off disk. Their folders are checked out first (crawler/sparse-checkout.ts), so git sees
// the same deletions and rewrites as in a whole checkout, never a file silently left behind.

let parent: string;
let articles: string;
let web: SampleWeb;
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' });

/** `git status` of content/ and media/ after removing `target` from a fresh clone of `origin`, sparse or whole. */
async function takedown(origin: string, site: string, target: string, sparse: boolean): Promise<string> {
  const dir = join(parent, sparse ? 'sparse' : 'whole');
  if (sparse) {
    git(parent, 'clone', '-q', '--sparse', `file://${origin}`, dir);
    git(dir, 'sparse-checkout', 'set', '--cone', 'data');
  } else {
    git(parent, 'clone', '-q', `file://${origin}`, dir);
  }
  cpSync(join(site, '.gleaner'), join(dir, '.gleaner'), { recursive: true });
  const result = await runCommand('scripts/remove.ts', [target, '--reason', 'test takedown', '--config', join(parent, 'site.config.mjs'), '--root', dir]);
  expect(result.code, result.err).toBe(0);
  return git(dir, 'status', '--porcelain', '--', 'content', 'media');
}

let target: string;
let sparse: string;
let whole: string;

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'gleaner-sparse-takedown-'));
  articles = sampleSubset(4);
  web = await startSampleWeb({ articlesDir: articles });
  const config = testConfig(web, (c) => ({ ...c, images: { enabled: true } }));
  writeFileSync(join(parent, 'site.config.mjs'), `export default ${JSON.stringify(config)};\n`);
  const site = initRepo(join(parent, 'site'), ['.gleaner/', 'dist/', 'archive/']);
  await runCrawl(config, sitePaths(site.dir));
  expect(site.commitRun('crawl')).toBe(true);
  // An article with a lead image that another article lists as related.
  const [row] = await query<{ id: string }>(
    sitePaths(site.dir),
    `SELECT t.slug || '/' || a.slug AS id FROM articles a JOIN topics t ON t.id = a.topic_id
     WHERE a.status = 'published' AND a.image IS NOT NULL
       AND EXISTS (SELECT 1 FROM articles b WHERE instr(b.related, '"' || t.slug || '/' || a.slug || '"') > 0)
     ORDER BY a.id LIMIT 1`,
  );
  target = row!.id;
  const origin = join(parent, 'origin.git');
  git(parent, 'clone', '-q', '--bare', site.dir, origin);
  sparse = await takedown(origin, site.dir, target, true);
  whole = await takedown(origin, site.dir, target, false);
}, 300_000);

afterAll(async () => {
  await web?.close();
  if (parent) rmSync(parent, { recursive: true, force: true });
  if (articles) rmSync(articles, { recursive: true, force: true });
});

describe('a takedown in a sparse checkout', () => {
  it('deletes the article and its image and rewrites the related lists, as in a whole checkout', () => {
    expect(target).toMatch(/\//);
    expect(whole).toMatch(new RegExp(`^ D content/${target.split('/')[0]}/.*/${target.split('/')[1]}\\.md$`, 'm'));
    expect(whole).toMatch(/^ D media\//m);
    expect(whole).toMatch(/^ M content\//m);
    expect(sparse).toBe(whole);
  });
});
