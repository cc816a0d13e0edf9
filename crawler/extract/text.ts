import { ELEMENT_NODE, TEXT_NODE, isBlockTag, tagOf, walk } from './dom.ts';

// Plain text as a reader sees it: one blank line between blocks, whitespace collapsed inside a
// block, <br> kept as a line break, <pre> kept verbatim, table cells separated by " | ".

const CELL = new Set(['td', 'th']);
const SKIP = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'svg', 'math', 'iframe', 'object', 'select', 'textarea', 'button']);
const LINE_BREAK = '\uE000';

/** `omit` leaves elements out of the text (their place still separates blocks). */
export function toText(root: Node, omit?: (el: Element) => boolean): string {
  const blocks: string[] = [];
  let buffer = '';
  let preDepth = 0;
  let preBuffer = '';

  const flush = () => {
    if (preDepth > 0) return;
    const block = buffer
      .replace(/[ \t\n\r\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\ufeff]+/g, ' ')
      .replace(/ ?\uE000 ?/g, '\n')
      .replace(/\n{2,}/g, '\n')
      .trim();
    if (block) blocks.push(block);
    buffer = '';
  };

  walk(
    root,
    (node) => {
      if (node.nodeType === TEXT_NODE) {
        const value = (node as Text).data;
        if (preDepth > 0) preBuffer += value;
        else buffer += value;
        return false;
      }
      if (node.nodeType !== ELEMENT_NODE) return false;
      const tag = tagOf(node as Element);
      if (SKIP.has(tag) || omit?.(node as Element)) return false;
      if (tag === 'br') {
        if (preDepth > 0) preBuffer += '\n';
        else buffer += LINE_BREAK;
        return false;
      }
      if (tag === 'pre' || tag === 'listing' || tag === 'plaintext' || tag === 'xmp') {
        if (preDepth === 0) {
          flush();
          preBuffer = '';
        }
        preDepth++;
        return true;
      }
      if (CELL.has(tag) && preDepth === 0 && /\S/.test(buffer)) buffer += ' | ';
      if (isBlockTag(tag)) flush();
      return true;
    },
    (el) => {
      const tag = tagOf(el);
      if (tag === 'pre' || tag === 'listing' || tag === 'plaintext' || tag === 'xmp') {
        if (--preDepth === 0) {
          const code = preBuffer.replace(/\r\n?/g, '\n').replace(/^\n+/, '').replace(/\s+$/, '');
          if (code) blocks.push(code);
          preBuffer = '';
        }
        return;
      }
      if (isBlockTag(tag)) flush();
    },
  );
  flush();
  if (preDepth > 0 && preBuffer.trim()) blocks.push(preBuffer.trim());
  return blocks.join('\n\n');
}

/** Ends like a sentence: a full stop, question or exclamation mark, maybe before a closing quote. */
export function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text);
}

const SENTENCE_END = /[.!?]["'”’)]?$/;

/**
 * A sentence, or one that leads into what follows with a colon ("This video comes via <a>a station
 * in New Zealand</a>:"): a line with links that reads like this is prose, not a link row.
 */
export function readsAsSentence(text: string): boolean {
  return endsSentence(text) || (text.endsWith(':') && text.split(/\s+/).length >= MIN_LEAD_IN_WORDS);
}

const MIN_LEAD_IN_WORDS = 5;
