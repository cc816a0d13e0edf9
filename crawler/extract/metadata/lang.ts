import { eld } from 'eld/small';
import { primaryLanguage } from '../../text/language-tag.ts';

const TAG = /^([a-z]{2,3})(?:[-_]([a-z]{4}))?(?:[-_]([a-z]{2}|\d{3}))?(?:[-_][a-z0-9]{1,8})*$/i;

/** "en_us" → "en-US", "ZH-hant-tw" → "zh-Hant-TW"; null for anything that is not a language tag. */
export function normalizeLang(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // Content-Language may list several ("de, en"): the first is the main one.
  const m = TAG.exec(raw.split(/[,;]/)[0].trim());
  if (!m) return null;
  const primary = m[1].toLowerCase();
  if (primary === 'und' || primary === 'mul' || primary === 'zxx') return null;
  const script = m[2] ? m[2][0].toUpperCase() + m[2].slice(1).toLowerCase() : '';
  const region = m[3] ? m[3].toUpperCase() : '';
  return [primary, script, region].filter(Boolean).join('-');
}

const SAMPLE_CHARS = 3000;

/** Language detected from the article text, when the detector is confident. */
export function detectLang(text: string): string | null {
  if (text.length < 20) return null;
  const result = eld.detect(text.slice(0, SAMPLE_CHARS));
  return result.language && result.isReliable() ? result.language : null;
}

/**
 * Languages a detector cannot tell apart reliably on a short article (eld has no Indonesian at all
 * and reads it as Malay); a declaration naming one of them beats a detection of another.
 */
const CLOSE_SIBLINGS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['ms', 'id', 'zsm', 'zlm']),
  new Set(['no', 'nb', 'nn', 'da']),
  new Set(['hr', 'sr', 'bs', 'sh', 'cnr']),
  new Set(['cs', 'sk']),
  new Set(['bg', 'mk']),
  new Set(['gl', 'pt']),
];

/** Same language, or two a detector confuses ("id-ID" and "ms", "nb" and "no"). */
export function areCloseSiblings(a: string, b: string): boolean {
  const [x, y] = [primaryLanguage(a), primaryLanguage(b)];
  return x === y || CLOSE_SIBLINGS.some((group) => group.has(x) && group.has(y));
}

/**
 * The declared language wins, unless a long text is confidently in another language: templates
 * often hard-code lang="en-US" whatever the post is written in.
 */
export function chooseLang(declared: string | null, text: string, wordCount: number): string | null {
  const detected = detectLang(text);
  if (!declared) return detected;
  if (detected && wordCount >= 100 && !areCloseSiblings(declared, detected)) return detected;
  return declared;
}
