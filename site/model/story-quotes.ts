import { htmlText } from '../../crawler/clean/html-text.ts';
import { bodyOf, summaryCache } from './site-data.ts';
import { summaryKey, type StoredSummary } from '../html/summary-cache.ts';
import type { Article, StoryInfo } from './site-index.ts';
import { storySummary, summarizedTellings, type SummarySentence } from './story-summary.ts';
import { storyTimeline } from './story-timeline.ts';

// A story's summary as its page and its card show it: the members' bodies read (bodyOf) and
// handed to storySummary in the order they were told (each outlet's first few: summarizedTellings). Made once per story and build, or
// kept from an earlier build for the same tellings (summary-cache.ts); a page that shows it has its members' body hashes in its key (page-keys.ts).

const made = new WeakMap<StoryInfo, Promise<SummarySentence<Article>[]>>();

export function storyQuotes(story: StoryInfo): Promise<SummarySentence<Article>[]> {
  let quotes = made.get(story);
  if (!quotes) made.set(story, (quotes = readQuotes(story)));
  return quotes;
}

async function readQuotes(story: StoryInfo): Promise<SummarySentence<Article>[]> {
  const outletOf = (article: Article) => article.host ?? article.source;
  const told = summarizedTellings(storyTimeline(story.members).map((row) => row.article), outletOf);
  // Everything the summary weighs of each telling: its body, language, whether it may be quoted, its outlet.
  const key = summaryKey(told.map((article) => [article.bodySha, article.data.lang, article.mode !== 'link', outletOf(article)]));
  const cache = summaryCache();
  const kept = cache.get(key);
  if (kept && !process.env.GLEANER_VERIFY_KEYS) return kept.map(([text, teller, score]) => ({ text, teller: told[teller]!, score }));
  const texts = await Promise.all(told.map(async (article) => htmlText(await bodyOf(article), { blockSeparator: '\n' })));
  // A source the site only links to (reuse.ts) is a witness, never quoted.
  const summary = storySummary(told.map((article, i) => ({ teller: article, outlet: outletOf(article), text: texts[i]!, lang: article.data.lang, quotable: article.mode !== 'link' })));
  const stored: StoredSummary = summary.map((s) => [s.text, told.indexOf(s.teller), s.score]);
  // The tests build with GLEANER_VERIFY_KEYS: a kept summary that is not what its tellings make now fails the build.
  if (kept && JSON.stringify(kept) !== JSON.stringify(stored)) throw new Error(`story ${story.id}: the summary kept from an earlier build (site/html/summary-cache.ts) is not the one its tellings make now`);
  if (!kept) cache.set(key, stored);
  return summary;
}
