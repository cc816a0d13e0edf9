import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../crawler/config/index.ts';
import type { SitePaths } from '../../crawler/paths.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { setRelated } from '../../crawler/store/articles.ts';
import { openUpgradedState } from '../../crawler/upgrade/index.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { query, removeTempRoots, tempRoot, testConfig } from '../crawler/helpers.ts';
import { inspectSite } from './helpers/consistency.ts';
import { sampleSubset } from './helpers/sample-subset.ts';
import { runCommand, type CommandResult } from '../helpers/run-command.ts';

// npm run remove SIGKILLed between its two steps (the removal saved, the file not deleted yet),
// right after the file went, after the related lists dropped the page, and half-way through
// rewriting a file that listed it (the removal not marked done): the site stays consistent, and
// the next crawl, or the next remove, finishes the removal. And a site whose takedowns were done
// by a Gleaner that left the related lists alone is mended by its next crawl.


let articles: string;
let web: SampleWeb;
let config: Config;

function removeRun(paths: SitePaths, configFile: string, args: string[], crashAt?: string): Promise<CommandResult> {
  return runCommand('scripts/remove.ts', [...args, '--config', configFile, '--root', paths.root], crashAt ? { GLEANER_CRASH_AT: crashAt } : {});
}

async function publishedSite(): Promise<{ paths: SitePaths; configFile: string; targets: Array<{ id: string; file: string }> }> {
  const paths = tempRoot();
  await runCrawl(config, paths);
  const configFile = join(paths.root, 'site.config.mjs');
  writeFileSync(configFile, `export default ${JSON.stringify(config)};\n`);
  const rows = await query<{ topic: string; slug: string; file: string }>(paths, `SELECT t.slug AS topic, a.slug, a.file FROM articles a JOIN topics t ON t.id = a.topic_id WHERE a.status = 'published' ORDER BY a.id LIMIT 2`);
  return { paths, configFile, targets: rows.map((r) => ({ id: `${r.topic}/${r.slug}`, file: r.file })) };
}

/** Where the state's related column or a content file's frontmatter still names `id`. */
async function namingRelated(paths: SitePaths, id: string): Promise<string[]> {
  const rows = await query<{ slug: string }>(paths, `SELECT slug FROM articles WHERE instr(related, ?) > 0`, [JSON.stringify(id)]);
  const files = readdirSync(join(paths.root, 'content'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.md') && readFileSync(join(e.parentPath, e.name), 'utf8').includes(`"${id}"`))
    .map((e) => e.name);
  return [...rows.map((r) => `row ${r.slug}`), ...files.map((f) => `file ${f}`)];
}

beforeAll(async () => {
  articles = sampleSubset(3);
  web = await startSampleWeb({ articlesDir: articles });
  config = testConfig(web);
}, 120_000);

afterAll(async () => {
  await web?.close();
  removeTempRoots();
  if (articles) rmSync(articles, { recursive: true, force: true });
});

describe('a remove killed with SIGKILL', () => {
  for (const at of ['remove:planned:1', 'remove:file-deleted:1', 'remove:related-dropped:1', 'write-half:md:1']) {
    it(`at ${at}: stays consistent, and the next crawl finishes it`, async () => {
      const { paths, configFile, targets } = await publishedSite();
      const [target] = targets;
      expect(await namingRelated(paths, target!.id), 'some article lists the target as related').not.toEqual([]);
      const killed = await removeRun(paths, configFile, [target!.id, '--reason', 'test takedown'], at);
      expect(killed.signal, killed.err).toBe('SIGKILL');
      const after = await inspectSite(paths);
      expect(after.problems).toEqual([]);
      expect(after.published.some((p) => p.startsWith(`${target!.id} `))).toBe(false);
      expect(await query(paths, `SELECT status FROM removals`)).toEqual([{ status: 'removing' }]);

      await runCrawl(config, paths);
      const recovered = await inspectSite(paths);
      expect(recovered.problems).toEqual([]);
      expect(existsSync(join(paths.root, target!.file))).toBe(false);
      expect(await query(paths, `SELECT status FROM removals`)).toEqual([{ status: 'removed' }]);
      expect(await namingRelated(paths, target!.id)).toEqual([]);
    }, 120_000);
  }

  it('at remove:planned:1: the next remove (of another article) finishes it first', async () => {
    const { paths, configFile, targets } = await publishedSite();
    const killed = await removeRun(paths, configFile, [targets[0]!.id, '--reason', 'first'], 'remove:planned:1');
    expect(killed.signal).toBe('SIGKILL');
    const next = await removeRun(paths, configFile, [targets[1]!.id, '--reason', 'second']);
    expect(next.code, next.err).toBe(0);
    expect(next.err).toContain('finished 1 removal a killed run left half done');
    expect((await inspectSite(paths)).problems).toEqual([]);
    for (const t of targets) expect(existsSync(join(paths.root, t.file))).toBe(false);
    expect(await query(paths, `SELECT status FROM removals ORDER BY id`)).toEqual([{ status: 'removed' }, { status: 'removed' }]);
  }, 120_000);
});

function contentFiles(root: string): Map<string, string> {
  const dir = join(root, 'content');
  return new Map(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name), 'utf8')]));
}

describe('related lists after a takedown', () => {
  it('a site whose takedown left its page in related lists is mended by the next crawl', async () => {
    const paths = tempRoot();
    await runCrawl(config, paths);
    const [target] = await query<{ id: number; page: string }>(paths, `SELECT a.id, t.slug || '/' || a.slug AS page FROM articles a JOIN topics t ON t.id = a.topic_id WHERE a.status = 'published' ORDER BY a.id LIMIT 1`);
    const naming = await query<{ id: number; related: string }>(paths, `SELECT id, related FROM articles WHERE instr(related, ?) > 0`, [JSON.stringify(target!.page)]);
    expect(naming.length).toBeGreaterThan(0);
    const filesBefore = contentFiles(paths.root);

    const configFile = join(paths.root, 'site.config.mjs');
    writeFileSync(configFile, `export default ${JSON.stringify(config)};\n`);
    const removed = await runCommand('scripts/remove.ts', [target!.page, '--reason', 'test', '--config', configFile, '--root', paths.root]);
    expect(removed.code, removed.err).toBe(0);
    expect(await query(paths, `SELECT id FROM articles WHERE instr(related, ?) > 0`, [JSON.stringify(target!.page)])).toEqual([]);
    const filesAfter = contentFiles(paths.root);
    expect([...filesAfter.values()].some((text) => text.includes(`"${target!.page}"`))).toBe(false);

    // As the previous Gleaner left it: the removal done, the lists untouched, and a fresh
    // checkout's state (no local snapshot, so no record of any check).
    for (const [file, text] of filesBefore) if (filesAfter.has(file)) writeFileSync(file, text);
    const db = await openUpgradedState(paths, {});
    for (const row of naming) setRelated(db, row.id, JSON.parse(row.related) as string[]);
    db.save();
    db.close();
    rmSync(paths.cache, { recursive: true, force: true });
    expect((await query(paths, `SELECT id FROM articles WHERE instr(related, ?) > 0`, [JSON.stringify(target!.page)])).length).toBe(naming.length);

    await runCrawl(config, paths);
    expect(await query(paths, `SELECT id FROM articles WHERE instr(related, ?) > 0`, [JSON.stringify(target!.page)])).toEqual([]);
    expect([...contentFiles(paths.root).values()].filter((text) => text.includes(`"${target!.page}"`))).toEqual([]);
  }, 120_000);
});
