import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseConfig, type UserConfig } from '../../../crawler/config/index.ts';
import { readContentIndex } from '../../../site/builder/content-index.ts';
import { codeFingerprint, configFingerprint } from '../../../site/builder/fingerprint.ts';
import { ManifestStore, writeFileList } from '../../../site/builder/manifest.ts';
import { openMemory } from '../../../site/builder/memory.ts';
import { keyedPages } from '../../../site/builder/page-keys.ts';
import { listMediaAdded, listMediaWhole } from '../../../site/builder/media-listing.ts';
import { memoryFile, rendererVersion } from '../../../site/html/html-cache.ts';
import { buildSiteIndex } from '../../../site/model/site-index.ts';
import { commandArgs } from '../../kit/args.ts';
import { describeMachine, PROJECT, writeResults } from './lib/results.ts';
import { count, printTable, seconds } from './lib/table.ts';

// npm run bench:builder-steps: the build's steps that grow with the whole site, timed one by one
// on a built site (one kept by bench:longevity --site), without rendering: what an hourly build
// pays before and after Astro whatever it renders. It works on a copy of the site's build memory,
// so the site is left as it was. Run it with two versions of the code in turn to compare them.
// After each step it collects garbage and prints the heap the steps' results still hold: what a
// build's parent keeps in memory for the whole site.

const USAGE = 'usage: npm run bench:builder-steps -- --site DIR --config FILE (a site built before, and its config as JSON)';
const parsed = commandArgs(process.argv.slice(2), { site: { type: 'string' }, config: { type: 'string' } }, USAGE);
if (typeof parsed === 'number') process.exit(parsed);
const { site, config: configFile } = parsed.values;
if (!site || !configFile || !existsSync(memoryFile(site))) {
  console.error(`${USAGE}\nThe site needs a build memory (${site ? memoryFile(site) : '.gleaner/build/memory.sqlite'}): build it once first.`);
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'gleaner-builder-steps-'));
try {
  copyFileSync(memoryFile(site), join(work, 'memory.sqlite'));
  const db = openMemory(join(work, 'memory.sqlite'));
  const config = parseConfig(JSON.parse(readFileSync(configFile, 'utf8')) as UserConfig);
  const manifest = new ManifestStore(db);
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heapMb = () => {
    gc();
    return process.memoryUsage().heapUsed / 1024 / 1024;
  };
  const steps: Array<[string, number, string, number]> = [];
  const step = async <T>(name: string, work: () => T | Promise<T>, what: (value: T) => string): Promise<T> => {
    const started = performance.now();
    const value = await work();
    steps.push([name, performance.now() - started, what(value), heapMb()]);
    return value;
  };
  const heapAtStart = heapMb();

  const content = await step('content index', () => readContentIndex(site, db, rendererVersion(PROJECT)), (c) => `${count(c.entries.length)} articles, ${count(c.read)} read`);
  // What an hourly build pays to find what changed: the same again, with nothing changed since.
  await step('content index again (nothing new)', () => readContentIndex(site, db, rendererVersion(PROJECT)), (c) => `${count(c.read)} read`);
  const health = manifest.head()?.data.sources ?? [];
  const index = await step('site index', () => buildSiteIndex(content.entries, config, health), (i) => `${count(i.stories.length)} stories, ${count(i.tags.length)} tags`);
  const prefix = `${codeFingerprint(PROJECT)}:${configFingerprint(config)}`;
  const keyed = await step('page keys', () => keyedPages(index, prefix).pages, (k) => `${count(k.length)} pages`);
  await step('keys against the manifest', () => {
    const recorded = new Map(manifest.pages());
    return keyed.filter((p) => recorded.get(p.file) !== p.key).length;
  }, (n) => `${count(n)} differ`);
  const media = join(site, 'media');
  const recordedMedia = manifest.recordedMedia();
  // A delta build reads only the folders whose signature changed since the last build listed them (media-listing.ts).
  await step('media folders, as a delta build reads them', () => listMediaAdded(media, recordedMedia, Date.now()), (l) => (l ? `${count(l.files.length)} new files, ${count(l.read.size)} of ${count(recordedMedia.sigs.size)} folders read` : 'a file or folder gone: listed whole'));
  const whole = await step('media listed whole (any other build)', () => listMediaWhole(media, recordedMedia, Date.now()), (l) => `${count(l.files.length)} files`);
  await step('media against the manifest (whole)', () => {
    const known = new Set(manifest.filesUnder('media/'));
    return whole.files.filter((f) => known.has(`media/${f.slice(f.lastIndexOf('/') + 1)}`)).length;
  }, (n) => `${count(n)} known`);
  await step('file list (files.json)', () => writeFileList(join(work, 'files.json'), 'bench', manifest.filesJson()), () => `${count(manifest.counts().files)} files`);
  db.close();

  console.log(`bench:builder-steps on ${describeMachine()}\n${site}\n`);
  printTable(['step', 'time', 'heap held after', ''], steps.map(([name, ms, what, heap]) => [name, seconds(ms, 2), `${heap.toFixed(0)} MB`, what]));
  console.log(`\nheap before the steps: ${heapAtStart.toFixed(0)} MB (after a garbage collection each time)`);
  const total = steps.reduce((n, [, ms]) => n + ms, 0);
  console.log(`\nall steps: ${seconds(total, 2)}`);
  console.log(`wrote ${writeResults('builder-steps', { site, heapAtStartMb: Math.round(heapAtStart), steps: steps.map(([name, ms, what, heap]) => ({ name, ms: Math.round(ms), what, heapMb: Math.round(heap) })), totalMs: Math.round(total) })}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
