import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../crawler/config/index.ts';
import { runCrawl } from '../../crawler/pipeline/index.ts';
import { setRelated } from '../../crawler/store/articles.ts';
import { openUpgradedState } from '../../crawler/upgrade/index.ts';
import { startSampleWeb, type SampleWeb } from '../../tools/demo/index.ts';
import { sampleSubset } from '../crash/helpers/sample-subset.ts';
import { runCommand } from '../helpers/run-command.ts';
import { query, removeTempRoots, tempRoot, testConfig } from './helpers.ts';

// A takedown takes the page out of every other article's related list (their rows, which the
// data files publish, and their Markdown files), and a site whose takedowns were done by a
// Gleaner that left those lists alone is mended by its next run.

let articles: string;
let web: SampleWeb;
let config: Config;

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
    const removed = await runCommand('commands/remove.ts', [target!.page, '--reason', 'test', '--config', configFile, '--root', paths.root]);
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
