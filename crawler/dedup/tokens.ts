// Word tokens for hashing and shingling. Scripts written without spaces between words
// (Chinese, Japanese kana, Thai, Lao, Khmer, Myanmar) are split into single characters, so
// their shingles are character n-grams; everything else splits on anything that is not a
// letter, mark or digit. Text is NFKC-normalized and lowercased first; soft hyphens and
// zero-width characters are ignored (they never split a word).

const STANDALONE_SCRIPTS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}';
const TOKEN = new RegExp(`[${STANDALONE_SCRIPTS}]|[[\\p{L}\\p{M}\\p{N}]--[${STANDALONE_SCRIPTS}]]+`, 'gv');
const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;

export function normalizedTokens(text: string): string[] {
  return text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase().match(TOKEN) ?? [];
}
