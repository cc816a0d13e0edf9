import { ELEMENT_NODE, classAndId, remove, tagOf, textOf, walk } from '../dom.ts';
import { namesFactBox } from './vocabulary.ts';

// Summary boxes set into an article: "Story highlights" over a list of bullet points (CNN), a
// "Key facts" or "At a glance" box, a side box of a heading and a list ("Dr Craig Venter: one of
// the scientists behind …", BBC). They restate or sidestep the story; readers of the text want the
// story. Recognised by shape, a list under a short heading, and by either the heading's words or
// the box's class name: a list under an ordinary heading is part of the article.

const FACT_HEADING = /^(?:story highlights|key (?:facts|points)|at a glance|fact ?box|fast facts|quick facts)\s*:?$/i;
const HEADING_LIMIT = 40;

/** A named box is small, and mostly its list. */
const BOX_LIMIT = 1200;
const MIN_LIST_SHARE = 0.5;
/** The article must keep at least this much text outside the box. */
const MIN_REST_CHARS = 200;

const LISTS = new Set(['ul', 'ol', 'dl']);

export function removeFactBoxes(root: Element): void {
  // The article must keep MIN_REST_CHARS outside what is removed: its length, kept up to date.
  let rest = textOf(root).length;
  const take = (...els: Element[]): void => {
    for (const el of els) {
      rest -= textOf(el).length;
      remove(el);
    }
  };
  for (const box of namedBoxes(root)) if (root.contains(box) && isListBox(box) && rest - textOf(box).length >= MIN_REST_CHARS) take(box);
  for (const list of lists(root)) {
    if (!root.contains(list)) continue;
    const heading = headingBefore(list);
    if (heading && rest - textOf(list).length >= MIN_REST_CHARS) take(heading, list);
  }
}

function namedBoxes(root: Element): Element[] {
  const found: Element[] = [];
  walk(root, (node) => {
    if (node.nodeType !== ELEMENT_NODE) return false;
    const el = node as Element;
    if (el !== root && namesFactBox(classAndId(el))) {
      found.push(el);
      return false;
    }
    return true;
  });
  return found;
}

function lists(root: Element): Element[] {
  return Array.from(root.querySelectorAll('ul, ol'));
}

function isListBox(box: Element): boolean {
  const chars = textOf(box).length;
  if (chars === 0 || chars > BOX_LIMIT) return false;
  let listChars = 0;
  for (const list of Array.from(box.querySelectorAll('ul, ol, dl'))) {
    const outer = list.parentElement?.closest('ul, ol, dl');
    if (!outer || !box.contains(outer)) listChars += textOf(list).length;
  }
  return listChars >= chars * MIN_LIST_SHARE;
}

/**
 * The line just before the list, when it reads as a fact box heading: a heading element, or a
 * short block holding only emphasis ("<div><strong>STORY HIGHLIGHTS</strong></div>").
 */
function headingBefore(list: Element): Element | null {
  let prev = list.previousElementSibling;
  while (prev && textOf(prev) === '' && !LISTS.has(tagOf(prev))) prev = prev.previousElementSibling;
  if (!prev) return null;
  const text = textOf(prev);
  return text.length <= HEADING_LIMIT && FACT_HEADING.test(text) ? prev : null;
}
