import { ELEMENT_NODE, TEXT_NODE, tagOf, walk } from '../dom.ts';

// "Jane Doe is a senior editor at …", "Cass Sunstein is Administrator of the Office of …", "Mark
// Tonkelowitz, an engineering manager at Facebook, looks forward to …": the author's bio closing a
// post (or "- Jane Doe is …" after a linked name that was pruned).

const BIO_LIMIT = 600;
const NAME_WORDS = "(?:[-–—•*]\\s*)?(?:[\\p{Lu}][\\p{L}'’.-]*\\s+){0,3}[\\p{Lu}][\\p{L}'’.-]*";
const NAME = `${NAME_WORDS}\\s+(?:is|was)\\s+`;
/** A role after an article: "is a reporter", "is the founder". */
const ROLE_BIO = new RegExp(
  `^${NAME}(?:an?|the)\\s+(?:[\\p{L}-]+\\s+){0,4}(?:editor|writer|reporter|columnist|correspondent|contributor|author|journalist|blogger|enthusiast|freelancer|founder|photographer|producer|critic|analyst)\\b`,
  'u',
);
/**
 * A capitalised title without one: "is Administrator of", "is the Senior Editor at". A news story
 * may end on such a line ("Jane Hill is Chair of the planning committee, which …"), so it counts
 * only set apart in italics, as bios are.
 */
const TITLED_BIO = new RegExp(`^${NAME}(?:the\\s+)?(?:[\\p{Lu}][\\p{L}&-]*\\s+){1,4}(?:of|at|for)\\s+\\S`, 'u');
/** The role as an apposition: "Jane Doe, a reporter at the Courier, …". Italics only, as above. */
const APPOSITIVE_BIO = new RegExp(`^${NAME_WORDS},\\s+(?:an?|the)\\s+(?:[\\p{L}-]+\\s+){1,4}(?:at|of|for|with)\\s+[^,]{1,60},\\s`, 'u');

/** `text` is the block's text. */
export function isAuthorBio(block: Element, text: string): boolean {
  return isBioShaped(text) && (ROLE_BIO.test(text) || allEmphasized(block));
}

function isBioShaped(text: string): boolean {
  return text.length <= BIO_LIMIT && (ROLE_BIO.test(text) || TITLED_BIO.test(text) || APPOSITIVE_BIO.test(text));
}

const EMPHASIS = new Set(['em', 'i', 'small', 'cite']);

/** Every non-blank text under `block` is inside emphasis. */
function allEmphasized(block: Element): boolean {
  let plain = false;
  walk(block, (node) => {
    if (plain) return false;
    if (node.nodeType === TEXT_NODE) {
      if (/\S/.test((node as Text).data)) plain = true;
      return false;
    }
    return node.nodeType === ELEMENT_NODE && !EMPHASIS.has(tagOf(node as Element));
  });
  return !plain;
}

/**
 * A post has one author bio; several lines of that shape through the body introduce the people it
 * quotes ("Rand Fishkin is CEO of SEOmoz" over each answer of an expert round-up) and are the
 * article.
 */
export function bioIsFurniture(texts: readonly string[]): boolean {
  let bios = 0;
  for (const text of texts) if (isBioShaped(text) && ++bios > 1) return false;
  return true;
}
