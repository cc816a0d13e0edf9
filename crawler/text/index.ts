// Text as the crawler measures it: words and their count, tokens, stopwords, graphemes, slugs.
export { countWords, segmentWords } from './words.ts';
export { graphemeLength, graphemes } from './graphemes.ts';
export { slugify, type SlugOptions } from './slug.ts';
export { sentenceSegmenter, wordSegmenter } from './segmenter.ts';
export { keywordTokens, shingleTokens, termTokens, type KeywordToken } from './tokens.ts';
export { stopwordsWithEnglish, wordListsFor } from './stopwords.ts';
