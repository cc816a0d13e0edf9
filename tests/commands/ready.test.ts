import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/run-command.ts';

// Every npm script starts with scripts/kit/ready.mjs: on a Node older than package.json's
// engines it says in a sentence what to install and stops, before anything can crash.

function ready(node: string, args: string[] = []) {
  return spawnSync(node, ['scripts/kit/ready.mjs', ...args], { cwd: REPO, encoding: 'utf8', env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' } });
}

const SYSTEM_NODE = '/usr/bin/node';
const systemVersion = existsSync(SYSTEM_NODE) ? spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim() : '';
const [major = 0, minor = 0] = systemVersion.split('.').map(Number);
const systemIsOld = Boolean(systemVersion) && (major < 22 || (major === 22 && minor < 13));

describe('npm scripts check the machine first', () => {
  it('passes on this Node and says how to get Chromium when it is missing', () => {
    const result = ready(process.execPath, ['--browser']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('sudo apt-get install chromium');
  });

  it.runIf(systemIsOld)(`on an older Node (${systemVersion || 'none here'}), says what to install and exits 1`, () => {
    const result = ready(SYSTEM_NODE, ['--install']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Gleaner needs Node\.js 22\.13 or newer \(\d+ recommended\); this is Node\.js \d+\.\d+\.\d+\.\nInstall Node\.js \d+ /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

// Then scripts/kit/run.mjs runs the command's TypeScript: in its own process with Node's type
// stripping, or through tsx on a Node without it (here: this Node with stripping turned off).
describe('npm scripts run their TypeScript with scripts/kit/run.mjs', () => {
  const run = (nodeArgs: string[], args: string[]) => spawnSync(process.execPath, [...nodeArgs, 'scripts/kit/run.mjs', 'scripts/build.ts', ...args], { cwd: REPO, encoding: 'utf8' });

  it.each([
    ['with Node’s own type stripping', []],
    ['through tsx where Node has none', ['--no-experimental-strip-types']],
  ])('%s: the command gets its arguments and its exit code is the command’s', (_, nodeArgs) => {
    const help = run(nodeArgs, ['--help']);
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run build/);
    const bad = run(nodeArgs, ['--bogus']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--bogus'");
  });

  it('is how every script that runs a TypeScript file runs it', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    const typescript = Object.entries(scripts).filter(([, command]) => /\.ts\b/.test(command));
    expect(typescript.length).toBeGreaterThan(20);
    for (const [name, command] of typescript) expect(command, name).toMatch(/^node scripts\/kit\/ready\.mjs( --install)? && node scripts\/kit\/run\.mjs scripts\/\S+\.ts$/);
  });

  it('through tsx, passes a signal on to the command and ends the way the command ended', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-run-'));
    try {
      const file = join(dir, 'waits.ts');
      writeFileSync(file, "const pid: number = process.pid;\nconsole.log(`ready ${pid}`);\nsetInterval(() => {}, 1000);\n");
      const parent = spawn(process.execPath, ['--no-experimental-strip-types', 'scripts/kit/run.mjs', file], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
      const child = await new Promise<number>((resolve, reject) => {
        let out = '';
        parent.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const ready = /ready (\d+)/.exec(out);
          if (ready) resolve(Number(ready[1]));
        });
        parent.once('exit', () => reject(new Error(`ended before it was ready: ${out}`)));
      });
      expect(child).not.toBe(parent.pid);
      const ended = new Promise<NodeJS.Signals | null>((resolve) => parent.once('exit', (_, signal) => resolve(signal)));
      parent.kill('SIGTERM');
      expect(await ended).toBe('SIGTERM');
      // The command's process, which run.mjs waited for, is gone.
      expect(() => process.kill(child, 0)).toThrow(/ESRCH/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps V8's compiled code in the folder NODE_COMPILE_CACHE names, for the command and what it starts; none with NODE_DISABLE_COMPILE_CACHE=1", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-run-'));
    try {
      // The command's process, and a child that inherits its environment as the build's children do.
      const file = join(dir, 'starts.ts');
      writeFileSync(
        file,
        [
          "import module from 'node:module';",
          "import { execFileSync } from 'node:child_process';",
          "const child = execFileSync(process.execPath, ['-p', \"require('node:module').getCompileCacheDir() ?? 'none'\"], { encoding: 'utf8' }).trim();",
          "console.log(JSON.stringify({ own: module.getCompileCacheDir() ?? 'none', child }));",
        ].join('\n'),
      );
      const cache = join(dir, 'cache');
      const env = (extra: Record<string, string>) => {
        const { NODE_COMPILE_CACHE: _, NODE_DISABLE_COMPILE_CACHE: __, ...rest } = process.env;
        return { ...rest, ...extra };
      };
      const on = spawnSync(process.execPath, ['scripts/kit/run.mjs', file], { cwd: REPO, encoding: 'utf8', env: env({ NODE_COMPILE_CACHE: cache }) });
      expect(on.status, on.stderr).toBe(0);
      const dirs = JSON.parse(on.stdout) as { own: string; child: string };
      expect(dirs.own.startsWith(cache)).toBe(true);
      expect(dirs.child).toBe(dirs.own);
      // Node wrote the compiled code of the modules it loaded (the command's own file among them).
      expect(readdirSync(dirs.own).length).toBeGreaterThan(0);

      const offCache = join(dir, 'off');
      const off = spawnSync(process.execPath, ['scripts/kit/run.mjs', file], { cwd: REPO, encoding: 'utf8', env: env({ NODE_COMPILE_CACHE: offCache, NODE_DISABLE_COMPILE_CACHE: '1' }) });
      expect(off.status, off.stderr).toBe(0);
      expect(JSON.parse(off.stdout)).toEqual({ own: 'none', child: 'none' });
      expect(existsSync(offCache) ? readdirSync(offCache) : []).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
