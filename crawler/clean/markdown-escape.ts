// Escaping text for Markdown: only what the CommonMark/GFM renderer would otherwise read as
// syntax, so ordinary prose (snake_case, 2 * 3, AT&T, [1], C:\Users) stays readable.

/** Marks a text node that starts a line (set before conversion, removed here); a noncharacter never found in real text. */
export const LINE_START = '\uFDD0';

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
const SPACE = /\s/;

function escapeInline(text: string): string {
  const tildes = (text.match(/~/g) ?? []).length;
  const linkLike = /\][([:]/.test(text);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const prev = i > 0 ? text[i - 1] : '';
    const next = i + 1 < text.length ? text[i + 1] : '';
    switch (c) {
      case '\\':
        out += next === '' || ASCII_PUNCTUATION.test(next) ? '\\\\' : c;
        break;
      case '`':
        out += '\\`';
        break;
      case '*':
        // Surrounded by spaces it can neither open nor close emphasis.
        out += SPACE.test(prev) && SPACE.test(next) ? c : '\\*';
        break;
      case '_':
        // Inside a word (snake_case) or surrounded by spaces it is literal.
        out += (WORD.test(prev) && WORD.test(next)) || (SPACE.test(prev) && SPACE.test(next)) ? c : '\\_';
        break;
      case '~':
        out += tildes >= 2 ? '\\~' : c;
        break;
      case '[':
      case ']':
        out += linkLike ? `\\${c}` : c;
        break;
      case '<':
        // Would open raw HTML or an autolink.
        out += /[A-Za-z/!?]/.test(next) ? '\\<' : c;
        break;
      case '&':
        // Would be read as a character reference.
        out += /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/.test(text.slice(i, i + 40)) ? '\\&' : c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

/** What a line may not start with: list markers, headings, quotes, thematic breaks, setext underlines, fences. */
function escapeLineStart(escaped: string): string {
  return escaped
    .replace(/^(#{1,6})(?=\s|$)/, '\\$1')
    .replace(/^([-+])(?=\s|$)/, '\\$1')
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2')
    .replace(/^>/, '\\>')
    .replace(/^(=+|-+)(\s*)$/, '\\$1$2')
    .replace(/^~~~/, '\\~~~')
    .replace(/^(\|)/, '\\$1');
}

export function escapeMarkdownText(text: string): string {
  if (text.startsWith(LINE_START)) return escapeLineStart(escapeInline(text.slice(LINE_START.length).replace(/^\s+/, '')));
  return escapeInline(text);
}

/** Image alt text sits inside [...]: brackets are always escaped there. */
export function escapeAltText(text: string): string {
  return escapeInline(text).replace(/(?<!\\)([[\]])/g, '\\$1');
}
