import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A content file is split in one place: crawler/publish/article-file.ts (readArticleFile,
// readArticleBody beside renderArticleFile). A second splitter drifts from the writer (a file
// without a body, a "---" in a title, CRLF…), so none may exist in the product or its tools.

/** The modules that own the article file: the reader and writer, and the frontmatter's schema. */
const OWNERS = new Set(['crawler/publish/article-file.ts', 'crawler/publish/frontmatter.ts']);

/**
 * Not Gleaner's article file: the demo's sample web reads its own source articles (title, site,
 * date, summary), a fake publisher's files that must not depend on the product's format.
 */
const OTHER_FORMATS = new Set(['scripts/dev/demo/load-articles.ts']);

const SPLITTERS: Array<[string, RegExp]> = [
  // '---\n', '\n---\n', "\r\n---" … handed to a string search or split.
  ['a frontmatter fence searched for', /\.(?:indexOf|lastIndexOf|startsWith|endsWith|split|includes|search|match|matchAll|replace|replaceAll)\(\s*['"`](?:\\r)?(?:\\n)?-{3}/],
  // /^---\n…/, /\n---\r?\n/ …
  ['a frontmatter fence in a regular expression', /\/\^?(?:\\r\??)?(?:\\n)?-{3}(?:\\r\??)?\\n/],
  ['a YAML or frontmatter parser imported', /import\s+(?:[\w*\s{},]*\b(?:parse|parseDocument|parseAllDocuments|YAML|yaml|load|matter)\b[\w*\s{},]*)from\s*['"](?:yaml|js-yaml|gray-matter|front-matter|yaml-front-matter|vfile-matter)['"]/],
];

/** What in `source` splits or parses frontmatter, one label a finding. */
function frontmatterSplits(source: string): string[] {
  return SPLITTERS.filter(([, pattern]) => pattern.test(source)).map(([label]) => label);
}

function sourceFiles(): string[] {
  const root = new URL('../../', import.meta.url);
  const files: string[] = [];
  for (const dir of ['crawler', 'site', 'scripts']) {
    for (const file of readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })) {
      if (/\.(?:ts|mts|mjs|js|astro)$/.test(file) && !file.includes('node_modules')) files.push(`${dir}/${file.split('\\').join('/')}`);
    }
  }
  return files;
}

describe('one reader of the article file', () => {
  it('no source of crawler/, site/ or scripts/ splits or parses frontmatter but crawler/publish/article-file.ts', () => {
    const root = new URL('../../', import.meta.url);
    const found = sourceFiles()
      .filter((file) => !OWNERS.has(file) && !OTHER_FORMATS.has(file))
      .flatMap((file) => frontmatterSplits(readFileSync(new URL(file, root), 'utf8')).map((label) => `${file}: ${label} (read it with readArticleFile or readArticleBody)`));
    expect(found).toEqual([]);
  });

  it('the scan sees the owner itself, and the other format it lets pass (so it is not blind)', () => {
    const root = new URL('../../', import.meta.url);
    for (const file of [...OWNERS].slice(0, 1).concat([...OTHER_FORMATS])) expect(frontmatterSplits(readFileSync(new URL(file, root), 'utf8')), file).not.toEqual([]);
  });

  it('flags the splitters this project had, and not the writers or a Markdown rule', () => {
    // site/html/article-body.ts, crawler/pipeline/accept.ts, scripts/dev/hostile/*, tests' helpers: as they were.
    expect(frontmatterSplits("const end = fileText.startsWith('---\\n') ? fileText.indexOf('\\n---\\n', 4) : -1;")).not.toEqual([]);
    expect(frontmatterSplits("const body = file.indexOf('\\n---\\n', 4);")).not.toEqual([]);
    expect(frontmatterSplits("text.slice(0, text.indexOf('\\n---\\n'))")).not.toEqual([]);
    expect(frontmatterSplits('const match = /^---\\n([\\s\\S]*?)\\n---\\n([\\s\\S]*)$/.exec(text);')).not.toEqual([]);
    expect(frontmatterSplits('const match = /^---\\r?\\n([\\s\\S]*?)\\r?\\n---\\r?\\n?([\\s\\S]*)$/.exec(source);')).not.toEqual([]);
    expect(frontmatterSplits("const [, yaml, body] = text.split('---\\n');")).not.toEqual([]);
    expect(frontmatterSplits("import { parse } from 'yaml';")).not.toEqual([]);
    expect(frontmatterSplits("import { parse as parseYaml } from 'yaml';")).not.toEqual([]);
    expect(frontmatterSplits("import YAML from 'yaml';")).not.toEqual([]);
    expect(frontmatterSplits("import matter from 'gray-matter';")).not.toEqual([]);

    expect(frontmatterSplits("import { stringify } from 'yaml';")).toEqual([]);
    expect(frontmatterSplits('const text = `---\\n${stringify(frontmatter)}---\\n\\n${body}\\n`;')).toEqual([]);
    expect(frontmatterSplits("const rules = { hr: '---' };")).toEqual([]);
  });
});
