import { ELEMENT_NODE, hasText, isBlockTag, remove, tagOf, textOf, walk } from '../dom.ts';
import { endsSentence, readsAsSentence } from '../text.ts';
import { normalizeDate } from '../metadata/dates.ts';
import { ADVERT, COMMON_FURNITURE, FILED } from './furniture-phrases.ts';
import { textStats } from './measure.ts';
import { inEmbeddedPost } from './vocabulary.ts';
import { bioIsFurniture, isAuthorBio } from './author-bio.ts';

// Every strategy's region tends to overshoot at its edges: a byline and date line above the first
// paragraph, a newsletter pitch, share prompt, related list or copyright line below the last.
// Walking in from each edge, such blocks are dropped until the first block of prose.

/** A social network a follow or like prompt names, as a whole word ("X", not "X-ray"). */
const NETWORK = '(?:twitter|facebook|instagram|linkedin|bluesky|mastodon|tiktok|youtube|x)(?![\\p{L}-])';

const TAIL = new RegExp(
  '^(?:' +
    [
      ...COMMON_FURNITURE.map((phrase) => `(?:${phrase})\\b`),
      'no related posts',
      'more (?:from|on|in|about|stories|news)\\b',
      'more (?:[\\p{L}-]+ ){1,2}(?:stories|news|coverage|articles|posts) (?:from|on|in|at)\\b',
      'also on\\b',
      'sign up\\b|subscribe\\b|join (?:our|the|my) (?:newsletter|mailing list|community)',
      `follow (?:us|me)\\b|follow\\b[^.!?]{0,60}\\bon ${NETWORK}`,
      // A wire service's note on its principles, under every story it sends.
      'our standards\\s*:',
      'like (?:us|our site|our page|this)\\b|share (?:this|on|via)\\b|tweet\\b|pin it\\b',
      // "Like The Root on Facebook." as a prompt of its own, not "Like many on Facebook, she …".
      `like\\b[^.!?,]{0,60}\\bon ${NETWORK}\\s*(?:[.!]|$)`,
      `(?:${FILED})\\b|tags?\\s*:|categories?\\s*:|topics?\\s*:`,
      '©|copyright\\b|\\(c\\)\\s*\\d{4}|all rights reserved|this (?:article|entry|post) was (?:posted|filed)\\b',
      'leave a (?:comment|reply)|click here to (?:subscribe|sign up|follow)|get (?:the|our) (?:app|newsletter)',
      'was this (?:article|story|page|post) (?:helpful|useful)|(?:have|got) a (?:confidential )?(?:news )?tip\\?',
      'download (?:the|our)\\b.{0,40}\\bapp\\b|listen to (?:our|the) (?:podcast|show)\\b',
      'support (?:our|independent|local|quality) (?:journalism|reporting)\\b|become a (?:member|subscriber|supporter)(?: today| now)?\\s*(?:[.!]|$|and (?:get|enjoy)\\b|to (?:get|read|support|unlock)\\b)|we rely on (?:readers|the support)\\b|already a (?:subscriber|member)\\?',
      '(?:what do you think|tell us what you think)\\b.{0,40}\\bcomments?\\b|(?:enjoyed|like|liked) this (?:article|story|post)\\?',
      `(?:${ADVERT})\\b|loading\\b|you must be logged in|about the author\\b|top stories\\b|popular\\b|powered by\\b`,
    ].join('|') +
    ')',
  'iu',
);
const ANYWHERE = /\bnewsletter\b|\bsign up (?:for|to|here)\b|\bif you (?:enjoyed|liked) this (?:post|article|story)|\bsubscribe to (?:the|our|my) (?:rss|feed|blog|newsletter|channel)/iu;
// "Twitter (17,951 followers) • Facebook (3,507 likes)": a line of audience counts, not a sentence
// about likes.
const COUNTS = /\b\d[\d,.]*\s*(?:followers|likes|subscribers|fans|contacts)\b/gi;
const COUNTS_LIMIT = 120;

