import { segmentWords, stopwordsWithEnglish } from '../text/index.ts';

// Does the body talk about what the title says? We look for any significant title word in the
// body, compared by a light stem so "Panels" in the title finds "panel" in the body.

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** Lowercase, without diacritics, without a plural or verb ending. */
export function stem(word: string): string {
  const w = word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/['’]s$/, '');
  if (w.length <= 3 || /\d/.test(w)) return w;
  return w.replace(/(?:ies)$/, 'y').replace(/(?:ing|ed|es|s)$/, '') || w;
}

function significantTitleWords(title: string, lang: string | null | undefined): string[] {
  const stop = stopwordsWithEnglish(lang);
  return segmentWords(title).filter((w) => {
    if (CJK.test(w)) return true;
    const lower = w.toLowerCase();
    return !stop.has(lower) && (/\d/.test(w) ? w.length >= 2 : [...w].length >= 3);
  });
}

/** The title's significant words, or [] when one of them appears in the body (or there are none). */
export function titleWordsMissingFromBody(title: string, body: string, lang?: string | null): string[] {
  const significant = significantTitleWords(title, lang);
  if (significant.length === 0) return [];
  const bodyStems = new Set(segmentWords(body).map(stem));
  const lowerBody = body.toLowerCase();
  for (const w of significant) {
    if (CJK.test(w) ? lowerBody.includes(w.toLowerCase()) : bodyStems.has(stem(w))) return [];
  }
  return significant;
}
