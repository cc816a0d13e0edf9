import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { assertPublishable, loadConfig, parseConfig } from '../../crawler/config/index.ts';
import { GleanerError } from '../../crawler/errors.ts';
import { isPlaceholderAddress, placeholderProblems } from '../../crawler/config/placeholders.ts';
import { demoConfig } from '../../scripts/dev/demo/config.ts';
import { userConfigOf } from '../../scripts/new-site/render-config.ts';
import { RUN } from '../helpers/run-command.ts';

// A site that is published names who runs it and where takedown notices go: `npm run build`
// refuses the placeholders the default config and new-site leave. The demo builds without them.

const project = fileURLToPath(new URL('../../', import.meta.url));
const site = (legal: Record<string, string> | undefined) => parseConfig({ site: { title: 'Orbit Weekly', url: 'https://orbit.example.com', ...(legal ? { legal } : {}) }, topics: [{ slug: 's', name: 'S', sources: ['https://a.example/feed'] }] });
const fields = (legal: Record<string, string> | undefined) => placeholderProblems(site(legal)).map((p) => p.field);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('placeholderProblems', () => {
  it('refuses the default config’s owner and a missing contact', () => {
    expect(fields(undefined)).toEqual(['site.legal.owner', 'site.legal.dmcaEmail']);
    const [owner, contact] = placeholderProblems(site(undefined));
    expect(owner!.problem).toMatch(/still the placeholder "The site owner"/);
    expect(owner!.example).toMatch(/^owner: /);
    expect(contact!.problem).toMatch(/takedown notices/);
  });

  it('refuses addresses at reserved example domains, and what is not an address', () => {
    expect(fields({ owner: 'Orbit Ltd', email: 'hello@gleaner.example.org', dmcaEmail: 'dmca@orbit.test' })).toEqual(['site.legal.email', 'site.legal.dmcaEmail']);
    expect(fields({ owner: 'Orbit Ltd', email: 'nobody' })).toEqual(['site.legal.email']);
    for (const a of ['a@example.com', 'a@news.example.net', 'a@x.example', 'a@x.invalid', 'a@localhost']) expect(isPlaceholderAddress(a)).toBe(true);
    for (const a of ['a@orbit-weekly.com', 'a@exampleco.com', 'legal@news.org']) expect(isPlaceholderAddress(a)).toBe(false);
  });

  it('accepts a named owner with one real address (email or dmcaEmail)', () => {
    expect(fields({ owner: 'Orbit Ltd', email: 'hello@orbit-weekly.com' })).toEqual([]);
    expect(fields({ owner: 'Orbit Ltd', dmcaEmail: 'takedown@orbit-weekly.com' })).toEqual([]);
  });

  it('flags what new-site writes without --email, the demo and the repository’s template config', async () => {
    const made = parseConfig(userConfigOf({ title: 'Orbit', url: 'https://orbit.example.com', language: 'en', description: '', email: '', mode: 'excerpt', topics: [{ slug: 's', name: 'S', keywords: [], sources: [{ kind: 'feed', url: 'https://a.example/f' }] }] }));
    expect(placeholderProblems(made).map((p) => p.field)).toEqual(['site.legal.dmcaEmail']);
    expect(placeholderProblems(parseConfig(demoConfig({ resolve: {} }))).length).toBeGreaterThan(0);
    // site.config.ts is the template a fork edits (gleaner.example.org): CI builds the demo, never it.
    expect(placeholderProblems(await loadConfig(join(project, 'site.config.ts'))).map((p) => p.field)).toEqual(['site.legal.email', 'site.legal.dmcaEmail']);
  });

  it('throws an E_CONFIG GleanerError naming the file, the field and the fix', () => {
    expect(() => assertPublishable(site(undefined), 'my.config.ts')).toThrow(GleanerError);
    try {
      assertPublishable(site(undefined), 'my.config.ts');
    } catch (error) {
      expect((error as Error).message).toMatch(/^my\.config\.ts has 2 problems:\n {2}✗ site\.legal\.owner is still the placeholder/);
      expect((error as Error).message).toContain('for example: owner:');
    }
  });
});

describe('npm run build with placeholder legal text', () => {
  it('exits with code 2 before building, naming the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-placeholders-'));
    dirs.push(dir);
    const config = { site: { title: 'Orbit Weekly', url: 'https://orbit.example.com', legal: { owner: 'The site owner', email: 'hello@orbit.example.com' } }, topics: [{ slug: 's', name: 'S', sources: ['https://a.example/feed'] }] };
    writeFileSync(join(dir, 'site.config.mjs'), `export default ${JSON.stringify(config)};\n`);
    const r = spawnSync(process.execPath, [RUN, 'scripts/build.ts', '--root', join(dir, 'site'), '--config', join(dir, 'site.config.mjs')], { cwd: project, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('✗ site.legal.owner is still the placeholder "The site owner"');
    expect(r.stderr).toContain('✗ site.legal.email "hello@orbit.example.com" is at a reserved example domain');
    expect(r.stdout).not.toMatch(/built \d+ pages/);
  }, 60_000);
});
