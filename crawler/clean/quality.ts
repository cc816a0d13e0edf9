import type { RejectReason } from '../errors.ts';
import { cleanText, countWords } from './clean-text.ts';
import { bodyNoise, noisyTitle } from './noise.ts';
import { titleWordsMissingFromBody } from './title-words.ts';

export interface QualityInput {
  title: string;
  text: string;
  /** The article's language, for title stopwords; English when unknown. */
  lang?: string | null;
}

export interface QualityOptions {
  minWords: number;
  /** Longer than this is not an article but a dump (a log, a word list, generated filler). */
  maxWords?: number;
}

export type QualityVerdict = { ok: true } | { ok: false; reason: RejectReason; detail: string };

/** A quarter of the words in wall, block, error or form sentences makes a page noise. */
const MAX_NOISY_SHARE = 0.25;

/**
 * What may legitimately come before the first letter or digit of prose: opening quotes and
 * brackets (“ « „ ‚ ‹ ' " ( [ 「 『), Spanish ¿ ¡, dashes opening dialogue, an ellipsis,
 * currency signs ($5 million…), # and @ (#1, @handle), and emoji. A leading "." is allowed
 * only directly before a letter (".NET"). Anything else (}, <, |, =, *, ;, a lone comma…)
 * is the debris of broken extraction: markup, code, navigation or a sentence cut in half.
 */
const ALLOWED_LEAD = /^(?:[\p{Ps}\p{Pi}\p{Pf}"'¿¡\p{Pd}…#@\p{Sc}\s]|\.(?=\p{L})|\p{Extended_Pictographic}|[\u200D\uFE0F\u{1F3FB}-\u{1F3FF}])*/u;
const MEANINGFUL = /\p{L}{2}|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function reject(reason: RejectReason, detail: string): QualityVerdict {
  return { ok: false, reason, detail };
}

/**
 * Whether extracted text is worth publishing. Checks, in order: something meaningful is left
 * after cleanText; the title is not a noise title; the body is not mostly noise and is not cut
 * off at a paywall; it has at least minWords words and at most maxWords; it starts like prose; and a significant
 * word of the title appears in it.
 */
export function checkQuality(input: QualityInput, options: QualityOptions): QualityVerdict {
  const text = cleanText(input.text);
  const title = cleanText(input.title).replace(/\s+/g, ' ');

  if (!MEANINGFUL.test(text)) return reject('empty_after_clean', 'no words left after removing repeated characters, bracket runs and whitespace');

  if (!MEANINGFUL.test(title)) return reject('noise_title', title ? `title "${title}" has no words` : 'the title is empty');
  const titleNoise = noisyTitle(title);
  if (titleNoise) return reject('noise_title', titleNoise);

  const noise = bodyNoise(text);
  if (noise.noisyShare >= MAX_NOISY_SHARE) {
    return reject('noise_body', `${Math.round(noise.noisyShare * 100)}% of the text is ${noise.phrases.map((p) => `"${p}"`).join(', ')} text`);
  }
  if (noise.endsAtWall) return reject('noise_body', `the text ends at a wall ("${noise.endsAtWall}")`);

  const wordCount = countWords(text);
  if (wordCount < options.minWords) return reject('too_short', `${wordCount} words, fewer than ${options.minWords}`);
  if (options.maxWords !== undefined && wordCount > options.maxWords) return reject('too_long', `${wordCount} words, more than ${options.maxWords}`);

  const lead = ALLOWED_LEAD.exec(text)![0];
  const first = [...text.slice(lead.length)][0];
  if (!first || !/[\p{L}\p{N}]/u.test(first)) {
    return reject('bad_start', `the text starts with ${JSON.stringify(text.slice(0, 20))}, not a letter or digit`);
  }

  const missing = titleWordsMissingFromBody(title, text, input.lang);
  if (missing.length > 0) return reject('title_not_in_body', `none of the title's words (${missing.slice(0, 6).join(', ')}) appear in the text`);

  return { ok: true };
}
