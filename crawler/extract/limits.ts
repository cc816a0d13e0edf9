import { blockTagsWith } from '../dom/block-tags.ts';
import type { LimitReason } from './types.ts';

export interface Limits {
  maxInputChars: number;
  maxElements: number;
  maxDepth: number;
}

// Elements that never hold children, and those whose end tag the parser implies (so an
// unclosed one does not deepen the tree). Neither counts towards the estimated depth.
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'basefont', 'bgsound', 'frame', 'image']);
const IMPLIED_END = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rb', 'rt', 'rp', 'rtc', 'colgroup', 'caption', 'html', 'head', 'body']);
// Their content is raw text up to the matching end tag.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);

function isNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 58 || code === 95;
}

const PRESERVE = new Set(['pre', 'listing', 'plaintext', 'textarea', 'xmp']);

// Whitespace between two of these tags is never rendered (outside <pre>): dropping it before
// parsing spares linkedom a text node per gap, a quarter of all nodes on a typical page. Beside
// the blocks: the head's elements, table cells and columns, br, form controls and frames; not the
// PRESERVE elements (their whitespace is content), nor video and audio (they sit in running text),
// nor dialog and dir, never on this list (dropping more whitespace would change the parsed tree).
const BLOCK = blockTagsWith(
  ['html', 'head', 'meta', 'link', 'title', 'base', 'script', 'style', 'td', 'th', 'colgroup', 'col', 'br', 'option', 'optgroup', 'select', 'iframe', 'frame'],
  [...PRESERVE, 'video', 'audio', 'dialog', 'dir'],
);

export type ScanResult = { reason: LimitReason } | { html: string };

/**
 * One linear pass over the markup before parsing. It refuses hostile input cheaply (too long, too
 * many markup tokens, nested too deep) and compacts the rest without changing what it means:
 * comments, non-JSON-LD scripts, styles and inline SVG are cut, and so is whitespace between
 * block-level tags. Every later stage then works on fewer nodes.
 */
export function scanMarkup(html: string, limits: Limits): ScanResult {
  if (html.length > limits.maxInputChars) return { reason: 'max_input_chars' };
  const parts: string[] = [];
  let kept = 0; // html[kept..] is not yet copied to parts
  let changed = false;
  const cut = (from: number, to: number) => {
    if (from > kept) parts.push(html.slice(kept, from));
    if (to > Math.max(from, kept)) changed = true;
    kept = Math.max(kept, to);
  };
  let tokens = 0;
  let depth = 0;
  let preserve = 0;
  let lastBlockEnd = -1; // index just past the ">" of the last block tag, if nothing but it came since
  let i = html.indexOf('<');
  while (i !== -1 && i < html.length - 1) {
    // Every "<" outside raw text becomes a node of its own (a tag, a comment, or a split in the
    // text), so all of them count against the limit.
    if (++tokens > limits.maxElements) return { reason: 'max_elements' };
    const next = html.charCodeAt(i + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) {
      const isComment = html.startsWith('<!--', i);
      const end = isComment ? html.indexOf('-->', i + 4) : html.indexOf('>', i + 2);
      if (end === -1) break;
      const after = end + (isComment ? 3 : 1);
      if (isComment) {
        // A comment between block tags leaves the gap around it blank: keep tracking it.
        const blankBefore = lastBlockEnd >= 0 && isBlank(html, lastBlockEnd, i);
        if (blankBefore && preserve === 0) cut(lastBlockEnd, i);
        cut(i, after);
        lastBlockEnd = blankBefore ? after : -1;
      }
      i = html.indexOf('<', after);
      continue;
    }
    const closing = next === 47; /* / */
    let j = closing ? i + 2 : i + 1;
    const nameStart = j;
    while (j < html.length && isNameChar(html.charCodeAt(j))) j++;
    if (j === nameStart) {
      lastBlockEnd = -1;
      i = html.indexOf('<', i + 1);
      continue;
    }
    const name = html.slice(nameStart, j).toLowerCase();
    const close = html.indexOf('>', j);
    if (close === -1) break;
    if (preserve === 0 && BLOCK.has(name) && lastBlockEnd >= 0 && lastBlockEnd < i && isBlank(html, lastBlockEnd, i)) cut(lastBlockEnd, i);
    if (closing) {
      if (depth > 0 && !VOID.has(name) && !IMPLIED_END.has(name)) depth--;
      if (PRESERVE.has(name) && preserve > 0) preserve--;
      lastBlockEnd = BLOCK.has(name) ? close + 1 : -1;
      i = html.indexOf('<', close + 1);
      continue;
    }
    const selfClosing = html.charCodeAt(close - 1) === 47;
    if (!selfClosing && !VOID.has(name) && !IMPLIED_END.has(name) && !RAW_TEXT.has(name)) {
      if (++depth > limits.maxDepth) return { reason: 'max_depth' };
    }
    if (PRESERVE.has(name) && !selfClosing) preserve++;
    if ((RAW_TEXT.has(name) || name === 'svg') && !selfClosing) {
      const end = indexOfIgnoreCase(html, `</${name}`, close + 1);
      if (end === -1) break;
      const endClose = html.indexOf('>', end);
      const after = endClose === -1 ? html.length : endClose + 1;
      const droppable = name === 'style' || name === 'svg' || (name === 'script' && !/ld\+json/i.test(html.slice(i, close)));
      if (droppable) cut(i, after);
      if (name === 'textarea' || name === 'xmp' || name === 'plaintext') preserve = Math.max(0, preserve - 1);
      lastBlockEnd = BLOCK.has(name) || droppable ? after : -1;
      i = html.indexOf('<', after);
      continue;
    }
    lastBlockEnd = BLOCK.has(name) ? close + 1 : -1;
    i = html.indexOf('<', close + 1);
  }
  if (!changed) return { html };
  cut(html.length, html.length);
  return { html: parts.join('') };
}

function isBlank(html: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = html.charCodeAt(k);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9 && c !== 12) return false;
  }
  return true;
}

const endTagPatterns = new Map<string, RegExp>();

function indexOfIgnoreCase(haystack: string, needle: string, from: number): number {
  let re = endTagPatterns.get(needle);
  if (!re) endTagPatterns.set(needle, (re = new RegExp(needle, 'ig')));
  re.lastIndex = from;
  return re.exec(haystack)?.index ?? -1;
}
