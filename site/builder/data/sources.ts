// Each source host's health and learned names, as the build's data worker reads them from the
// crawler's state (crawler/store/source-health.ts, through crawler/store/read.ts) for the source pages.
export type { LearnedNames, SourceFeed, SourceHealth } from '../../../crawler/store/read.ts';
