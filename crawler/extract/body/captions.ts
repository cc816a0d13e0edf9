import { ELEMENT_NODE, classAndId, holdsBlock, remove, sharesLine, tagOf, textOf, walk } from '../dom.ts';
import { countWords } from '../../text/index.ts';
import { endsSentence } from '../text.ts';
import { namesCaption, namesCredit } from './vocabulary.ts';

// Photo captions, credits and gallery counters are not article text. A caption stays in the HTML
// with its image (see isCaption) but not in the text; credits and counters go from both.

// "Photo: Jane Doe/AP", "(Credit: Josh Miller/CNET)", "Photograph by Jane Doe", "Courtesy of the
// museum", "Image: Getty". "Credit" needs its colon: "Credit card debt rose…" is a sentence.
const CREDIT_LINE =
  /^\(?(?:(?:photo|image|picture|video|illustration)\s+)?(?:credits?\s*:|courtesy(?:\s+of)?\b)\s*\S|^\(?(?:photo(?:graph)?s?|images?|pictures?|pics?|illustrations?|graphics?)(?:\s+by)?\s*:\s*\S|^\(?(?:photo(?:graph)?s?|images?|pictures?|illustrations?)\s+by\s+\S/i;
// Wire services, whose photographers are credited "AP Photo/Jane Doe", and picture agencies.
const WIRE = 'AP|AFP|Reuters|EPA(?:-EFE)?|UPI|Xinhua|CP';
const PICTURE_AGENCY = `${WIRE}|Getty(?: Images)?|Shutterstock|Alamy|PA(?: Wire| Images)?|Bloomberg|ZUMA(?: Press| Wire)?|Sipa(?: USA)?|NurPhoto|iStock(?:photo)?|Thinkstock`;
// "Matt McClain/The Washington Post via Getty Images", "(@user/Twitter)", "AP Photo/Jane Doe",
// "Credit...Jane Doe for The Courier". At the start of a line only the best-known wires: "EPA/OSHA
// guidance" is not a credit.
const AGENCY_CREDIT = new RegExp(
  `\\/\\s*(?:${PICTURE_AGENCY}|Twitter|Instagram|Flickr)\\)?\\.?$|\\bvia Getty Images\\)?\\.?$|^\\(?(?:AP|AFP|Reuters)(?: Photo)?\\s*\\/\\s*\\S|^credit\\s*(?:\\.{2,}|…)\\s*\\S`,
  'i',
);
/** An agency's name alone under a picture; inside a sentence ("the <a>AP</a> reports") it is a word of it. */
const BARE_AGENCY = new RegExp(`^(?:${PICTURE_AGENCY})$`);
// A gallery's controls: arrows, "Hide caption", "View gallery".
const GALLERY_CONTROL = /^(?:<<?|>>?|«|»|‹|›|←|→|(?:hide|show) captions?|view (?:gallery|all photos|slideshow)|enlarge(?: this)? (?:image|photo))$/i;
const PAGE_NUMBER = /^\d{1,3}$/;
/** A run of numbered pages is a gallery's (or list's) pager; one number alone may be a list heading. */
const MIN_PAGE_NUMBERS = 3;
// "Image 1 of 5", "Photo 3/12", "Slide 2 of 10"; alone or opening a gallery caption.
const COUNTER = /^(?:(?:image|photo|picture|pic|slide|gallery)\s*#?\d{1,3}\s*(?:of|\/)\s*\d{1,3}\b|\d{1,3}\s*(?:of|\/)\s*\d{1,3}$)/i;
// What a picture says to screen readers before its credit or caption: "Image source, Getty Images"
// is a credit, "Image caption, Skippers wait at the lock" a caption.
const SPOKEN_CREDIT = /^(?:image|media|video|photo) (?:source|credit), \S/i;
const SPOKEN_CAPTION = /^(?:image|media|video|photo) caption, \S/i;
// A caption that ends with its credit: "Skippers wait at the lock. (AP Photo/Jane Doe, File)", "… (Photo: Jane Doe)".
// The credit names someone: "shown on the notice board (photo: page 3)." is a sentence.
const CREDITED_CAPTION = new RegExp(
  `\\((?:(?:${WIRE})(?:\\s+Photos?)?\\s*\\/|(?:[Pp]hoto(?:graph)?|[Ii]mage|[Pp]icture)s?\\s*(?:by\\s+|:\\s*)|(?:[Pp]hoto|[Ii]mage) [Cc]redit\\s*:\\s*)\\p{Lu}[^()]{0,80}\\)\\.?$`,
  'u',
);
/** The class a caption that says it is one gets, so that isCaption knows it like any named caption. */
const CAPTION_CLASS = 'caption';

const CREDIT_LIMIT = 120;
const CREDIT_MAX_WORDS = 12;
const SENTENCE_MIN_WORDS = 6;
const COUNTED_CAPTION_LIMIT = 300;
const CAPTION_LIMIT = 400;
const NAMED_CREDIT_LIMIT = 200;
const CANDIDATE_TAGS = new Set(['p', 'div', 'span', 'small', 'em', 'i', 'strong', 'b', 'cite', 'figcaption', 'font']);

/**
 * A credit is a name or two and an agency. A longer line starting "Photos by…" or "Courtesy of…",
 * or one ending as a sentence does ("Courtesy of the committee, every tenant got one."), is prose.
 */
export function isCreditLine(text: string): boolean {
  if (text.length > CREDIT_LIMIT) return false;
  const words = countWords(text);
  if (words > CREDIT_MAX_WORDS || (words > SENTENCE_MIN_WORDS && endsSentence(text))) return false;
  return CREDIT_LINE.test(text) || AGENCY_CREDIT.test(text) || SPOKEN_CREDIT.test(text);
}

/** A gallery counter, alone or in front of its slide's caption. */
export function isCountedCaption(text: string): boolean {
  return text.length <= COUNTED_CAPTION_LIMIT && COUNTER.test(text);
}

/** A caption set as a paragraph that says what it is: by a spoken label in front, or by its credit at the end. */
function isMarkedCaption(text: string): boolean {
  return text.length <= CAPTION_LIMIT && (SPOKEN_CAPTION.test(text) || CREDITED_CAPTION.test(text));
}

/** A <figcaption>, or a short block whose class or id names a caption. */
export function isCaption(el: Element): boolean {
  if (tagOf(el) === 'figcaption') return true;
  return namesCaption(classAndId(el)) && textOf(el).length <= CAPTION_LIMIT;
}

/**
 * Removes credit lines, gallery counters and gallery controls: elements named as credits, short
 * elements whose whole text is a credit, starts with a counter or is a control ("<<", "Hide
 * caption"), and runs of bare page numbers. Inner elements are judged first, so a credit
 * glued to its caption ("… the rabbitCredit: Jane Doe/AP") goes and the caption stays.
 * A line that says it is a caption is marked as one, to be kept with its picture like any other.
 */
export function removeCreditsAndCounters(root: Element): void {
  // Page numbers are judged by their neighbours, so they go only once all are judged.
  const pager: Element[] = [];
  for (const el of candidatesInnermostFirst(root)) {
    // Not isConnected: a Readability or joined body is detached from the document.
    if (!root.contains(el)) continue;
    const text = textOf(el);
    if (text === '') continue;
    const credit = namesCredit(classAndId(el)) ? text.length <= NAMED_CREDIT_LIMIT : isCreditLine(text) || isCountedCaption(text) || (BARE_AGENCY.test(text) && !sharesLine(el));
    if (credit || GALLERY_CONTROL.test(text)) remove(el);
    else if (inPageNumberRun(el)) pager.push(el);
    else if (isMarkedCaption(text) && isOneLine(el)) el.classList.add(CAPTION_CLASS);
  }
  for (const el of pager) remove(el);
}

/** A line of its own holding no block: a <div> around a paragraph and its caption is not a caption. */
function isOneLine(el: Element): boolean {
  return !sharesLine(el) && !holdsBlock(el);
}

function inPageNumberRun(el: Element): boolean {
  if (!PAGE_NUMBER.test(textOf(el))) return false;
  let run = 1;
  for (let prev = el.previousElementSibling; prev && PAGE_NUMBER.test(textOf(prev)); prev = prev.previousElementSibling) run++;
  for (let next = el.nextElementSibling; next && PAGE_NUMBER.test(textOf(next)); next = next.nextElementSibling) run++;
  return run >= MIN_PAGE_NUMBERS;
}

/** Candidate elements in post-order (children before their parent); credits and counters are leaves or nearly. */
function candidatesInnermostFirst(root: Element): Element[] {
  const found: Element[] = [];
  walk(
    root,
    (node) => node.nodeType === ELEMENT_NODE,
    (el) => {
      if (CANDIDATE_TAGS.has(tagOf(el)) && el.childElementCount <= 2) found.push(el);
    },
  );
  return found;
}
