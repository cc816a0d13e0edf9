import { htmlText } from '../../crawler/clean/html-text.ts';
import { bodyOf } from './site-data.ts';
import type { Article, StoryInfo } from './site-index.ts';
import { storySummary, summarizedTellings, type SummarySentence } from './story-summary.ts';
import { storyTimeline } from './story-timeline.ts';

// A story's summary as its page and its card show it: the members' bodies read (bodyOf) and
// handed to storySummary in the order they were told (each outlet's first few: summarizedTellings). Made once per story and build; a page
// that shows it has its members' body hashes in its key (page-keys.ts).

const made = new WeakMap<StoryInfo, Promise<SummarySentence<Article>[]>>();

export function storyQuotes(story: StoryInfo): Promise<SummarySentence<Article>[]> {
  let quotes = made.get(story);
  if (!quotes) made.set(story, (quotes = readQuotes(story)));
  return quotes;
}

async function readQuotes(story: StoryInfo): Promise<SummarySentence<Article>[]> {
  const outletOf = (article: Article) => article.host ?? article.source;
  const told = summarizedTellings(storyTimeline(story.members).map((row) => row.article), outletOf);
  const texts = await Promise.all(told.map(async (article) => htmlText(await bodyOf(article), { blockSeparator: '\n' })));
  // A source the site only links to (reuse.ts) is a witness, never quoted.
  return storySummary(told.map((article, i) => ({ teller: article, outlet: outletOf(article), text: texts[i]!, lang: article.data.lang, quotable: article.mode !== 'link' })));
}
