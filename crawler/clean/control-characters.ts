// Characters that must never reach a published file: C0 controls other than tab, newline and
// carriage return, DEL, C1 controls, the noncharacters U+FFFE/U+FFFF and lone surrogates. XML 1.0
// forbids most of them, so one NUL or BEL in an article would make the site's RSS and Atom feeds
// unreadable; in Markdown and YAML they are at best invisible and at worst terminal escapes.

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripControlCharacters(text: string): string {
  return text.replace(FORBIDDEN, '');
}
