import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticConfig, writeSyntheticSite } from '../../scripts/dev/lib/synthetic-content.ts';
import { snapshot } from './helpers/dist.ts';
import { RUN } from '../helpers/run-command.ts';

// `npm run build` as a command, on roots in the system temp folder (outside the project: Astro's
// prerender bundle used to fail to resolve packages there), whole and in slices: two slices
// built with GLEANER_SHARD and merged with --merge give the same dist/ as one cold build.

const run = promisify(execFile);
const BUILD = join(process.cwd(), 'scripts', 'build.ts');
let parent: string;
let whole: Map<string, Buffer>;
let merged: Map<string, Buffer>;
let logs = '';

async function build(root: string, args: string[] = [], env: Record<string, string> = {}): Promise<void> {
  const result = await run(process.execPath, [RUN, BUILD, '--root', root, '--config', join(parent, 'site.config.mjs'), ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    maxBuffer: 1 << 26,
  });
  logs += result.stdout + result.stderr;
}

beforeAll(async () => {
  parent = mkdtempSync(join(tmpdir(), 'gleaner-build-modes-'));
  const config = syntheticConfig({ topics: 2, pageSize: 5, url: 'https://news.example.com' });
  // npm run build refuses contact addresses at example domains (crawler/config/placeholders.ts).
  config.site.legal = { ...config.site.legal, email: 'hello@gleaner-news.net', dmcaEmail: 'dmca@gleaner-news.net' };
  writeFileSync(join(parent, 'site.config.mjs'), `export default ${JSON.stringify(config)};\n`);
  const one = join(parent, 'one');
  const sliced = join(parent, 'sliced');
  await writeSyntheticSite(one, { articles: 24, topics: 2, pageSize: 5, seed: 21 });
  for (const dir of ['content', 'media']) cpSync(join(one, dir), join(sliced, dir), { recursive: true });
  await build(one);
  await build(sliced, [], { GLEANER_SHARD: '1/2' });
  await build(sliced, [], { GLEANER_SHARD: '2/2' });
  await build(sliced, ['--merge', '2']);
  const drop = (files: Map<string, Buffer>) => {
    files.delete('.gleaner/files.json');
    return files;
  };
  whole = drop(await snapshot(join(one, 'dist')));
  merged = drop(await snapshot(join(sliced, 'dist')));
}, 600_000);

afterAll(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
});

describe('npm run build', () => {
  it('builds a root in the system temp folder', () => {
    expect(logs).toMatch(/built \d+ pages \(\d+ files\) into .*one\/dist/);
    expect(whole.has('index.html')).toBe(true);
    expect(whole.size).toBeGreaterThan(100);
    // Beside the site, never deployed: the CloudFront response headers policies.
    for (const kind of ['pages', 'amp', 'scripts']) expect(JSON.parse(whole.get(`.gleaner/cloudfront-headers-${kind}.json`)!.toString()).Name).toMatch(new RegExp(`-${kind}$`));
  });

  it('in two slices, merged, gives the same files as one cold build', () => {
    expect(logs).toMatch(/merged 2 slices/);
    expect([...merged.keys()].sort()).toEqual([...whole.keys()].sort());
    const differ = [...whole].filter(([file, bytes]) => !merged.get(file)?.equals(bytes)).map(([file]) => file);
    expect(differ).toEqual([]);
  });

  it('refuses a malformed GLEANER_SHARD with exit code 2 and what to write instead', async () => {
    const failed = await build(join(parent, 'one'), [], { GLEANER_SHARD: '3/2' }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toMatch(/GLEANER_SHARD="3\/2" must be i\/N/);
  });
});
