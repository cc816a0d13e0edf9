import { ELEMENT_NODE, TEXT_NODE, attr, isBlockTag, remove, tagOf, textOf, walk } from '../dom.ts';
import { COMMON_FURNITURE } from './furniture-phrases.ts';
import { textStats } from './measure.ts';

// Teaser boxes inside the body: a heading such as "You may also like", "More stories" or
// "Subscribe to X" over several links to other pages, each with at most a short blurb. Their
// neutral class names ("block block--3") escape pruning, and a blurb under each title keeps the
// box's link density low, so they are recognised by heading and shape.

const TEASER_HEADING = new RegExp(
  '^(?:' +
    [
      ...COMMON_FURNITURE,
      '(?:more|other|latest|top|related|recommended|popular|trending|similar|recent) (?:stories|articles|news|posts|reads|videos|headlines|coverage|reading)',
      'more (?:from|on|in|about|like this)\\b.{0,40}',
      '(?:also|further|suggested|recommended) reading',
      'also (?:read|on\\b.{0,40})',
      'most (?:read|popular|viewed|shared|emailed)',
      "editors?'?s?'? picks?",
      'what to read next',
      'up next',
      'keep reading',
      'subscribe to\\b.{1,40}',
      'sign up (?:for|to)\\b.{1,40}',
      'get (?:the|our)\\b.{0,30}newsletter',
    ].join('|') +
    ')\\s*[:.…»›>-]*$',
  'i',
);

const HEADING_LIKE = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'span', 'strong', 'b', 'header', 'dt']);
const HEADING_LIMIT = 60;
/** A teaser box is small: a few titles, each with a sentence at most. */
const BOX_LIMIT = 1000;
const BLURB_LIMIT = 160;
const MIN_TEASERS = 2;
const MAX_BOX_LEVELS = 3;

function isTeaserHeading(text: string): boolean {
  return text.length <= HEADING_LIMIT && TEASER_HEADING.test(text);
}

/**
 * Removes teaser boxes inside the body: the heading's box when it has the shape, else the heading
 * and the teaser lines after it. A box closing the body is left to trimEdges, which also cuts
 * the short leftovers just before it.
 */
export function removeTeaserBlocks(root: Element): void {
  for (const heading of teaserHeadings(root)) {
    if (!root.contains(heading)) continue;
    const doomed = teaserBlock(outermostWithSameText(heading, root), root);
    if (doomed.length > 0 && paragraphFollows(doomed[doomed.length - 1], root)) for (const node of doomed) remove(node);
  }
}

/**
 * The box around the heading line if it is a teaser box (the heading may sit in a box header of
 * its own), else the line and the teaser lines after it (none if too few).
 */
function teaserBlock(line: Element, root: Element): Element[] {
  const heading = textOf(line);
  let box = line.parentElement;
  for (let level = 0; box && box !== root && level < MAX_BOX_LEVELS; level++, box = box.parentElement) {
    // The heading opens its box; one further down ends an article that holds the teasers.
    if (!textOf(box).startsWith(heading)) break;
    if (isTeaserBox(box)) return [box];
  }
  const teasers = teaserLinesAfter(line);
  return teasers.length >= MIN_TEASERS ? [line, ...teasers] : [];
}

function teaserHeadings(root: Element): Element[] {
  const found: Element[] = [];
  walk(root, (node) => {
    if (node.nodeType !== ELEMENT_NODE) return false;
    const el = node as Element;
    if (!HEADING_LIKE.has(tagOf(el)) || el.childElementCount > 2) return true;
    if (!isTeaserHeading(textOf(el))) return true;
    found.push(el);
    return false;
  });
  return found;
}

/** "<p><strong>More stories</strong></p>": the paragraph, not the <strong>, stands in the body. */
function outermostWithSameText(el: Element, root: Element): Element {
  let line = el;
  const text = textOf(el);
  while (line.parentElement && line.parentElement !== root && textOf(line.parentElement) === text) line = line.parentElement;
  return line;
}

/** Several teaser links, and no more text than a short blurb per link. */
function isTeaserBox(box: Element): boolean {
  const stats = textStats(box);
  if (stats.chars > BOX_LIMIT) return false;
  const links = teaserLinks(box);
  return links >= MIN_TEASERS && stats.chars - stats.linkChars <= links * BLURB_LIMIT;
}

/** Following siblings that are each a teaser link with at most a short blurb ("<a>Title</a> One line."). */
function teaserLinesAfter(line: Element): Element[] {
  const teasers: Element[] = [];
  for (let next = line.nextElementSibling; next; next = next.nextElementSibling) {
    if (teaserLinks(next) !== 1) break;
    const stats = textStats(next);
    if (stats.chars - stats.linkChars > BLURB_LIMIT) break;
    teasers.push(next);
  }
  return teasers;
}

/**
 * Distinct targets of links that open their line, as a teaser's title or picture does; a link
 * inside a sentence ("the <a>ferry</a> first ran") is prose.
 */
function teaserLinks(el: Element): number {
  const hrefs = new Set<string>();
  for (const a of Array.from(el.getElementsByTagName('a'))) {
    const href = attr(a, 'href')?.trim();
    if (!href || href.startsWith('#') || /^javascript:/i.test(href)) continue;
    if (opensLine(a)) hrefs.add(href);
  }
  return hrefs.size;
}

/** No text before the element on its line: back to a block boundary, a <br> or another link. */
function opensLine(el: Element): boolean {
  for (let node: Element = el; ; ) {
    for (let prev = node.previousSibling; prev; prev = prev.previousSibling) {
      if (prev.nodeType === TEXT_NODE) {
        if (/\S/.test((prev as Text).data)) return false;
        continue;
      }
      if (prev.nodeType !== ELEMENT_NODE) continue;
      const tag = tagOf(prev as Element);
      if (isBlockTag(tag) || tag === 'br' || tag === 'a') return true;
      if (textOf(prev) !== '') return false;
    }
    const parent = node.parentElement;
    if (!parent || isBlockTag(tagOf(parent))) return true;
    node = parent;
  }
}

/** Whether a paragraph of the article comes after `el` in the body. */
function paragraphFollows(el: Element, root: Element): boolean {
  for (let node: Element | null = el; node && node !== root; node = node.parentElement) {
    for (let next = node.nextElementSibling; next; next = next.nextElementSibling) if (holdsParagraph(next)) return true;
  }
  return false;
}

const PARAGRAPH_TAGS = new Set(['p', 'blockquote', 'pre', 'li']);
const MIN_PARAGRAPH_CHARS = 80;

function holdsParagraph(el: Element): boolean {
  const stats = textStats(el);
  // textStats counts the paragraphs under an element, not the element itself.
  return stats.paragraphChars > 0 || (PARAGRAPH_TAGS.has(tagOf(el)) && stats.chars - stats.linkChars >= MIN_PARAGRAPH_CHARS);
}
