import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES as CODES } from '../../crawler/errors.ts';
import { DEPLOY_CODES } from '../../scripts/deploy/errors.ts';

// docs/ARCHITECTURE.md lists every error code with when it happens; the list, the vocabulary
// (ERROR_CODES, and the deploy's DEPLOY_CODES beside the deploy) and the codes the sources
// actually use must not drift apart.

const ERROR_CODES = [...CODES, ...DEPLOY_CODES];

const doc = readFileSync(new URL('../../docs/ARCHITECTURE.md', import.meta.url), 'utf8');

/** The codes in the first column of the table in the "## Errors" section, in order. */
function documentedCodes(markdown: string): string[] {
  const start = markdown.indexOf('\n## Errors\n');
  expect(start, 'docs/ARCHITECTURE.md has a "## Errors" section').toBeGreaterThan(-1);
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);
}

describe('the errors section of docs/ARCHITECTURE.md', () => {
  it('lists exactly the codes of ERROR_CODES and DEPLOY_CODES, each once', () => {
    const listed = documentedCodes(doc);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('reads a table the way the test expects (a code missing from the doc would be found)', () => {
    expect(documentedCodes('# x\n\n## Errors\n\n| Code | When |\n| --- | --- |\n| `E_A` | a |\n| `E_B` | b |\n\n## Next\n\n| `E_C` | c |\n')).toEqual(['E_A', 'E_B']);
  });
});

describe('the vocabulary', () => {
  it('holds every error code the crawler, the commands, deploy, the site and the tools name in their sources', () => {
    const root = new URL('../../', import.meta.url);
    const used = new Set<string>();
    for (const dir of ['crawler', 'scripts', 'site']) {
      for (const file of readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })) {
        if (!/\.(?:ts|mts|astro)$/.test(file)) continue;
        for (const m of readFileSync(new URL(`${dir}/${file}`, root), 'utf8').matchAll(/['"`](E_[A-Z0-9_]+)['"`:]/g)) used.add(m[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((code) => !(ERROR_CODES as readonly string[]).includes(code)).sort()).toEqual([]);
  });
});
