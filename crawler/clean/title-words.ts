import stopwords from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };
import { words } from './clean-text.ts';

// Does the body talk about what the title says? We look for any significant title word in the
// body, compared by a light stem so "Panels" in the title finds "panel" in the body.

const ALL_STOPWORDS = stopwords as Record<string, string[]>;
const stopwordCache = new Map<string, Set<string>>();

function stopwordsFor(lang: string | null | undefined): Set<string> {
  const primary = (lang ?? 'en').toLowerCase().split(/[-_]/)[0];
  let set = stopwordCache.get(primary);
  if (!set) {
    set = new Set([...(ALL_STOPWORDS[primary] ?? []), ...(primary === 'en' ? [] : ALL_STOPWORDS.en)]);
    stopwordCache.set(primary, set);
  }
  return set;
}

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
  const stop = stopwordsFor(lang);
  return words(title).filter((w) => {
    if (CJK.test(w)) return true;
    const lower = w.toLowerCase();
    return !stop.has(lower) && (/\d/.test(w) ? w.length >= 2 : [...w].length >= 3);
  });
}

/** The title's significant words, or [] when one of them appears in the body (or there are none). */
export function titleWordsMissingFromBody(title: string, body: string, lang?: string | null): string[] {
  const significant = significantTitleWords(title, lang);
  if (significant.length === 0) return [];
  const bodyStems = new Set(words(body).map(stem));
  const lowerBody = body.toLowerCase();
  for (const w of significant) {
    if (CJK.test(w) ? lowerBody.includes(w.toLowerCase()) : bodyStems.has(stem(w))) return [];
  }
  return significant;
}
