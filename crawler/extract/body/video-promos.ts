import { ELEMENT_NODE, remove, tagOf, textOf, walk } from '../dom.ts';
import { isBlockTag } from '../text.ts';
import { textStats } from './measure.ts';

// One-line promos for a video on another page: "Aurora shooting: stories of heroism <a>Watch
// Video</a>", "<a>WATCH: The mayor's speech in full</a>", "Video: <a>Storm hits the coast</a>".
// Both forms need a link: "Video: the council's own footage shows …" without one is a sentence
// of the article.

const PROMO_LIMIT = 150;
/** The link that closes the line. */
const WATCH_LINK = /^(?:watch(?: the)? video|watch(?: it)? now|play(?: the)? video)\s*[»›>]*$/i;
/** The label that opens the line, over a mostly linked title. */
const WATCH_LABEL = /^(?:watch|video)\s*[:|–—-]\s*\S/i;
const MIN_LINK_SHARE = 0.5;

export function removeVideoPromos(root: Element): void {
  for (const line of leafLines(root)) if (isVideoPromo(line)) remove(line);
}

function isVideoPromo(line: Element): boolean {
  const text = textOf(line);
  if (text.length === 0 || text.length > PROMO_LIMIT) return false;
  if (WATCH_LABEL.test(text)) {
    const stats = textStats(line);
    return stats.linkChars >= stats.chars * MIN_LINK_SHARE;
  }
  const links = line.getElementsByTagName('a');
  const last = links[links.length - 1];
  if (last === undefined || !WATCH_LINK.test(textOf(last)) || !text.endsWith(textOf(last))) return false;
  // Before the link, a video's title; "The agency put its footage online. <a>Watch video</a>" is a
  // sentence of the article with a link after it.
  return !/[.!?]["'”’)]?$/.test(text.slice(0, text.length - textOf(last).length).trim());
}

/** Block elements with no block inside them (and not the root), in document order. */
function leafLines(root: Element): Element[] {
  const lines: Element[] = [];
  walk(root, (node) => {
    if (node.nodeType !== ELEMENT_NODE) return false;
    const el = node as Element;
    if (el !== root && isBlockTag(tagOf(el)) && !hasBlockInside(el)) {
      lines.push(el);
      return false;
    }
    return true;
  });
  return lines;
}

function hasBlockInside(el: Element): boolean {
  let found = false;
  walk(el, (node) => {
    if (found || node.nodeType !== ELEMENT_NODE) return false;
    if (node !== el && isBlockTag(tagOf(node as Element))) found = true;
    return !found;
  });
  return found;
}
