import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export function fixture(name: string): string {
  return readFileSync(join(here, 'fixtures', name), 'utf8');
}

/** Enough prose for every strategy to accept the body as an article. */
export const PROSE = [
  'The river authority opened the new lock on Monday after three years of work, letting barges pass the weir for the first time since the old gates failed.',
  'Skippers lined up before dawn. The first boat through carried grain to the mill upstream, as the first boat through the old lock did in 1911.',
  'Engineers said the gates will be inspected every spring, and that the control system logs every opening so faults can be traced quickly.',
];

export interface PageParts {
  head?: string;
  /** Placed before the article body, inside <body>. */
  before?: string;
  /** Placed inside the article container, before the paragraphs. */
  lead?: string;
  paragraphs?: string[];
  /** Placed after the article container. */
  after?: string;
  htmlAttrs?: string;
}

/** A small article page: head extras, an <article> with paragraphs, and optional surroundings. */
export function page(parts: PageParts = {}): string {
  const paragraphs = (parts.paragraphs ?? PROSE).map((p) => `<p>${p}</p>`).join('\n');
  return `<!DOCTYPE html>
<html${parts.htmlAttrs ?? ' lang="en"'}>
<head><meta charset="utf-8">${parts.head ?? ''}</head>
<body>
${parts.before ?? ''}
<article>
${parts.lead ?? ''}
<div class="entry-content">
${paragraphs}
</div>
</article>
${parts.after ?? ''}
</body>
</html>`;
}

export const URL_BASE = 'https://news.example.org/2024/05/17/new-lock-opens';