function isAudienceCounts(text: string): boolean {
  if (text.length > COUNTS_LIMIT || /[.!?]$/.test(text)) return false;
  const counts = text.match(COUNTS)?.length ?? 0;
  return counts >= 2 || (counts === 1 && text.length <= 40);
}
// Legal small print runs longer than other furniture: copyright, licence and trademark notices.
const LEGAL =
  /all rights reserved|©\s*(?:\d{4}|[\p{Lu}])|\(c\)\s*\d{4}|\bcopyright\s+(?:©\s*)?\d{4}|\bterms of (?:use|service)\b|\bprivacy policy\b|\b(?:work|site|content|post|blog) is licensed under (?:an? |the )?creative commons\b|\bis a registered trademark of\b|\bpowered by (?:wordpress|blogger|tumblr|movable type|typepad|drupal|joomla|ghost|squarespace|wix|medium|substack)\b/iu;
const BYLINE = /^(?:by|posted by|written by|words by|story by|text by|photos? by|von|par|por)\s+\S/i;
/** "Jane Hill, Staff Writer", "Tom Reed | Political Correspondent": a name and a newsroom role. */
const NAME_AND_ROLE =
  /^(?:\p{Lu}[\p{L}'’.-]*\s+){1,3}\p{Lu}[\p{L}'’.-]*\s*[,|–—-]\s*(?:[\p{L}-]+\s+){0,2}(?:[Ww]riter|WRITER|[Rr]eporter|REPORTER|[Cc]orrespondent|CORRESPONDENT|[Ee]ditor|EDITOR|[Cc]ontributor|CONTRIBUTOR|[Cc]olumnist|COLUMNIST|[Jj]ournalist|JOURNALIST)s?$/u;

// The article's own meta lines between headline and text, or under it: reading time, a listen
// button, a comment count or link, a publication or update stamp.
const READING_TIME = /^(?:\d+\s*(?:-\s*)?min(?:ute)?s?\.?\s+read|reading time\s*:?\s*\d+\s*min(?:ute)?s?\.?)$/i;
const LISTEN = /^listen(?: to)?(?: this)?(?: (?:article|story|post))?(?:\s*[·|:–-]?\s*\d{1,2}:\d{2}(?:\s*min(?:ute)?s?)?)?$/i;
const COMMENTS_LINK = /^(?:(?:\d[\d,]*|no|one)\s+comments?|comments?\s*\(\d[\d,]*\)|(?:show|load|view|read|see|hide)\s+(?:all\s+)?(?:\d[\d,]*\s+)?comments?)$/i;
const STAMP = /^(?:published|updated|last (?:updated|modified)|posted|modified|first published)(?:\s+on)?\s*:?\s*(.+)$/i;
const RELATIVE_TIME = /^\d+\s+(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?)\s+ago$/i;
const META_LIMIT = 80;
const STAMP_LIMIT = 40;

function isMetaLine(text: string): boolean {
  if (text.length > META_LIMIT) return false;
  if (READING_TIME.test(text) || LISTEN.test(text) || COMMENTS_LINK.test(text)) return true;
  // "Updated May 12, 2024 at 9:15 am", not "Updated the rules on 12 May 2024 after the flood."
  const stamp = STAMP.exec(text)?.[1];
  if (stamp === undefined || stamp.length > STAMP_LIMIT || endsSentence(text)) return false;
  return RELATIVE_TIME.test(stamp) || normalizeDate(stamp) !== null;
}

/**
 * A block opening with furniture words: a short line ("Related posts", "Tags: …"), or a longer one
 * that is not a sentence. "Popular opinion holds that …." ending an article is prose.
 */
function startsAsFurniture(text: string): boolean {
  return TAIL.test(text) && (text.length <= 80 || !endsSentence(text));
}

const TAIL_LIMIT = 400;
const LEGAL_LIMIT = 800;
const HEAD_LIMIT = 160;

export interface Block {
  el: Element;
  text: string;
}

/** Innermost block elements that hold text, in document order. */
export function leafBlocks(root: Element): Block[] {
  const blocks: Block[] = [];
  const open: Array<{ el: Element; hasBlockChild: boolean }> = [];
  walk(
    root,
    (node) => {
      if (node.nodeType !== ELEMENT_NODE) return false;
      const el = node as Element;
      if (isBlockTag(tagOf(el)) || tagOf(el) === 'td' || tagOf(el) === 'th') {
        if (open.length > 0) open[open.length - 1].hasBlockChild = true;
        open.push({ el, hasBlockChild: false });
      }
      return true;
    },
    (el) => {
      const top = open[open.length - 1];
      if (top && top.el === el) {
        open.pop();
        if (!top.hasBlockChild) {
          const text = textOf(el);
          if (text) blocks.push({ el, text });
        }
      }
    },
  );
  return blocks;
}

interface Body {
  root: Element;
  /** Furniture with the article going on after it (see goesApart): removed on its own. */
  apart: Set<Element>;
  /** For each block, the index of the last block of prose at or before it, or -1. */
  lastProse: number[];
  /** Whether a bio-shaped block is the author's bio (see bioIsFurniture). */
  bios: boolean;
}

function isTailJunk(block: Block, body: Body): boolean {
  const { root } = body;
  if (isTailFurniture(block, body.bios)) return true;
  if (inEmbeddedPost(block.el, root)) return false;
  const stats = textStats(block.el);
  // Judged like removeLinkDenseBlocks: a sentence with several links in it is prose.
  return block.text.length <= TAIL_LIMIT && stats.chars > 0 && stats.linkChars / stats.chars > (readsAsSentence(block.text) ? 0.75 : 0.5);
}

/** Furniture recognised by its words (not by its links): such a block may anchor a cut. */
function isTailFurniture(block: Block, bios: boolean): boolean {
  const { text } = block;
  if (text.length <= LEGAL_LIMIT && LEGAL.test(text)) return true;
  if (bios && isAuthorBio(block.el, text)) return true;
  if (isAudienceCounts(text) || isMetaLine(text)) return true;
  if (text.length > TAIL_LIMIT) return false;
  return startsAsFurniture(text) || ANYWHERE.test(text);
}

/** A heading that opens a box of furniture ("Related posts", "Don't miss", "Newsletter"). */
function opensFurniture(block: Block): boolean {
  return /^h[2-6]$/.test(tagOf(block.el)) && block.text.length <= 80 && (TAIL.test(block.text) || /\bnewsletter\b/i.test(block.text));
}

// A teaser ends in a "Read more…" link; a listing alternates teasers, their titles and dates.
const TEASER = /\b(?:read more|continue reading|more)\s*(?:\.{2,}|…|»|›|>>?|→)\s*$|\b(?:read more|continue reading)\s*$/i;
const TEASER_LIMIT = 400;
const LISTING_LINE_LIMIT = 120;

function isTeaser(block: Block): boolean {
  return block.text.length <= TEASER_LIMIT && TEASER.test(block.text);
}

function isDateLine(block: Block): boolean {
  return block.text.length <= 40 && normalizeDate(block.text) !== null;
}

/**
 * A list of teasers closing the body ("Title / Two lines… Read more / 2012-11-08", repeated):
 * from the end, teasers and dates go, and once one has, so do the short title lines between them.
 */
function trimListing(blocks: Block[], end: number): number {
  let inListing = false;
  let cut = end;
  for (let i = end - 1; i >= 1; i--) {
    const block = blocks[i];
    if (isTeaser(block) || isDateLine(block)) {
      inListing = true;
      cut = i;
      continue;
    }
    if (inListing && block.text.length <= LISTING_LINE_LIMIT && !/[.!?:]["'”’)]?$/.test(block.text)) {
      cut = i;
      continue;
    }
    break;
  }
  // One teaser alone may be the article's own last line ("… more."): a listing has two or more.
  return countTeasers(blocks, cut, end) >= 2 ? cut : end;
}

function countTeasers(blocks: Block[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (isTeaser(blocks[i])) n++;
  return n;
}

const LINE_WINDOW_BLOCKS = 4;
const LINE_WINDOW_CHARS = 500;
const HEADING_WINDOW_BLOCKS = 8;
const HEADING_WINDOW_CHARS = 600;

/**
 * The earliest furniture block among the last few short ones before `end`, or -1: any furniture
 * line within the last 4 blocks (500 characters), or a furniture heading ("Don't miss",
 * "Related stories") within the last 8 (600 characters).
 */
function junkAnchor(blocks: Block[], end: number, body: Body): number {
  let chars = 0;
  let anchor = -1;
  for (let i = end - 1; i >= 1 && i >= end - HEADING_WINDOW_BLOCKS; i--) {
    chars += blocks[i].text.length;
    if (chars > HEADING_WINDOW_CHARS) break;
    const near = end - i <= LINE_WINDOW_BLOCKS && chars <= LINE_WINDOW_CHARS;
    if (!opensFurniture(blocks[i]) && !(near && isTailJunk(blocks[i], body))) continue;
    const apart = goesApart(blocks, i, end, body);
    if (apart.length === 0) anchor = i;
    else for (const el of apart) body.apart.add(el);
  }
  return anchor;
}

/**
 * What goes instead of everything from the anchor to the end, when the article goes on after it:
 * - a box of furniture (a newsletter pitch and its blurb in a <div> between two paragraphs) with a
 *   paragraph of prose after the box: the box;
 * - a furniture line closing a part of the body that holds paragraphs, with prose in a later part:
 *   the line and what follows it in its part;
 * - a loose line (see looseLineApart): the line.
 * None (an empty list) keeps the cut to the end.
 */
function goesApart(blocks: Block[], anchor: number, end: number, body: Body): Element[] {
  const box = boxOf(blocks[anchor].el, body.root);
  if (box === blocks[anchor].el) return looseLineApart(blocks, anchor, end);
  // A heading alone in its box heads the next one ("Don't miss" over a row of video teasers).
  if (opensFurniture(blocks[anchor]) && (anchor + 1 >= end || !box.contains(blocks[anchor + 1].el))) return [];
  let after = anchor + 1;
  while (after < end && box.contains(blocks[after].el)) after++;
  if (!blocks.slice(after, end).some(isProse)) return [];
  // The box's blocks are consecutive: it holds prose before the line if the nearest prose does.
  const prose = body.lastProse[anchor - 1] ?? -1;
  const partOfArticle = prose >= 0 && box.contains(blocks[prose].el);
  return partOfArticle ? blocks.slice(anchor, after).map((block) => block.el) : [box];
}

function isProse(block: Block): boolean {
  if (block.text.length < MIN_PROSE_CHARS || !endsSentence(block.text)) return false;
  const stats = textStats(block.el);
  return stats.linkChars <= stats.chars * MAX_PROSE_LINK_SHARE;
}

const MIN_PROSE_CHARS = 80;
const MAX_PROSE_LINK_SHARE = 0.3;

/**
 * A loose furniture line ("Top stories", "Share via") with nothing but paragraphs of prose after
 * it: the article goes on, and the line goes alone. A teaser list after it (linked titles between
 * their excerpts) is not all prose, and goes with the line.
 */
function looseLineApart(blocks: Block[], anchor: number, end: number): Element[] {
  if (anchor + 1 >= end) return [];
  for (let i = anchor + 1; i < end; i++) if (!isProse(blocks[i])) return [];
  return [blocks[anchor].el];
}

/** The child of `root` that holds `el`. */
function boxOf(el: Element, root: Element): Element {
  let node = el;
  while (node.parentElement && node.parentElement !== root) node = node.parentElement;
  return node;
}

function isHeadJunk(block: Block): boolean {
  const { text } = block;
  if (text.length > HEAD_LIMIT) return false;
  if (BYLINE.test(text) || NAME_AND_ROLE.test(text) || startsAsFurniture(text) || isMetaLine(text)) return true;
  const stats = textStats(block.el);
  return stats.chars > 0 && stats.linkChars / stats.chars > 0.5;
}

/**
 * Drops boilerplate blocks at both ends of the body; never empties it. At the end, a furniture
 * block followed only by a little short text (a newsletter pitch and its two sentences, "Crypto-Gram
 * Newsletter" and its blurb) goes together with what follows it.
 */
export function trimEdges(root: Element): void {
  const blocks = leafBlocks(root);
  if (blocks.length < 2) return;
  const body: Body = { root, apart: new Set(), lastProse: lastProseIndex(blocks), bios: bioIsFurniture(blocks.map((block) => block.text)) };
  let end = blocks.length;
  for (;;) {
    end = trimListing(blocks, end);
    while (end > 1 && isTailJunk(blocks[end - 1], body)) end--;
    const cut = junkAnchor(blocks, end, body);
    if (cut < 0) break;
    end = cut;
  }
  let start = 0;
  while (start < end - 1 && isHeadJunk(blocks[start])) start++;
  for (const block of [...blocks.slice(0, start), ...blocks.slice(end)]) removeWithEmptyParents(block.el, root);
  for (const el of body.apart) if (root.contains(el)) removeWithEmptyParents(el, root);
}

function lastProseIndex(blocks: Block[]): number[] {
  let last = -1;
  return blocks.map((block, i) => (last = isProse(block) ? i : last));
}

function removeWithEmptyParents(el: Element, root: Element): void {
  let node: Element | null = el;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    remove(node);
    if (!parent || parent === root || hasText(parent) || parent.querySelector('img, picture, video, table, pre') !== null) break;
    node = parent;
  }
}
