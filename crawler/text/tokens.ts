import { wordSegmenter } from './segmenter.ts';

// Three tokenizers, each for its own job; they differ on purpose.

// shingleTokens: for hashing and shingling (exact and near-duplicate detection). Scripts written
// without spaces between words (Chinese, Japanese kana, Thai, Lao, Khmer, Myanmar) are split into
// single characters, so their shingles are character n-grams; everything else splits on anything
// that is not a letter, mark or digit. Text is NFKC-normalized and lowercased first; soft hyphens
// and zero-width characters are ignored (they never split a word). A change here changes every
// stored content hash and MinHash signature.

const STANDALONE_SCRIPTS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}';
const SHINGLE_TOKEN = new RegExp(`[${STANDALONE_SCRIPTS}]|[[\\p{L}\\p{M}\\p{N}]--[${STANDALONE_SCRIPTS}]]+`, 'gv');
const INVISIBLE = /[\u00AD\u200B\u2060\uFEFF]/g;

export function shingleTokens(text: string): string[] {
  return text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase().match(SHINGLE_TOKEN) ?? [];
}

// termTokens: for the term vectors that related-article choice and story clustering compare:
// runs of three or more letters or digits, so short function words and stray letters drop out
// before stopwords do. Stored in articles.terms: a change here changes related articles.

const TERM = /[\p{L}\p{N}]{3,}/gu;

/** The text's terms, lowercased, in order. */
export function termTokens(text: string): string[] {
  return text.toLowerCase().match(TERM) ?? [];
}

// keywordTokens: for tag extraction, which needs phrases as a reader sees them: ICU's words in
// the article's language, hyphenated compounds kept whole ("off-grid", "COVID-19"), and where a
// phrase must break (punctuation, a possessive, a sentence end).

/** A word of a keyword phrase; null in the list stands for a phrase break. */
export interface KeywordToken {
  text: string;
  /** The first word after a sentence end (or of the text): its capital says nothing about a name. */
  sentenceStart: boolean;
}

export function keywordTokens(text: string, lang: string): Array<KeywordToken | null> {
  const segments = Array.from(wordSegmenter(lang).segment(text));
  const items: Array<KeywordToken | null> = [];
  let sentenceStart = true;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.isWordLike) {
      let word = s.segment;
      while ((segments[i + 1]?.segment === '-' || segments[i + 1]?.segment === '‑') && segments[i + 2]?.isWordLike) {
        word += `-${segments[i + 2].segment}`;
        i += 2;
      }
      // A possessive ends a phrase: "Jupiter's magnetic field" gives "Jupiter" and "magnetic field".
      const possessive = /['’]s$/i.test(word) && word.length > 3;
      if (possessive) word = word.slice(0, -2);
      items.push({ text: word, sentenceStart });
      if (possessive) items.push(null);
      sentenceStart = false;
    } else if (/\S/.test(s.segment) || s.segment.includes('\n')) {
      items.push(null);
      if (/[.!?。！？…]|\n/.test(s.segment)) sentenceStart = true;
    }
  }
  return items;
}
