import { stringify } from 'yaml';
import { frontmatterSchema, type Frontmatter } from './frontmatter.ts';

/**
 * content/<topic>/<slug>.md: YAML frontmatter then the Markdown body. Deterministic: the
 * same article always renders to the same bytes, so re-runs leave files byte-identical.
 */
export function renderArticleFile(frontmatter: Frontmatter, body: string): string {
  const checked = frontmatterSchema.parse(frontmatter);
  const yaml = stringify(checked, { lineWidth: 0, defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' });
  return `---\n${yaml}---\n\n${body.trim()}\n`;
}

/** Reads the `id` back from a rendered file's frontmatter, or null if the file is not one of ours. */
export function articleIdOf(fileText: string): number | null {
  const match = /^---\n(?:.*\n)*?id: (\d+)\n/.exec(fileText);
  return match ? Number(match[1]) : null;
}
