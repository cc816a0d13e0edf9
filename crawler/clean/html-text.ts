import { Parser } from 'htmlparser2';
import { blockTagsWith } from '../dom/block-tags.ts';

// The text of an HTML fragment, read by a real HTML parser (htmlparser2, the one sanitize-html
// uses): character references decoded, script and style content skipped, and a separator
// where a block element starts or ends so words of two paragraphs never run together.

// Beside the blocks, br and table cells end a run of text; row groups are left out (their rows
// already separate), and so are the blocks never on this list: one more separator would change
// the story summaries already published.
const BLOCKS = blockTagsWith(['br', 'td', 'th'], [
  'body', 'center', 'dialog', 'dir', 'fieldset', 'form', 'frameset', 'hgroup', 'legend', 'menu', 'thead', 'tbody', 'tfoot',
  'video', 'audio', 'noscript', 'listing', 'plaintext', 'xmp',
]);
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'title', 'head']);

export interface HtmlTextOptions {
  /** Written where a block element starts or ends (default one space). */
  blockSeparator?: string;
  /** Stop reading once this many characters of text are collected (a description needs the start only). */
  maxChars?: number;
}

/** The decoded text of `html`; whitespace is left as written, blocks separated by `blockSeparator`. */
export function htmlText(html: string, options: HtmlTextOptions = {}): string {
  const separator = options.blockSeparator ?? ' ';
  const max = options.maxChars ?? Number.POSITIVE_INFINITY;
  const parts: string[] = [];
  let length = 0;
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED.has(name)) skipping++;
        else if (BLOCKS.has(name)) parts.push(separator);
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCKS.has(name)) parts.push(separator);
      },
      ontext(text) {
        if (skipping || length >= max) return;
        const kept = text.length > max - length ? text.slice(0, max - length) : text;
        parts.push(kept);
        length += kept.length;
        if (length >= max) parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return parts.join('');
}

/** The text of `html` on one line: whitespace runs collapsed, trimmed. */
export function htmlToText(html: string, options: Omit<HtmlTextOptions, 'blockSeparator'> = {}): string {
  return htmlText(html, options).replace(/\s+/g, ' ').trim();
}
