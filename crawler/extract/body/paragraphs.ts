import { ELEMENT_NODE, TEXT_NODE, isBlockTag, tagOf, walk } from '../dom.ts';
import { tagged, type DocIndex } from '../dom-index.ts';

// Old layouts mark paragraphs with <br><br> (in a <td>, a <font>, or straight under <body>) and
// mix bare text with blocks. Every strategy scores paragraphs, and the cleanup works block by
// block, so such text is given paragraph markup: each run of inline content between two blocks or
// two <br><br> runs becomes a <p>. A single <br> stays, as a line break.

/** Elements whose inline content may be split into paragraphs (inline wrappers of old layouts included). */
const CONTAINERS = new Set(['body', 'div', 'td', 'th', 'center', 'section', 'article', 'main', 'blockquote', 'dd', 'font', 'span', 'form']);
/** Inside these a <p> would be invalid or change the meaning. */
const NO_PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'a', 'li', 'dt', 'caption', 'button', 'label', 'table', 'ul', 'ol', 'dl', 'figcaption', 'address']);

/** Before scoring: text split by <br><br> runs becomes paragraphs, so it scores as prose. */
export function markBreakParagraphs(body: Element, index: DocIndex): void {
  const parents = new Set<Element>();
  for (const br of tagged(index, 'br')) {
    const parent = br.parentElement;
    if (parent && br.isConnected && body.contains(parent) && startsBreakRun(br)) parents.add(parent);
  }
  for (const parent of parents) if (mayHoldParagraphs(parent)) splitIntoParagraphs(parent);
}

/**
 * On the chosen body, before cleanup: bare text beside blocks (a link row above a <pre>, a share
 * row after the last <p>) becomes a block of its own, so it is judged on its own. Not done before
 * scoring: Readability would take such text under <body> for a paragraph next to the article.
 */
export function markLooseParagraphs(root: Element): void {
  for (const parent of mixedContent(root)) if (mayHoldParagraphs(parent, root)) splitIntoParagraphs(parent);
}

/** Elements holding both blocks and bare text. */
function mixedContent(body: Element): Element[] {
  const found: Element[] = [];
  const visit = (el: Element) => {
    let block = false;
    let text = false;
    for (let child = el.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === TEXT_NODE) text ||= /\S/.test((child as Text).data);
      else if (child.nodeType === ELEMENT_NODE) block ||= isBlockTag(tagOf(child as Element));
    }
    if (block && text) found.push(el);
  };
  visit(body);
  walk(body, (node) => {
    if (node.nodeType !== ELEMENT_NODE) return false;
    const tag = tagOf(node as Element);
    if (NO_PARAGRAPHS.has(tag)) return false;
    if (CONTAINERS.has(tag)) visit(node as Element);
    return true;
  });
  return found;
}

/** A <br> followed (after blank text at most) by another <br>. */
function startsBreakRun(br: Node): boolean {
  const next = nextMeaningful(br);
  return next !== null && next.nodeType === ELEMENT_NODE && tagOf(next as Element) === 'br';
}

function nextMeaningful(node: Node): Node | null {
  let next = node.nextSibling;
  while (next && next.nodeType === TEXT_NODE && !/\S/.test((next as Text).data)) next = next.nextSibling;
  while (next && next.nodeType !== ELEMENT_NODE && next.nodeType !== TEXT_NODE) next = next.nextSibling;
  return next;
}

function mayHoldParagraphs(el: Element, root: Element | null = null): boolean {
  if (el !== root && !CONTAINERS.has(tagOf(el))) return false;
  for (let node: Element | null = el; node; node = node.parentElement) if (NO_PARAGRAPHS.has(tagOf(node))) return false;
  return true;
}

function isBreak(node: Node): boolean {
  return node.nodeType === ELEMENT_NODE && tagOf(node as Element) === 'br';
}

function isBlank(node: Node): boolean {
  return node.nodeType === TEXT_NODE ? !/\S/.test((node as Text).data) : node.nodeType !== ELEMENT_NODE;
}

function splitIntoParagraphs(parent: Element): void {
  const doc = parent.ownerDocument;
  let run: Node[] = [];
  const close = (before: Node | null) => {
    // Line breaks and blank text at either end of a paragraph are layout, not content.
    while (run.length > 0 && (isBreak(run[0]) || isBlank(run[0]))) run.shift();
    while (run.length > 0 && (isBreak(run[run.length - 1]) || isBlank(run[run.length - 1]))) run.pop();
    if (run.length > 0) {
      const p = doc.createElement('p');
      parent.insertBefore(p, before);
      for (const node of run) p.appendChild(node);
    }
    run = [];
  };
  const children = Array.from(parent.childNodes);
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    if (node.nodeType === ELEMENT_NODE && isBlockTag(tagOf(node as Element))) {
      close(node);
      continue;
    }
    if (isBreak(node) && startsBreakRun(node)) {
      close(node);
      // Drop the whole run of breaks: the paragraph boundary replaces it.
      let j = i;
      while (j < children.length && (isBreak(children[j]) || isBlank(children[j]))) j++;
      for (let k = i; k < j; k++) parent.removeChild(children[k]);
      i = j - 1;
      continue;
    }
    run.push(node);
  }
  close(null);
}
