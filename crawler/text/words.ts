import { wordSegmenter } from './segmenter.ts';

// Words, counted and listed. Two jobs, two rules, side by side:
//
// countWords: how long a text is, for the too-short / too-long checks and the stored word count
// (and from it the reading time). Chinese and Japanese count one word per character, as word
// processors count them, and 230 characters a minute is close to how fast they are read. Thai,
// Lao, Khmer and Burmese words run to several letters without spaces between them: ICU's
// dictionaries find them. Everything else counts runs of letters and digits, apostrophes,
// hyphens and underscores inside them ("don't", "well-known", "SOURCE_DATE_EPOCH" are one word;
// "3.5" is two).
//
// segmentWords: the words themselves, for comparing a title with its body and quoting a text's
// last words. Every script written without spaces is cut by ICU's dictionaries, so "宇宙" stays
// one word (a single character would match almost any Chinese body); elsewhere a word may hold
// inner apostrophes, dots and hyphens ("don't", "3.8.2", "e-mail").

const HAN_AND_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const COUNTED_WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}'’_-]*/gu;
const DICTIONARY_SCRIPTS = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** The number of words in `text`: one per Chinese or Japanese character, ICU's words for Thai, Lao, Khmer and Burmese. */
export function countWords(text: string): number {
  const characters = text.match(HAN_AND_KANA)?.length ?? 0;
  const rest = characters > 0 ? text.replace(HAN_AND_KANA, ' ') : text;
  if (!DICTIONARY_SCRIPTS.test(rest)) return characters + (rest.match(COUNTED_WORD)?.length ?? 0);
  let words = 0;
  for (const segment of wordSegmenter().segment(rest)) if (segment.isWordLike) words++;
  return characters + words;
}

const SCRIPTS_WITHOUT_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SEGMENTED_WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’.\-][\p{L}\p{N}\p{M}]+)*/gu;

/** The words of `text`; scripts written without spaces are segmented by ICU's dictionaries. */
export function segmentWords(text: string): string[] {
  if (!SCRIPTS_WITHOUT_SPACES.test(text)) return text.match(SEGMENTED_WORD) ?? [];
  const out: string[] = [];
  for (const s of wordSegmenter().segment(text)) if (s.isWordLike) out.push(s.segment);
  return out;
}
