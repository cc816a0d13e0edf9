import { PHRASING, classAndId, inRunningText, remove, tagOf } from '../dom.ts';
import { tagged, type DocIndex } from '../dom-index.ts';
import { textStats, type TextStats } from './measure.ts';
import { LEVEL_CMS, containerLevel, isCommentThread, isFurniture, isHiddenByClass, namesPullQuote } from './vocabulary.ts';

// First pass over the parsed page, before any strategy looks at it: drop what is never article
// text (scripts, form controls, hidden parts), then page furniture named as such (comment
// threads, share bars, related lists, newsletter boxes, cookie banners, navigation, sidebars).
// Every strategy then works on a smaller, cleaner tree, which also makes Readability faster.

const NEVER_CONTENT = [
  'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'applet', 'canvas', 'svg', 'link', 'meta',
  'button', 'input', 'select', 'textarea', 'dialog', 'map', 'frame', 'frameset', 'title', 'base',
];
const FURNITURE_TAGS = ['nav', 'aside', 'footer', 'form'];
const FURNITURE_ROLES = /^(?:navigation|banner|contentinfo|complementary|search|dialog|alertdialog|alert|menu|menubar|toolbar)$/i;
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

const KEEP = new Set(['html', 'head', 'body', 'main', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'code', 'blockquote', 'table', 'tbody', 'thead', 'tr', 'td', 'th', 'img', 'picture', 'figure']);

/**
 * Furniture holding more than this share of the page's text, or half of its paragraphs, is
 * probably a wrapper whose name misleads ("sidebar-layout", "social-images").
 */
const MAX_FURNITURE_SHARE = 0.6;
const MAX_PARAGRAPH_SHARE = 0.5;

export interface PruneContext {
  /** The page's headline element: whatever contains it is the article's wrapper, never furniture. */
  headline: Element | null;
}

export function pruneDocument(doc: Document, index: DocIndex, context: PruneContext): void {
  const body = doc.body;
  if (!body) return;
  for (const tag of NEVER_CONTENT) for (const el of tagged(index, tag)) remove(el);
  for (const node of index.comments) remove(node);
  for (const el of index.flagged) {
    if (el === body || el === doc.documentElement) continue;
    if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true' || HIDDEN_STYLE.test(el.getAttribute('style') ?? '')) remove(el);
  }

  const containers = explicitContainers(index);
  const protectedSet = protectedElements(containers, context);
  let bodyStats: TextStats | null = null;
  const tooBig = (el: Element) => {
    // Inside an explicitly marked article body, a box named as furniture is furniture, however
    // long (a slideshow of captions under "promo"); the size guard is for page-level wrappers.
    if (insideAny(el, containers)) return false;
    bodyStats ??= textStats(body);
    const stats = textStats(el);
    return stats.chars > bodyStats.chars * MAX_FURNITURE_SHARE || stats.paragraphChars > bodyStats.paragraphChars * MAX_PARAGRAPH_SHARE;
  };

  const furniture = [...FURNITURE_TAGS.flatMap((tag) => tagged(index, tag)), ...index.flagged.filter((el) => FURNITURE_ROLES.test(el.getAttribute('role') ?? ''))];
  for (const el of furniture) {
    if (protectedSet.has(el) || !el.isConnected || tooBig(el)) continue;
    remove(el);
  }

  for (const el of index.named) {
    const tag = tagOf(el);
    if (protectedSet.has(el)) continue;
    const names = classAndId(el);
    // A pull quote repeats a line of the article in large type; KEEP does not shield it.
    if (namesPullQuote(names) && el.isConnected && !tooBig(el)) {
      remove(el);
      continue;
    }
    if (KEEP.has(tag)) continue;
    const hidden = isHiddenByClass(names);
    if (!hidden && !isFurniture(names)) continue;
    if (!el.isConnected) continue;
    // Inline elements named like furniture ("<span class=author>" inside a sentence) are part of
    // the running text; only elements that stand on their own are removed by name.
    if (PHRASING.has(tag) && inRunningText(el)) continue;
    if (!hidden && !isCommentThread(names) && tooBig(el)) continue;
    remove(el);
  }

  for (const tag of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) {
    for (const heading of tagged(index, tag)) {
      if (heading.isConnected && opensComments(heading)) removeFrom(heading, protectedSet);
    }
  }
}

// Headings that open a comment thread: "Comments", "3 Responses", "12 thoughts on “Title”",
// "Leave a Reply". Some templates put the comments after such a heading without a wrapper.
// Bare "Discussion" or "Reactions" may title a section of the article itself, so those count only
// with a number ("4 Responses").
const COMMENT_HEADING =
  /^(?:(?:\d+|no|one|two|three)\s+(?:comments?|responses?|replies|reactions|thoughts?)(?:\s+(?:on|to)\s+.*)?|comments?|reader comments|trackbacks?|trackback pings|pingbacks?|leave a (?:reply|comment|response)|post a comment|add (?:a|your) comment|join the (?:discussion|conversation))(?:\s*\(\d+\))?\s*:?$/i;

function opensComments(heading: Element): boolean {
  if (isCommentThread(classAndId(heading))) return true;
  const text = (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length <= 150 && COMMENT_HEADING.test(text);
}

/** The heading and everything after it under the same parent, unless that holds the article. */
function removeFrom(heading: Element, protectedSet: Set<Element>): void {
  const doomed: Node[] = [heading];
  for (let node = heading.nextSibling; node; node = node.nextSibling) {
    if (protectedSet.has(node as Element)) return;
    doomed.push(node);
  }
  for (const node of doomed) remove(node);
}

/** Elements marked up as the article body (schema.org articleBody, CMS body classes). */
function explicitContainers(index: DocIndex): Set<Element> {
  const set = new Set<Element>();
  for (const el of index.itemprops) if (containerLevel(el) <= LEVEL_CMS && containerLevel(el) >= 0) set.add(el);
  for (const el of index.named) if (containerLevel(el) === LEVEL_CMS) set.add(el);
  return set;
}

/** The headline, every explicit body container, and their ancestors. */
function protectedElements(containers: Set<Element>, context: PruneContext): Set<Element> {
  const set = new Set<Element>();
  const mark = (el: Element | null) => {
    for (let node = el; node && !set.has(node); node = node.parentElement) set.add(node);
  };
  mark(context.headline);
  for (const el of containers) mark(el);
  return set;
}

function insideAny(el: Element, containers: Set<Element>): boolean {
  if (containers.size === 0) return false;
  for (let node = el.parentElement; node; node = node.parentElement) if (containers.has(node)) return true;
  return false;
}
