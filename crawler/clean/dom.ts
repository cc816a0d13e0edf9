import { tagOf } from '../dom/tag-of.ts';
import { parseHTML } from 'linkedom';

// A fragment of article HTML parsed into a container we can walk and serialize.

export function parseFragment(html: string): { document: Document; root: HTMLElement } {
  const { document } = parseHTML(`<!DOCTYPE html><html><head></head><body><div id="gleaner-root">${html}</div></body></html>`);
  const root = document.getElementById('gleaner-root') as HTMLElement;
  return { document, root };
}

// One tagOf for both stages; re-exported so the clean stage's files keep one DOM import.
export { tagOf };

export function isElement(node: Node): node is Element {
  return node.nodeType === 1;
}

/** Replaces `el` with a new element named `tag` holding the same children (no attributes). */
export function rename(document: Document, el: Element, tag: string): Element {
  const replacement = document.createElement(tag);
  while (el.firstChild) replacement.appendChild(el.firstChild);
  el.replaceWith(replacement);
  return replacement;
}

/** Replaces `el` with its children. */
export function unwrap(el: Element): void {
  const parent = el.parentNode;
  if (!parent) return;
  while (el.firstChild) parent.insertBefore(el.firstChild, el);
  el.remove();
}

/** Elements in document order, snapshotted so the caller may change the tree. */
export function elements(root: Element, selector: string): Element[] {
  return [...root.querySelectorAll(selector)];
}

/** Whether the node holds visible text (not just whitespace or no-break spaces). */
export function hasText(node: Node): boolean {
  return /[^\s\u00a0\u200b\ufeff]/.test(node.textContent ?? '');
}
