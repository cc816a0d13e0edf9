export { shingleSimilarity, termStats, addTerms, idf, type StoryItem, type TermStats } from './similarity.ts';
export { chooseStory, chooseAmong, storyScore, CLUSTER_DEFAULTS, type ClusterOptions, type StoryMatch } from './choose.ts';
export { StoryPool } from './pool.ts';
export { storyItem, featuresOf, titleFeatures, type StoryArticle, type StoryFeatures } from './features.ts';
export { addMember, summarize, evidence, cosineCeiling, type Evidence, type StorySummary } from './story.ts';
export { stemEnglish, termKey } from './stem.ts';
