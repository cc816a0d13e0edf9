import TurndownService from 'turndown';
import domino from '@mixmark-io/domino';
import { elements, isElement, tagOf } from './dom.ts';
import { LINE_START, escapeMarkdownText } from './markdown-escape.ts';
import { addRules } from './markdown-rules.ts';
import { ALLOWED_TAGS } from './policy.ts';
import { BLOCK_TAGS } from '../dom/block-tags.ts';

// Where a line of Markdown starts: the blocks of cleaned HTML (the allowlist's, and h1 and div,
// which HTML from elsewhere may hold), but not hr (the text after it starts a line too), pre (kept verbatim), nor dl and a
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

/**
 * The HTML parsed once, by turndown's own parser (domino, an HTML5 tree builder: it adds the
 * tbody and closes elements as a browser does, where linkedom does not), in the wrapper turndown
 * itself uses; turndown is handed this tree, so the Markdown is what it makes of the HTML.
 */
function turndownTree(html: string): Element {
  return domino.createDocument(`<x-turndown id="turndown-root">${html}</x-turndown>`).getElementById('turndown-root')!;
}

/** Converts (sanitized) article HTML to CommonMark + GFM tables and strikethrough. */
export function htmlToMarkdown(html: string): string {
  const root = turndownTree(html.replaceAll(LINE_START, ''));
  for (const el of elements(root, 'script, style, template')) el.remove();
  markLineStarts(root);
  service ??= createService();
  return tidyMarkdown(convert(service, root));
}

/**
 * Turndown clones the tree it is handed, and domino cannot create an element whose name the
 * HTML parser accepted but DOM names forbid (`<a"b>`, never in sanitized HTML): such a tree
 * goes to turndown as HTML, which it parses without cloning.
 */
function convert(service: TurndownService, root: Element): string {
  try {
    return service.turndown(root as unknown as TurndownService.Node);
  } catch (error) {
    if ((error as { code?: number }).code !== INVALID_CHARACTER_ERR) throw error;
    return service.turndown(root.innerHTML);
  }
}

const INVALID_CHARACTER_ERR = 5;

function tidyMarkdown(markdown: string): string {
  return markdown
    .replaceAll(LINE_START, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
