import type { SourceOutcome } from '../discover/index.ts';

/** What the pipeline tells whoever is watching (progress bars on a terminal, lines in CI, nothing in tests). */
export type CrawlEvent =
  | { type: 'phase'; phase: 'discover' | 'fetch' | 'publish' | 'save'; total?: number }
  | { type: 'source'; outcome: SourceOutcome }
  | { type: 'page'; url: string; outcome: 'article' | 'rejected' | 'failed' | 'unchanged'; detail: string }
  /** A source listed a taken-down address: skipped, never fetched (`detail` names the takedown). */
  | { type: 'removed'; url: string; source: string; detail: string }
  | { type: 'published'; topic: string; count: number }
  | { type: 'note'; message: string };

export type Reporter = (event: CrawlEvent) => void;
export const silent: Reporter = () => {};
