import { inDocumentOrder } from '../dom.ts';
import { textStats, type TextStats } from './measure.ts';
import { joinParts, sameMarkup, splitBodyParts } from './split-body.ts';
import { containerLevel, LEVEL_CMS, LEVEL_SCHEMA } from './vocabulary.ts';

export interface Container {
  element: Element;
  /** See LEVEL_* in vocabulary.ts: lower is more specific markup. */
  level: number;
  stats: TextStats;
}

const MIN_CHARS = 200;
const MAX_LINK_DENSITY = 0.5;

/**
 * The known article container with the most non-link text, trying the most specific markup first.
 * `candidates` are the page's elements that may carry container markup (class, id, itemprop,
 * <article>, <main>); detached ones (pruned) are skipped.
 */
export function findContainer(candidates: Element[]): Container | null {
  const levels = new Map<number, Element[]>();
  for (const el of candidates) {
    // Templates put post classes on <body> ("single-post"): the page is not a container.
    if (el.localName === 'body' || el.localName === 'html' || !el.isConnected) continue;
    const level = containerLevel(el);
    if (level < 0) continue;
    const list = levels.get(level);
    if (list) list.push(el);
    else levels.set(level, [el]);
  }
  for (const level of [...levels.keys()].sort((a, b) => a - b)) {
    let best: Container | null = null;
    let bestChars = MIN_CHARS;
    for (const element of levels.get(level)!) {
      const stats = textStats(element);
      const own = stats.chars - stats.linkChars;
      if (own <= bestChars || stats.linkChars > stats.chars * MAX_LINK_DENSITY) continue;
      best = { element, level, stats };
      bestChars = own;
    }
    if (!best && level <= LEVEL_CMS) best = onlyShortBody(levels.get(level)!, level);
    if (!best) continue;
    const chosen = innermost(best, levels.get(level)!);
    return level === LEVEL_SCHEMA ? withSchemaParts(chosen, levels.get(level)!) : withSiblings(chosen, levels.get(level)!);
  }
  return null;
}

/**
 * A short post (a picture and its line, a two-sentence note) in the one body the page marks as
 * such: every marked element with text lies on one chain of nested elements. Below MIN_CHARS a
 * marked body is otherwise passed over, and Readability then takes the page around it.
 */
function onlyShortBody(marked: Element[], level: number): Container | null {
  let outer: Element | null = null;
  for (const el of marked) {
    if (!el.isConnected || ownChars(el) === 0) continue;
    if (!outer || el.contains(outer)) outer = el;
    else if (!outer.contains(el)) return null;
  }
  if (!outer) return null;
  const stats = textStats(outer);
  if (stats.linkChars > stats.chars * MAX_LINK_DENSITY) return null;
  if (stats.chars - stats.linkChars < MIN_SHORT_CHARS && !outer.querySelector('img, picture, video')) return null;
  return { element: outer, level, stats };
}

const MIN_SHORT_CHARS = 50;

/**
 * Wrappers often carry body-like names too ("content-column" around "article-content"). A nested
 * container of the same level wins when the wrapper adds no prose of its own: less than a quarter
 * more paragraph text (bylines, share rows, "don't miss" boxes are not paragraphs).
 */
function innermost(best: Container, sameLevel: Element[]): Container {
  let current = best;
  for (;;) {
    let inner: Container | null = null;
    for (const el of sameLevel) {
      if (el === current.element || !el.isConnected || !current.element.contains(el)) continue;
      const stats = textStats(el);
      if (stats.paragraphChars === 0 || current.stats.paragraphChars - stats.paragraphChars > stats.paragraphChars * 0.25) continue;
      if (!inner || stats.paragraphChars > inner.stats.paragraphChars) inner = { element: el, level: current.level, stats };
    }
    if (!inner) return current;
    current = inner;
  }
}

/**
 * Some templates split one article into several containers (a paragraph group, an ad, the next
 * group), as siblings or inside grid cells of their own. The parts are gathered, in document
 * order, under one detached wrapper: elements with the same tag and class as the chosen one, and
 * sibling containers of the same level holding a sentence or more.
 */
function withSiblings(best: Container, sameLevel: Element[]): Container {
  const containers = new Set(sameLevel);
  const parent = best.element.parentElement;
  const sameLevelSibling = (el: Element) => el.parentElement === parent && containers.has(el) && ownChars(el) >= MIN_SIBLING_CHARS;
  const parts = splitBodyParts(best.element, (el) => (sameMarkup(el, best.element) && ownChars(el) > 0) || sameLevelSibling(el));
  if (parts.length < 2) return best;
  const wrapper = joinParts(parts);
  return { element: wrapper, level: best.level, stats: textStats(wrapper) };
}

const MIN_SIBLING_CHARS = 80;

/**
 * schema.org names every part of a body: a template that marks each paragraph articleBody, or each
 * paragraph group around an inline promo box, marks all of the article's parts, wherever they sit.
 * The parts are the outermost articleBody elements of the chosen one's item (its nearest
 * itemscope), in document order; another item's body (a related story's) is not one of them.
 */
function withSchemaParts(best: Container, sameLevel: Element[]): Container {
  const item = best.element.parentElement?.closest('[itemscope]') ?? null;
  // In document order an outer part comes before the parts inside it: one pass keeps the outermost.
  const ofItem = sameLevel.filter((el) => (el.parentElement?.closest('[itemscope]') ?? null) === item);
  const ordered = inDocumentOrder(item ?? topOf(best.element), ofItem);
  const parts: Element[] = [];
  for (const el of ordered) if (!parts.at(-1)?.contains(el) && ownChars(el) > 0) parts.push(el);
  if (parts.length < 2 || !parts.includes(best.element)) return withSiblings(best, sameLevel);
  const wrapper = joinParts(parts);
  return { element: wrapper, level: best.level, stats: textStats(wrapper) };
}

/** The root of the tree an element is in (the parsed page, which may not be attached to a document). */
function topOf(node: Node): Node {
  while (node.parentNode) node = node.parentNode;
  return node;
}

function ownChars(el: Element): number {
  const stats = textStats(el);
  return stats.chars - stats.linkChars;
}
