export { startSampleWeb, type SampleWeb, type SampleWebOptions, type RequestLogEntry, type SearchLogEntry } from './server.ts';
export type { SampleManifest, ManifestEntry, ManifestArticle, ForumManifest, TopicId, SiteId } from './types.ts';
export { demoConfig } from './config.ts';
