export { tfidfCosine, shingleSimilarity, termStats, addTerms, idf, type StoryItem, type TermStats } from './similarity.ts';
export { chooseStory, CLUSTER_DEFAULTS, type ClusterOptions, type StoryMatch } from './choose.ts';
export { StoryPool } from './pool.ts';
