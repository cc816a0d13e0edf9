import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../scripts/crawl/main.ts';
import { parseCommand } from '../../scripts/kit/args.ts';
import type { SampleWeb } from '../../scripts/dev/demo/index.ts';
import { removeTempRoots, smallSampleWeb, tempRoot } from '../crawler/helpers.ts';
import { runCommand, type CommandResult } from '../helpers/run-command.ts';

// The command line: flags, exit codes, output. In-process through main() where the exit code is
// all that matters, and as a real process for --help and a whole run.

const FLAGS = ['--config', '--root', '--topic', '--source', '--max-pages', '--dry-run', '--refresh', '--verbose', '--json', '--explain', '--help'];

let web: SampleWeb;
let dir: string;
beforeAll(async () => {
  web = await smallSampleWeb();
  dir = mkdtempSync(join(tmpdir(), 'gleaner-cli-'));
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await web?.close();
  removeTempRoots();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function writeConfig(name: string, value: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, `export default ${JSON.stringify(value, null, 2)};\n`);
  return file;
}

function goodConfig(): Record<string, unknown> {
  return {
    site: { title: 'CLI test', url: 'https://cli.example' },
    topics: [
      { slug: 'space', name: 'Space', sources: ['http://orbitalnotes.test/feed.xml', 'http://dailyparallax.test/section/space/feed.xml'] },
      { slug: 'climate', name: 'Climate', sources: ['http://greenledger.test/feed.xml'] },
    ],
    images: { enabled: false },
    crawl: { resolve: web.resolve, privateHosts: Object.keys(web.resolve), perHostDelayMs: 0, retries: 0 },
  };
}

/** main() with console output captured. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void (out += `${a.join(' ')}\n`));
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void (err += `${a.join(' ')}\n`));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => ((err += String(chunk)), true));
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, out, err };
}

/** The CLI as a real process. */
function spawnCli(args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return runCommand('scripts/crawl/main.ts', args, env);
}

describe('crawl command line', () => {
  it('--help documents every flag and the exit codes (a real process, exit 0)', async () => {
    const { code, out } = await spawnCli(['--help']);
    expect(code).toBe(0);
    for (const flag of FLAGS) expect(out, flag).toContain(flag);
    expect(out).toMatch(/Exit codes:[\s\S]*0[\s\S]*2[\s\S]*3/);
  });

  it('exits 2 on a bad config, naming the field', async () => {
    const config = goodConfig();
    (config.crawl as Record<string, unknown>).concurrency = 'lots';
    const { code, err } = await run(['--config', writeConfig('bad.config.ts', config), '--root', tempRoot().root]);
    expect(code).toBe(2);
    expect(err).toContain('crawl.concurrency');
  });

  it('exits 2 on a missing config file, an unknown flag, a bad --max-pages or an unknown topic', async () => {
    const root = tempRoot().root;
    expect((await run(['--config', join(dir, 'nope.config.ts'), '--root', root])).code).toBe(2);
    const unknown = await run(['--frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--frobnicate');
    const pages = await run(['--max-pages', 'many']);
    expect(pages.code).toBe(2);
    expect(pages.err).toContain('--max-pages');
    const topic = await run(['--config', writeConfig('good.config.ts', goodConfig()), '--root', root, '--topic', 'astrology']);
    expect(topic.code).toBe(2);
    expect(topic.err).toContain('astrology');
  });

  it('exits 3 when the site root is not usable', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const { code, err } = await run(['--config', writeConfig('good.config.ts', goodConfig()), '--root', join(file, 'site')]);
    expect(code).toBe(3);
    expect(err).toContain('E_UNWRITABLE');
  });

  it('--dry-run exits 0 and writes nothing', async () => {
    const root = tempRoot().root;
    const { code, out } = await run(['--config', writeConfig('good.config.ts', goodConfig()), '--root', root, '--dry-run']);
    expect(code).toBe(0);
    expect(out).toContain('dry run: nothing written');
    expect(readdirSync(root)).toEqual([]);
  });

  it('a whole run as a real process: one line per event in CI, a summary, exit 0 although pages were rejected', async () => {
    const root = tempRoot().root;
    const config = writeConfig('good.config.ts', goodConfig());
    const { code, out, err } = await spawnCli(['--config', config, '--root', root, '--json'], { CI: 'true' });
    expect(code, err).toBe(0);
    const summary = JSON.parse(out);
    expect(summary.published).toBeGreaterThan(0);
    expect(Object.keys(summary.rejected).length).toBeGreaterThan(0);
    expect(err).toMatch(/^== discover \(3\)$/m);
    expect(err.match(/^source read +feed /gm)).toHaveLength(3);
    expect(err).toMatch(/^page +rejected +http:\/\/greenledger\.test\/\S+ +too_short/m);
    expect(err).toMatch(/^published \d+ in space$/m);

    const again = await spawnCli(['--config', config, '--root', root]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/Crawl summary[\s\S]*database +unchanged \(nothing new\)/);
  });
});

describe('parseCommand (the argument handling crawl, deploy and new-site share)', () => {
  const options = { root: { type: 'string' }, topic: { type: 'string', multiple: true }, 'dry-run': { type: 'boolean' } } as const;

  it('returns the parsed values', () => {
    expect(parseCommand(['--root', 'x', '--topic', 'a', '--topic', 'b', '--dry-run'], options, 'HELP')).toEqual({ values: { root: 'x', topic: ['a', 'b'], 'dry-run': true }, positionals: [] });
  });

  it('answers -h and --help with the help (exit 0), a mistake with its message and the help (exit 2)', () => {
    for (const flag of ['-h', '--help']) expect(parseCommand([flag], options, 'HELP')).toEqual({ exitCode: 0, message: 'HELP' });
    const mistake = parseCommand(['--root'], options, 'HELP');
    expect(mistake).toMatchObject({ exitCode: 2, message: expect.stringMatching(/--root[\s\S]*\n\nHELP$/) });
  });
});
