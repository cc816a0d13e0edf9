import { COMMENT_NODE, ELEMENT_NODE, attr, walk } from './dom.ts';

/**
 * One walk over the parsed page, bucketing elements for every later lookup. linkedom compiles a
 * CSS selector and walks the whole tree on each querySelectorAll, which made a dozen metadata
 * queries cost more than the parse itself.
 */
export interface DocIndex {
  byTag: Map<string, Element[]>;
  /** Elements with a class or id, in document order. */
  named: Element[];
  /** Elements with an itemprop, in document order. */
  itemprops: Element[];
  /** Elements with a rel attribute (<a>, <link>), in document order. */
  rels: Element[];
  /** Elements with hidden, aria-hidden, style or role attributes: candidates for pruning. */
  flagged: Element[];
  comments: Node[];
  /** Deepest element nesting (the root is at depth 0). */
  maxDepth: number;
}

export function indexDocument(root: Element): DocIndex {
  const index: DocIndex = { byTag: new Map(), named: [], itemprops: [], rels: [], flagged: [], comments: [], maxDepth: 0 };
  let depth = 0;
  const visit = (el: Element) => {
    const tag = el.localName;
    const bucket = index.byTag.get(tag);
    if (bucket) bucket.push(el);
    else index.byTag.set(tag, [el]);
    if (el.hasAttribute('class') || el.hasAttribute('id')) index.named.push(el);
    if (el.hasAttribute('itemprop')) index.itemprops.push(el);
    if (el.hasAttribute('rel')) index.rels.push(el);
    if (el.hasAttribute('style') || el.hasAttribute('hidden') || el.hasAttribute('aria-hidden') || el.hasAttribute('role')) index.flagged.push(el);
  };
  visit(root);
  walk(
    root,
    (node) => {
      if (node.nodeType === COMMENT_NODE) index.comments.push(node);
      if (node.nodeType !== ELEMENT_NODE) return false;
      visit(node as Element);
      if (++depth > index.maxDepth) index.maxDepth = depth;
      return true;
    },
    () => {
      depth--;
    },
  );
  return index;
}

export function tagged(index: DocIndex, tag: string): Element[] {
  return index.byTag.get(tag) ?? [];
}

export function hasToken(el: Element, name: string, token: string): boolean {
  const value = attr(el, name);
  if (!value) return false;
  return value.toLowerCase().split(/\s+/).includes(token);
}

export function hasClass(el: Element, name: string): boolean {
  return hasToken(el, 'class', name);
}

/** A regex over whole class tokens: tokenPattern(['a', 'b']) matches class="x a" but not "ab". */
export function tokenPattern(tokens: string[]): RegExp {
  return new RegExp(`(?:^|\\s)(?:${tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=$|\\s)`, 'i');
}

export function classMatches(el: Element, pattern: RegExp): boolean {
  const value = attr(el, 'class');
  return value !== null && pattern.test(value);
}
