import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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
