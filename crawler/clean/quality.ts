import type { RejectReason } from '../errors.ts';
import { countWords } from '../text/index.ts';
import { cleanText } from './clean-text.ts';
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

/** One quality filter's verdict on a page: what it measured, against what bar. */
export interface QualityCheck {
  /** The filter, like 'min words'. */
  name: string;
  ok: boolean;
  /** The reason a failure rejects the page with. */
  reason: RejectReason;
  /** The measured value and the threshold, passing or not: "212 words (at least 300)". */
  measured: string;
  /** Why it failed (empty when it passed). */
  detail: string;
}

/**
 * Whether extracted text is worth publishing. Checks, in order: something meaningful is left
 * after cleanText; the title is not a noise title; the body is not mostly noise and is not cut
 * off at a paywall; it has at least minWords words and at most maxWords; it starts like prose; and a significant
 * word of the title appears in it. The page is rejected for the first failing check.
 */
export function checkQuality(input: QualityInput, options: QualityOptions): QualityVerdict {
  const failed = qualityChecks(input, options).find((c) => !c.ok);
  return failed ? { ok: false, reason: failed.reason, detail: failed.detail } : { ok: true };
}

/** Every check's verdict, in checkQuality's order (each runs, whatever the earlier ones said). */
export function qualityChecks(input: QualityInput, options: QualityOptions): QualityCheck[] {
  const text = cleanText(input.text);
  const title = cleanText(input.title).replace(/\s+/g, ' ');
  const check = (name: string, reason: RejectReason, measured: string, failure: string | null): QualityCheck => ({ name, ok: failure === null, reason, measured, detail: failure ?? '' });
  const checks: QualityCheck[] = [];

  const meaningful = MEANINGFUL.test(text);
  checks.push(check('text has words', 'empty_after_clean', meaningful ? 'yes' : 'no', meaningful ? null : 'no words left after removing repeated characters, bracket runs and whitespace'));

  const titleNoise = MEANINGFUL.test(title) ? noisyTitle(title) : title ? `title "${title}" has no words` : 'the title is empty';
  checks.push(check('title', 'noise_title', JSON.stringify(title), titleNoise));

  const noise = bodyNoise(text);
  const share = `${Math.round(noise.noisyShare * 100)}% noise sentences (below ${MAX_NOISY_SHARE * 100}%)`;
  const noisy = noise.noisyShare >= MAX_NOISY_SHARE ? `${Math.round(noise.noisyShare * 100)}% of the text is ${noise.phrases.map((p) => `"${p}"`).join(', ')} text` : null;
  checks.push(check('body noise', 'noise_body', share, noisy));
  checks.push(check('no wall at the end', 'noise_body', noise.endsAtWall ? `ends at "${noise.endsAtWall}"` : 'no wall', noise.endsAtWall ? `the text ends at a wall ("${noise.endsAtWall}")` : null));

  const wordCount = countWords(text);
  checks.push(check('min words', 'too_short', `${wordCount} words (at least ${options.minWords})`, wordCount < options.minWords ? `${wordCount} words, fewer than ${options.minWords}` : null));
  if (options.maxWords !== undefined) {
    checks.push(check('max words', 'too_long', `${wordCount} words (at most ${options.maxWords})`, wordCount > options.maxWords ? `${wordCount} words, more than ${options.maxWords}` : null));
  }

  const lead = ALLOWED_LEAD.exec(text)![0];
  const first = [...text.slice(lead.length)][0];
  const start = JSON.stringify(text.slice(0, 20));
  checks.push(check('starts like prose', 'bad_start', `starts with ${start}`, !first || !/[\p{L}\p{N}]/u.test(first) ? `the text starts with ${start}, not a letter or digit` : null));

  const missing = titleWordsMissingFromBody(title, text, input.lang);
  checks.push(
    check('title in body', 'title_not_in_body', missing.length ? `none of ${missing.length} title words in the text` : 'a title word is in the text', missing.length ? `none of the title's words (${missing.slice(0, 6).join(', ')}) appear in the text` : null),
  );
  return checks;
}
