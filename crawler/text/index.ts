// Text as the crawler measures it: words and their count, tokens, stopwords, graphemes (slugs: slug.ts).
export { countWords, segmentWords } from './words.ts';
export { graphemeLength, graphemes } from './graphemes.ts';
export { segmenterLanguage, sentenceSegmenter, wordSegmenter } from './segmenter.ts';
export { keywordTokens, shingleTokens, termTokens } from './tokens.ts';
export { stopwordsWithEnglish, wordListsFor } from './stopwords.ts';
