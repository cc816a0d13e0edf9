import { ELEMENT_NODE, TEXT_NODE, tagOf, walk } from '../dom.ts';

export interface TextStats {
  /** Characters of visible text, whitespace runs counted once. */
  chars: number;
  /** Of which inside links. */
  linkChars: number;
  /** Paragraph-like blocks holding at least a sentence's worth of text. */
  paragraphs: number;
  /** Characters in those paragraphs. */
  paragraphChars: number;
}

const PARAGRAPH = new Set(['p', 'pre', 'blockquote', 'li', 'dd', 'td']);

export function textStats(root: Element): TextStats {
  const stats: TextStats = { chars: 0, linkChars: 0, paragraphs: 0, paragraphChars: 0 };
  let linkDepth = 0;
  // Characters seen when each open paragraph started; closed paragraphs nested in an open one
  // count once, for the outermost.
  const open: number[] = [];
  walk(
    root,
    (node) => {
      if (node.nodeType === TEXT_NODE) {
        const n = visibleLength((node as Text).data);
        stats.chars += n;
        if (linkDepth > 0) stats.linkChars += n;
        return false;
      }
      if (node.nodeType !== ELEMENT_NODE) return false;
      const tag = tagOf(node as Element);
      if (tag === 'a') linkDepth++;
      if (PARAGRAPH.has(tag)) open.push(stats.chars - stats.linkChars);
      return true;
    },
    (el) => {
      const tag = tagOf(el);
      if (tag === 'a') linkDepth--;
      if (PARAGRAPH.has(tag)) {
        const start = open.pop() ?? 0;
        if (open.length === 0) {
          const chars = stats.chars - stats.linkChars - start;
          if (chars >= 80) {
            stats.paragraphs++;
            stats.paragraphChars += chars;
          }
        }
      }
    },
  );
  return stats;
}

function visibleLength(text: string): number {
  let n = 0;
  let space = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const isSpace = c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 160;
    if (isSpace) {
      if (!space) n++;
      space = true;
    } else {
      n++;
      space = false;
    }
  }
  return n;
}
