import TurndownService from 'turndown';
import { elements, isElement, parseFragment, tagOf } from './dom.ts';
import { LINE_START, escapeMarkdownText } from './markdown-escape.ts';
import { addRules } from './markdown-rules.ts';

const BLOCK_TAGS = new Set(['p', 'li', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'figcaption', 'dd', 'dt', 'div', 'caption']);

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
        if (BLOCK_TAGS.has(tag) || tag === 'ul' || tag === 'ol' || tag === 'table' || tag === 'figure') {
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
