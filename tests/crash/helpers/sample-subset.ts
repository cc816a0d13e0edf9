import { cpSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ARTICLES = fileURLToPath(new URL('../../../scripts/dev/demo/articles/', import.meta.url));

/**
 * A copy of the sample web's articles with only the first `perTopic` of each topic (the traps
 * stay: they are built from whichever articles there are). A kill test runs the crawl some forty
 * times; the whole set would make that minutes.
 */
export function sampleSubset(perTopic: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-sample-subset-'));
  for (const topic of readdirSync(ARTICLES)) {
    mkdirSync(join(dir, topic));
    for (const file of readdirSync(join(ARTICLES, topic)).sort().slice(0, perTopic)) cpSync(join(ARTICLES, topic, file), join(dir, topic, file));
  }
  return dir;
}
