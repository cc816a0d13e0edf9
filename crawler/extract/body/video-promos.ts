import { remove, textOf } from '../dom.ts';
import { endsSentence } from '../text.ts';
import { leafBlocks } from './edges.ts';
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
  for (const { el, text } of leafBlocks(root)) if (isVideoPromo(el, text)) remove(el);
}

function isVideoPromo(line: Element, text: string): boolean {
  if (text.length === 0 || text.length > PROMO_LIMIT) return false;
  if (WATCH_LABEL.test(text)) {
    const stats = textStats(line);
    return stats.linkChars >= stats.chars * MIN_LINK_SHARE;
  }
  const links = line.getElementsByTagName('a');
  const last = links[links.length - 1];
  const tail = last === undefined ? '' : textOf(last);
  if (!WATCH_LINK.test(tail) || !text.endsWith(tail)) return false;
  // Before the link, a video's title; "The agency put its footage online. <a>Watch video</a>" is a
  // sentence of the article with a link after it.
  return !endsSentence(text.slice(0, text.length - tail.length).trim());
}
