import { ELEMENT_NODE, TEXT_NODE, remove, sharesLine, tagOf, textOf, walk } from '../dom.ts';
import { textStats } from './measure.ts';
import { readsAsSentence } from '../text.ts';
import { titleMatch } from '../metadata/title.ts';
import { ADVERT, FILED, RECOMMENDED } from './furniture-phrases.ts';
import { inEmbeddedPost } from './vocabulary.ts';

// Leftovers that survive every strategy: the headline repeated inside the body, one-line
// boilerplate ("Advertisement", "Read more", "Share this:"), captions repeated as text.

/** "Facebook Twitter Email", "Share · LinkedIn · WhatsApp": a share row's names without their icons. */
const SOCIAL_ROW = '(?:(?:facebook|twitter|x|linkedin|whatsapp|reddit|pinterest|pin it|flipboard|messenger|telegram|tumblr|email|e-mail|mail|print|save|share|tweet|copy link)(?:\\s*[|·•,/]\\s*|\\s+|$)){1,10}';

const BOILERPLATE_LINE = new RegExp(
  '^(?:' +
    [
      // Fewer box openers than furniture-phrases.ts lists: trimEdges cuts a trailing box from its
      // heading down ("Don't miss" over a video promo), and cannot once the heading is gone.
      'related(?: posts| articles| stories)?|you (?:may|might) also like|read more',
      RECOMMENDED,
      ADVERT,
      'ad|ads by \\w+',
      FILED,
      'continue reading(?: the main story| below)?|read the full (?:story|article)|click here to (?:read|see|view|continue)',
      // Labels news templates set between paragraphs, around ads, players and pictures.
      '(?:the )?(?:story|article) continues (?:below|after)(?: (?:this )?(?:advertisement|ad))?|scroll to continue(?: with content)?',
      'skip (?:advertisement|ad)|supported by|toggle caption|enlarge this image|open in app|image|photo|video',
      // Buttons and links of share rows, players and article tools, left as text.
      'copy link|link copied|save(?: (?:article|story|for later))?|gift (?:this )?(?:article|story)|bookmark|add to (?:reading )?list|read later',
      'follow|comments?|close|menu|play|pause|(?:un)?mute|(?:next|previous)(?: (?:article|story|post))?|explore more',
      'ad feedback|report (?:an|this) ad|(?:paid|partner|promoted|sponsored) (?:content|posts?|stories)|promoted|(?:(?:content|stories) )?from our partners|paid program',
      'latest news|most (?:popular|read|viewed|shared)|summarize this (?:article|story)|opens? in (?:a )?new (?:window|tab)',
      // What a page says to screen readers around a list of links or a player: "list of 4 items", "end of list".
      'list of \\d+ items|list \\d+ of \\d+|end of list|this video can ?not be played',
      'get the latest (?:news|stories|headlines)(?: delivered)? (?:to|in) your inbox',
      SOCIAL_ROW,
      // Appeals and comment prompts under an article.
      'donate(?: now| today)?|join the (?:conversation|discussion)|have your say',
      'up next|keep reading|republish this (?:article|story)|comments are (?:closed|disabled)|read our community (?:guidelines|standards)',
      'share this(?: article| story| post)?|share|tweet|email|print|like this:?',
      'more from \\w+',
      'tags',
      'loading\\.*|skip to content|back to top|search',
      'subscribe(?: now)?|sign up(?: for (?:our|the) newsletter)?',
      'view this (?:post|photo|video|reel|profile) on \\w+|an? (?:post|photo|video|reel) shared by .+',
    ].join('|') +
    ')\\s*[:.…»›>-]*$',
  'i',
);

/**
 * Reaction notes under a post (Tumblr): "nickmongo liked this", "latebus reblogged this from
 * valleynotes and added:". A user name, lower case, and no full stop: "Nobody liked this." is a
 * sentence of the article.
 */
const REACTION_NOTE = /^[a-z0-9][\w.-]* (?:liked|reblogged) this(?: from [a-z0-9][\w.-]*)?(?: and added:?)?$/;

const HEADING = /^h[1-6]$/;
const MAX_HEADER_CHARS = 400;

/**
 * Removes the headline when the body repeats it, and with it the header material above it (site
 * name, navigation, dateline) when that is short. Images above the headline stay.
 */
export function removeHeadline(root: Element, title: string): void {
  if (!title) return;
  const headings: Element[] = [];
  walk(root, (node) => {
    if (node.nodeType !== ELEMENT_NODE || headings.length >= 5) return false;
    if (HEADING.test(tagOf(node as Element))) {
      headings.push(node as Element);
      return false;
    }
    return true;
  });
  const headline = headings.find((h) => titleMatch(textOf(h), title) >= 0.8);
  if (!headline) return;
  const before: Node[] = [];
  let chars = 0;
  for (let node: Element | null = headline; node && node !== root; node = node.parentElement) {
    for (let sibling = node.previousSibling; sibling; sibling = sibling.previousSibling) {
      const text = textOf(sibling);
      if (sibling.nodeType === ELEMENT_NODE && text.length < 30 && (sibling as Element).querySelector?.('img, picture, video, figure')) continue;
      chars += text.length;
      before.push(sibling);
    }
  }
  remove(headline);
  if (chars <= MAX_HEADER_CHARS) for (const node of before) remove(node);
}

