import { BLOCK_TAGS, isBlockTag } from '../dom/block-tags.ts';
import { tagOf } from '../dom/tag-of.ts';

// Small DOM helpers shared by the extract stage. Every walk is iterative: hostile pages nest
// deeply enough to overflow the stack of a recursive one.

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;
export const COMMENT_NODE = 8;

/**
 * Depth-first walk under `root` (excluded). `enter` returns false to skip a node's children;
 * `exit` runs after an element's children (or right after `enter` for a leaf or a skipped one).
 */
export function walk(root: Node, enter: (node: Node) => boolean, exit?: (node: Element) => void): void {
  let node: Node | null = root.firstChild;
  while (node) {
    const descend = enter(node);
    if (descend && node.firstChild) {
      node = node.firstChild;
      continue;
    }
    if (exit && node.nodeType === ELEMENT_NODE) exit(node as Element);
    while (node) {
      if (node.nextSibling) {
        node = node.nextSibling;
        break;
      }
      const parent: Node | null = node.parentNode;
      if (!parent || parent === root) {
        node = null;
        break;
      }
      node = parent;
      if (exit) exit(node as Element);
    }
  }
}

// One tagOf and one block list for both stages; re-exported so the extract stage's files keep one DOM import.
export { isBlockTag, tagOf };

/**
 * An attribute's raw value. linkedom's getAttribute('class') builds a DOMTokenList and joins it
 * back into a string on every call; reading the attribute node directly is several times cheaper.
 */
/**
 * `elements` that lie under `root`, in document order: one walk of the tree. (linkedom's
 * compareDocumentPosition answers wrongly for nodes under different parents, so it cannot sort.)
 */
export function inDocumentOrder(root: Node, elements: Iterable<Element>): Element[] {
  const wanted = new Set(elements);
  const ordered: Element[] = [];
  walk(root, (node) => {
    if (node.nodeType !== ELEMENT_NODE) return false;
    if (wanted.has(node as Element)) ordered.push(node as Element);
    return true;
  });
  return ordered;
}

export function attr(el: Element, name: string): string | null {
  return el.getAttributeNode(name)?.value ?? null;
}

/** Class and id, lower-cased, as one string of space-separated tokens. */
export function classAndId(el: Element): string {
  const cls = attr(el, 'class');
  const id = attr(el, 'id');
  if (!cls && !id) return '';
  return `${cls ?? ''} ${id ?? ''}`.toLowerCase();
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function remove(node: Node): void {
  node.parentNode?.removeChild(node);
}

/**
 * Whether any text under `root` is not blank. Stops at the first such text: asking textOf of a
 * large element to compare with '' reads all of it, and callers ask once per removed block.
 */
export function hasText(root: Node): boolean {
  let node: Node | null = root.firstChild;
  while (node) {
    if (node.nodeType === TEXT_NODE && /\S/.test((node as Text).data)) return true;
    if (node.firstChild) {
      node = node.firstChild;
      continue;
    }
    while (node !== root && !node.nextSibling) node = node.parentNode as Node;
    node = node === root ? null : node.nextSibling;
  }
  return false;
}

/** Collapsed text of an element's subtree (textContent is iterative in linkedom). */
export function textOf(node: Node | null | undefined): string {
  return node ? collapse(node.textContent ?? '') : '';
}

export function hasAncestor(el: Element, tags: string[]): boolean {
  for (let node = el.parentElement; node; node = node.parentElement) if (tags.includes(node.localName)) return true;
  return false;
}

const ANY_BLOCK = [...BLOCK_TAGS].join(', ');

/** Whether a block element lies anywhere under `el`. */
export function holdsBlock(el: Element): boolean {
  return el.querySelector(ANY_BLOCK) !== null;
}

/** Inline ("phrasing") elements: they sit inside running text. */
export const PHRASING = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'font', 'i', 'img', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'label']);

/**
 * Whether an element is part of a sentence: non-blank text beside it, at its own level or at that
 * of an inline element wrapping it alone ("on <span><a>Twitter</a></span>"). Named inline
 * furniture in a row of its own ("<span class=author>…</span> <span class=date>…</span>") is not.
 */
export function inRunningText(el: Element): boolean {
  return besideText(el, false);
}

/**
 * Whether an element shares its line with other text: running text, or inline markup holding text
 * beside it ("<em>Follow</em> <strong>Science</strong>"). Such an element is never a line of its own.
 */
export function sharesLine(el: Element): boolean {
  return besideText(el, true);
}

function besideText(el: Element, inlineSiblings: boolean): boolean {
  for (let node: Element = el; ; ) {
    if (hasTextBeside(node, inlineSiblings)) return true;
    const parent = node.parentElement;
    if (parent === null || !PHRASING.has(tagOf(parent))) return false;
    if (parent.childNodes.length > 1) return true;
    node = parent;
  }
}

function hasTextBeside(el: Element, inlineSiblings: boolean): boolean {
  for (const step of ['previousSibling', 'nextSibling'] as const) {
    let sibling = el[step];
    while (sibling?.nodeType === TEXT_NODE && !/\S/.test((sibling as Text).data)) sibling = sibling[step];
    if (!sibling) continue;
    if (sibling.nodeType === TEXT_NODE) return true;
    if (inlineSiblings && sibling.nodeType === ELEMENT_NODE && isInlineText(sibling as Element)) return true;
  }
  return false;
}

/** Inline markup holding text and no block ("<span><h3>Related</h3></span>" is a heading). */
function isInlineText(el: Element): boolean {
  return PHRASING.has(tagOf(el)) && textOf(el) !== '' && !holdsBlock(el);
}
