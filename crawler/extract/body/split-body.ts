import { ELEMENT_NODE, TEXT_NODE, attr, tagOf, textOf, walk } from '../dom.ts';
import { apartFromHeadline } from './headline-region.ts';
import { textStats } from './measure.ts';

// Magazine templates split one article over several containers with the same markup, with ads
// or inline promos between them, and sometimes wrap each part in a grid cell of its own: the parts
// are siblings or cousins. A listing page also repeats body markup, once per post, but with a
// linked title between two bodies.

const MAX_LEVELS = 3;
/** Text between two parts of one body: an ad label, a promo line, a teaser title or two. */
const MAX_GAP_CHARS = 300;

/**
 * The parts of the body `part` belongs to, in document order: the elements `isPart` accepts
 * under one of its three nearest ancestors, when only furniture-sized text and no linked heading
 * stands between two of them. Just `part` when it is whole.
 */
export function splitBodyParts(part: Element, isPart: (el: Element) => boolean): Element[] {
  let ancestor = part.parentElement;
  for (let level = 0; ancestor && level < MAX_LEVELS; level++, ancestor = ancestor.parentElement) {
    const run = runAround(part, ancestor, isPart);
    if (run.length >= 2) return run;
  }
  return [part];
}

/**
 * The run of consecutive parts under `ancestor` that includes `part`, with the subheadings that
 * stand between two parts (they belong to the article).
 */
function runAround(part: Element, ancestor: Element, isPart: (el: Element) => boolean): Element[] {
  let run: Element[] = [];
  let gapChars = 0;
  let gapHasTitle = false;
  let gapHeadings: Element[] = [];
  let finished = false;
  walk(ancestor, (node) => {
    if (finished) return false;
    if (node.nodeType === TEXT_NODE) {
      gapChars += (node as Text).data.replace(/\s+/g, ' ').trim().length;
      return false;
    }
    if (node.nodeType !== ELEMENT_NODE) return false;
    const el = node as Element;
    if (el === part || (!el.contains(part) && isPart(el))) {
      if (run.length > 0 && (gapHasTitle || gapChars > MAX_GAP_CHARS)) {
        if (run.includes(part)) {
          finished = true;
          return false;
        }
        run = [];
      }
      if (run.length > 0) run.push(...gapHeadings);
      run.push(el);
      gapChars = 0;
      gapHasTitle = false;
      gapHeadings = [];
      return false;
    }
    if (isTitle(el)) gapHasTitle = true;
    else if (/^h[2-6]$/.test(tagOf(el))) {
      gapHeadings.push(el);
      // A subheading's words are the article's, not gap text.
      gapChars -= textOf(el).length;
    }
    return true;
  });
  return run.includes(part) ? run : [part];
}

/** A page or post title: an <h1>, or a heading that links to a page of its own. */
function isTitle(el: Element): boolean {
  const tag = tagOf(el);
  return tag === 'h1' || (/^h[2-6]$/.test(tag) && el.getElementsByTagName('a').length > 0);
}

/** Tag and class attribute: the markup a template repeats for every part of one body. */
export function sameMarkup(a: Element, b: Element): boolean {
  const cls = attr(a, 'class');
  return cls !== null && tagOf(a) === tagOf(b) && attr(b, 'class') === cls;
}

/** Detached copies of `parts`, in order, under one <div>. */
export function joinParts(parts: Element[]): Element {
  const wrapper = parts[0].ownerDocument.createElement('div');
  for (const part of parts) wrapper.appendChild(part.cloneNode(true));
  return wrapper;
}

/** Share of the page's paragraph text a split body must hold to be taken for the article. */
const MIN_SPLIT_SHARE = 0.6;

/**
 * A body split over repeated markup that no container vocabulary names ("body__inner-container"),
 * found before Readability, which keeps only the part it scores highest. `candidates` are the
 * page's elements with a class; parts are those directly holding paragraphs. A run of boxes with
 * a list of links among them (archives, a blogroll), or away from the headline, is a sidebar.
 */
export function findSplitBody(candidates: Element[], body: Element, headlineRegion: Element | null): Element | null {
  const groups = new Map<string, Element[]>();
  for (const el of candidates) {
    if (!el.isConnected || el === body || !holdsParagraphsDirectly(el)) continue;
    const key = `${tagOf(el)} ${attr(el, 'class')}`;
    const group = groups.get(key);
    if (group) group.push(el);
    else groups.set(key, [el]);
  }
  let best: { parts: Element[]; chars: number } | null = null;
  for (const members of groups.values()) {
    const covered = new Set<Element>();
    for (const member of members.length >= 2 ? members : []) {
      if (covered.has(member)) continue;
      const parts = splitBodyParts(member, (el) => sameMarkup(el, member));
      for (const part of parts) covered.add(part);
      if (parts.length < 2 || parts.some(isLinkList) || parts.some((part) => apartFromHeadline(part, headlineRegion))) continue;
      const chars = parts.reduce((sum, part) => sum + textStats(part).paragraphChars, 0);
      if (!best || chars > best.chars) best = { parts, chars };
    }
  }
  if (!best || best.chars < textStats(body).paragraphChars * MIN_SPLIT_SHARE) return null;
  return joinParts(best.parts);
}

function isLinkList(el: Element): boolean {
  const stats = textStats(el);
  return stats.linkChars > stats.chars * MAX_PART_LINK_DENSITY;
}

const MAX_PART_LINK_DENSITY = 0.5;

function holdsParagraphsDirectly(el: Element): boolean {
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (tagOf(child) === 'p' && (child.textContent ?? '').length >= 80) return true;
  }
  return false;
}
