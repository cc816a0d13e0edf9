import { findNoise } from '../clean/noise.ts';
import { graphemeLength, graphemes, sentenceSegmenter, wordSegmenter } from '../text/index.ts';

const ELLIPSIS = '…';

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A description is worth using when it reads like a summary: at least six words, not a URL,
 * not shouting, not boilerplate ("Read more", "Click here…") and not a wall or error message.
 */
function meaningful(description: string): boolean {
  const words = Array.from(wordSegmenter().segment(description)).filter((s) => s.isWordLike);
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(description);
  if (cjk ? graphemeLength(description) < 15 : words.length < 6) return false;
  if (/^(?:https?:\/\/|www\.)\S+$/i.test(description)) return false;
  const letters = description.replace(/[^\p{L}]/gu, '');
  if (letters.length > 10 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return false;
  if (/^(?:read more|click here|continue reading|learn more)\b/i.test(description)) return false;
  return !findNoise(description).some((m) => m.phrase.weight >= 5);
}

/** Cuts at a word boundary so that the result plus "…" fits in `max` graphemes. */
function cutAtWord(text: string, max: number): string {
  const budget = max - 1;
  let out = '';
  let length = 0;
  for (const { segment } of wordSegmenter().segment(text)) {
    const n = graphemeLength(segment);
    if (length + n > budget) break;
    out += segment;
    length += n;
  }
  // A single word longer than the budget (a URL, a long compound): cut between graphemes.
  if (!/[\p{L}\p{N}]/u.test(out)) out = graphemes(text).slice(0, budget).join('');
  return out.replace(/[\s,;:(\[{–—-]+$/u, '').trimEnd() + ELLIPSIS;
}

function fit(text: string, max: number): string {
  return graphemeLength(text) <= max ? text : cutAtWord(text, max);
}

/** Blocks shorter than this ahead of the first longer one are captions, datelines or labels. */
const MIN_PROSE_BLOCK = 80;

/** The text from its first block of prose on ("\n\n" separates blocks), past a lead image's caption or a dateline. */
function fromFirstProse(text: string): string {
  const blocks = text.split(/\n\s*\n/);
  const first = blocks.findIndex((block) => block.trim().length >= MIN_PROSE_BLOCK);
  return first > 0 ? blocks.slice(first).join('\n\n') : text;
}

/**
 * The excerpt shown on listings: the description when present and meaningful, else the
 * first whole sentences that fit, starting at the text's first paragraph of prose; anything
 * too long is cut at a word boundary with "…". Lengths are in graphemes, never splitting a
 * character, emoji or combining mark.
 */
export function makeExcerpt(description: string | null, text: string, maxChars = 200): string {
  const max = Math.max(2, Math.floor(maxChars));
  const desc = normalizeSpace(description ?? '');
  if (desc && meaningful(desc)) return fit(desc, max);

  const body = normalizeSpace(fromFirstProse(text.slice(0, max * 20)));
  if (!body) return desc ? fit(desc, max) : '';
  const sentences = Array.from(sentenceSegmenter().segment(body), (s) => s.segment.trim()).filter(Boolean);
  // Skip a leading byline or label ("By Ana.", "Photo: …") when real sentences follow.
  while (sentences.length > 1 && Array.from(wordSegmenter().segment(sentences[0])).filter((s) => s.isWordLike).length < 3) sentences.shift();

  let out = '';
  for (const sentence of sentences) {
    const next = out ? `${out} ${sentence}` : sentence;
    if (graphemeLength(next) > max) break;
    out = next;
  }
  return out || cutAtWord(sentences.join(' '), max);
}
