import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RUN } from '../helpers/run-command.ts';

// The product commands answer --help with their usage (exit 0) and an unknown option with the
// usage and exit 2, as `npm run crawl` does.

const project = fileURLToPath(new URL('../../', import.meta.url));
const run = (script: string, args: string[]) => spawnSync(process.execPath, [RUN, script, ...args], { cwd: project, encoding: 'utf8' });

describe('command-line help', () => {
  for (const script of ['scripts/build.ts', 'scripts/serve.ts']) {
    it(`${script} --help prints the usage and exits 0`, () => {
      const r = run(script, ['--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^usage: npm (run \w+|start)/);
    });

    it(`${script} with an unknown option names it and exits 2`, () => {
      const r = run(script, ['--no-such-option']);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain("'--no-such-option'");
      expect(r.stderr).toContain('usage:');
    });
  }

  it('npm run build --help explains --cold, --merge and GLEANER_SHARD', () => {
    const r = run('scripts/build.ts', ['-h']);
    expect(r.stdout).toContain('--cold');
    expect(r.stdout).toContain('--merge <N>');
    expect(r.stdout).toContain('GLEANER_SHARD=i/N');
  });
});