const LINE_TAGS = new Set(['p', 'div', 'span', 'li', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'b', 'a']);
const INLINE_LINE_TAGS = new Set(['span', 'strong', 'em', 'b', 'a']);
const MEDIA = new Set(['img', 'picture', 'video', 'audio', 'iframe', 'pre', 'table', 'hr', 'br']);

/** Drops lines that are only boilerplate words, and empty blocks (no text, no media). */
export function removeBoilerplateLines(root: Element): void {
  for (const el of elementsNamed(root, LINE_TAGS)) {
    // Not isConnected: a Readability or joined body is detached from the document.
    if (!root.contains(el)) continue;
    // "Contact us by <a>email</a>." keeps its word: inline elements count only on a line of their own.
    if (INLINE_LINE_TAGS.has(tagOf(el)) && sharesLine(el)) continue;
    const text = textOf(el);
    if (text.length > 60) continue;
    if (text === '' ? !containsMedia(el) : BOILERPLATE_LINE.test(text) || REACTION_NOTE.test(text)) remove(el);
  }
}

/** Elements under `root` whose tag is in `tags`, in document order (a snapshot: callers remove some). */
function elementsNamed(root: Element, tags: ReadonlySet<string>): Element[] {
  const found: Element[] = [];
  walk(root, (node) => {
    if (node.nodeType !== ELEMENT_NODE) return false;
    if (tags.has(tagOf(node as Element))) found.push(node as Element);
    return true;
  });
  return found;
}

function containsMedia(el: Element): boolean {
  if (MEDIA.has(tagOf(el))) return true;
  let found = false;
  walk(el, (node) => {
    if (found || node.nodeType !== ELEMENT_NODE) return false;
    if (MEDIA.has(tagOf(node as Element))) found = true;
    return !found;
  });
  return found;
}

/** A caption whose text is repeated by the paragraph right after its figure: keep one. */
export function removeDuplicateCaptions(root: Element): void {
  for (const caption of Array.from(root.querySelectorAll('figcaption, .wp-caption-text, .caption'))) {
    const text = textOf(caption);
    if (text.length < 20) continue;
    const figure = caption.closest('figure, .wp-caption') ?? caption;
    let next = figure.nextSibling;
    while (next && next.nodeType !== ELEMENT_NODE) next = next.nextSibling;
    if (next && textOf(next) === text) remove(next);
  }
}

// Block-level only: a linked name inside a byline or a sentence is judged with its block.
const LINK_BLOCKS = new Set(['ul', 'ol', 'dl', 'div', 'section', 'table', 'td', 'th', 'p', 'nav', 'aside', 'header', 'footer', 'center']);

/**
 * Blocks that are mostly links (related lists, tag clouds, "more from" boxes, reblog notes) are
 * navigation, not prose. Innermost blocks are judged first, so a list of links inside a long
 * article section goes while the section stays. An embedded post (a tweet of mentions and
 * hashtags) is a quotation, not navigation.
 */
export function removeLinkDenseBlocks(root: Element): void {
  const blocks = elementsNamed(root, LINK_BLOCKS);
  for (let i = blocks.length - 1; i >= 0; i--) {
    const block = blocks[i];
    if (inEmbeddedPost(block, root)) continue;
    const stats = textStats(block);
    if (stats.chars < 10) continue;
    const plain = stats.chars - stats.linkChars;
    const density = stats.linkChars / stats.chars;
    // A sentence with several links in it ("read about the <a>targeting controls</a> available, …") is prose.
    if (density >= 0.75 || (density >= 0.5 && plain < 100 && !readsAsSentence(textOf(block)))) remove(block);
  }
}

/**
 * Headings left with nothing under them (their list or box was removed as furniture): the next
 * text in document order is another heading of the same or a higher rank, or there is none.
 */
export function removeOrphanHeadings(root: Element): void {
  const sequence: Array<{ el: Element; rank: number; hasText: boolean }> = [];
  walk(root, (node) => {
    if (node.nodeType === ELEMENT_NODE) {
      const tag = tagOf(node as Element);
      if (HEADING.test(tag)) {
        sequence.push({ el: node as Element, rank: Number(tag[1]), hasText: textOf(node).length > 0 });
        return false;
      }
      if (tag === 'img' || tag === 'picture' || tag === 'video' || tag === 'table' || tag === 'pre') sequence.push({ el: node as Element, rank: 0, hasText: true });
      return true;
    }
    if (node.nodeType === TEXT_NODE && /\S/.test((node as Text).data)) {
      const last = sequence[sequence.length - 1];
      if (!last || last.rank !== 0) sequence.push({ el: node.parentElement!, rank: 0, hasText: true });
    }
    return false;
  });
  for (let i = sequence.length - 1; i >= 0; i--) {
    const item = sequence[i];
    if (item.rank === 0) continue;
    const next = sequence[i + 1];
    if (!next || (next.rank > 0 && next.rank <= item.rank)) {
      remove(item.el);
      sequence.splice(i, 1);
    }
  }
}
