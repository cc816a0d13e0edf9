import { elements, hasText, isElement, tagOf, unwrap } from './dom.ts';

// After the allowlist has removed what it removes, wrappers and empty elements are left
// behind: `<p></p>` where a script was, `<a>` whose href was unsafe, a figure whose image
// was a spacer. This pass tidies them.

/** Elements removed when they hold no text and no image. */
const REMOVABLE_WHEN_EMPTY = new Set([
  'p', 'a', 'strong', 'em', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'code', 'kbd', 'samp', 'var',
  'q', 'cite', 'abbr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'figcaption',
  'caption', 'figure', 'pre', 'table', 'thead', 'tbody', 'tfoot', 'tr',
]);

const INLINE_FORMATTING = new Set(['strong', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'code']);

function hasImage(el: Element): boolean {
  return tagOf(el) === 'img' || el.querySelector('img') !== null;
}

function isEmpty(el: Element): boolean {
  const tag = tagOf(el);
  if (tag === 'pre') return !/\S/.test(el.textContent ?? '');
  if (tag === 'ul' || tag === 'ol') return el.querySelector('li') === null;
  if (tag === 'tr') return el.querySelector('td, th') === null;
  return !hasText(el) && !hasImage(el) && el.querySelector('hr') === null;
}

function removeEmpty(root: Element): void {
  const visit = (el: Element) => {
    for (const child of [...el.children]) visit(child);
    if (el !== root && REMOVABLE_WHEN_EMPTY.has(tagOf(el)) && isEmpty(el)) el.remove();
  };
  visit(root);
}

/** `<br>` at the edges of a block goes; a run of two or more splits a paragraph in two. */
function tidyLineBreaks(document: Document, root: Element): void {
  for (const block of elements(root, 'p, li, td, th, dd, dt, blockquote, figcaption, h2, h3, h4, h5, h6')) {
    trimEdgeBreaks(block);
  }
  for (const p of elements(root, 'p')) {
    const parts: Node[][] = [[]];
    let breaks = 0;
    let pendingBreak: Node | null = null;
    for (const node of [...p.childNodes]) {
      if (isElement(node) && tagOf(node) === 'br') {
        breaks++;
        pendingBreak ??= node;
        continue;
      }
      if (!isElement(node) && !hasText(node) && breaks > 0) continue;
      if (breaks >= 2) parts.push([]);
      else if (breaks === 1 && pendingBreak) parts[parts.length - 1].push(pendingBreak);
      breaks = 0;
      pendingBreak = null;
      parts[parts.length - 1].push(node);
    }
    if (parts.length < 2) continue;
    const paragraphs = parts.map((nodes) => {
      const q = document.createElement('p');
      for (const n of nodes) q.appendChild(n);
      return q;
    });
    p.replaceWith(...paragraphs);
  }
}

function trimEdgeBreaks(block: Element): void {
  for (const edge of ['firstChild', 'lastChild'] as const) {
    for (let node = block[edge]; node; node = block[edge]) {
      if (isElement(node) && tagOf(node) === 'br') node.remove();
      else if (!isElement(node) && !hasText(node)) node.remove();
      else {
        if (node.nodeType === 3) node.textContent = edge === 'firstChild' ? node.textContent!.trimStart() : node.textContent!.trimEnd();
        break;
      }
    }
  }
}

function unwrapPointless(root: Element): void {
  // A link whose unsafe href was removed is just text now.
  for (const a of elements(root, 'a')) if (!a.hasAttribute('href')) unwrap(a);
  // A figure without an image is not a figure; its caption is an ordinary paragraph.
  for (const figure of elements(root, 'figure')) {
    if (figure.querySelector('img')) continue;
    for (const caption of elements(figure, 'figcaption')) {
      const p = figure.ownerDocument.createElement('p');
      while (caption.firstChild) p.appendChild(caption.firstChild);
      caption.replaceWith(p);
    }
    unwrap(figure);
  }
  // <strong><strong>x</strong></strong> and the like.
  for (const el of elements(root, [...INLINE_FORMATTING].join(','))) {
    const parent = el.parentElement;
    if (parent && tagOf(parent) === tagOf(el)) unwrap(el);
  }
}

export function tidy(document: Document, root: Element): void {
  unwrapPointless(root);
  tidyLineBreaks(document, root);
  removeEmpty(root);
}
