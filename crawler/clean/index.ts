export { sanitizeArticleHtml, type SanitizeOptions } from './sanitize.ts';
export { htmlToMarkdown } from './markdown.ts';
export { checkQuality, qualityChecks, type QualityCheck, type QualityInput, type QualityOptions, type QualityVerdict } from './quality.ts';
export { cleanText } from './clean-text.ts';
export { maskProfanity } from './profanity.ts';
export { NOISE_PHRASES, type NoisePhrase, type NoiseKind } from './noise-phrases.ts';
export { stripControlCharacters } from './control-characters.ts';
