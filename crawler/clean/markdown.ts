import TurndownService from 'turndown';
import { elements, isElement, parseFragment, tagOf } from './dom.ts';
import { LINE_START, escapeMarkdownText } from './markdown-escape.ts';
import { addRules } from './markdown-rules.ts';
import { ALLOWED_TAGS } from './policy.ts';
import { BLOCK_TAGS } from '../dom/block-tags.ts';

// Where a line of Markdown starts: the blocks of cleaned HTML (the allowlist's, h1 and the div
// wrapper), but not hr (the text after it starts a line too), pre (kept verbatim), nor dl and a
// table's row groups and rows (they hold blocks; only a table's first cell begins its line).
const KEPT_BLOCKS = new Set([...ALLOWED_TAGS, 'h1', 'div']);
const LINE_BLOCKS = new Set([...BLOCK_TAGS].filter((tag) => KEPT_BLOCKS.has(tag) && !['hr', 'pre', 'dl', 'thead', 'tbody', 'tfoot', 'tr'].includes(tag)));

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    fence: '```',
    emDelimiter: '*',
    strongDelimiter: '**',
    linkStyle: 'inlined',
    br: '\\',
  });
  service.escape = escapeMarkdownText;
  addRules(service);
  return service;
}

let service: TurndownService | null = null;

/**
 * Marks text nodes that begin a line of output (first text of a block, or right after a
 * `<br>`), so the escaper knows where "1. ", "- ", "# " or ">" would start Markdown syntax.
 */
function markLineStarts(root: Element): void {
  const visit = (node: Node, atLineStart: boolean): boolean => {
    for (const child of [...node.childNodes]) {
      if (isElement(child)) {
        const tag = tagOf(child);
        if (tag === 'pre' || tag === 'code') {
          atLineStart = false;
          continue;
        }
        if (tag === 'br') {
          atLineStart = true;
          continue;
        }
        if (LINE_BLOCKS.has(tag)) {
          visit(child, true);
          atLineStart = false;
          continue;
        }
        atLineStart = visit(child, atLineStart);
        if (tag === 'img') atLineStart = false;
      } else if (child.nodeType === 3) {
        const text = child.textContent ?? '';
        if (!/\S/.test(text)) continue;
        if (atLineStart) child.textContent = LINE_START + text;
        atLineStart = false;
      }
    }
    return atLineStart;
  };
  visit(root, true);
}

/** Converts (sanitized) article HTML to CommonMark + GFM tables and strikethrough. */
export function htmlToMarkdown(html: string): string {
  const { root } = parseFragment(html.replaceAll(LINE_START, ''));
  for (const el of elements(root, 'script, style, template')) el.remove();
  markLineStarts(root);
  service ??= createService();
  const markdown = service.turndown(root.innerHTML);
  return markdown
    .replaceAll(LINE_START, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
