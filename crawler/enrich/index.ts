export { extractTags, withTopicKeywords, type TagInput, type TagOptions } from './tags.ts';
export { slugNumberVariants, tagSlug } from './tag-slug.ts';
export { makeExcerpt } from './excerpt.ts';
export { readingTime } from './reading-time.ts';
