// Plain-text clean-up used before judging an article's text.

const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Three or more brackets with nothing but whitespace between: "[[[ ]]]", "(((", "{}{}{}", "<<<>>>". */
const BRACKET_RUN = /[[\](){}<>](?:\s*[[\](){}<>]){2,}/g;
/** An empty pair standing alone: "( )", "[]", "{}", "<>". */
const EMPTY_PAIR = /(^|\s)(?:\(\s*\)|\[\s*\]|\{\s*\}|<\s*>)(?=\s|$)/g;
/** Four or more of the same punctuation or symbol: "!!!!!!", "------", "🎉🎉🎉🎉". */
const SYMBOL_RUN = /([^\p{L}\p{N}\p{M}\s])\1{3,}/gu;
/** Four or more of the same letter: "soooooo", "aaaaaaaa". */
const LETTER_RUN = /(\p{L})\1{3,}/gu;

/**
 * Collapses what carries no meaning: invisible and control characters, runs of brackets,
 * empty bracket pairs, a character repeated four or more times (punctuation to one, "...."
 * to "...", letters to three), and whitespace (spaces to one, blank lines to one).
 */
export function cleanText(text: string): string {
  return text
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(BRACKET_RUN, ' ')
    .replace(EMPTY_PAIR, '$1')
    .replace(SYMBOL_RUN, (_m, c: string) => (c === '.' ? '...' : c))
    .replace(LETTER_RUN, '$1$1$1')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
