import stopwords from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };

import { primaryLanguage } from './language-tag.ts';

// The one place stopwords-iso is read. Two lists come from it: the stopwords of tags and term
// vectors (edited for English, below), and the unedited lists the title check uses.

const ALL = stopwords as Record<string, string[]>;

/**
 * stopwords-iso's English list is built for search engines and includes topical words a tag
 * needs ("computer", "research", "system", "information", "world", "microsoft"…) and
 * two-letter country codes that collide with acronyms ("ai", "uk", "eu"). We take them out.
 */
const NOT_STOPWORDS_EN = new Set([
  'ai', 'ar', 'au', 'bill', 'computer', 'date', 'fire', 'home', 'html', 'http', 'index', 'information', 'interest', 'invention',
  'microsoft', 'msie', 'netscape', 'novel', 'null', 'page', 'pages', 'research', 'ring', 'room', 'rooms', 'site', 'state', 'states',
  'system', 'test', 'text', 'value', 'website', 'webpage', 'world', 'members', 'member', 'group', 'groups', 'line', 'problem', 'problems',
  'section', 'order', 'orders', 'name', 'number', 'numbers', 'face', 'faces', 'young', 'early', 'open', 'free', 'million', 'billion',
  // contractions written without the apostrophe that are also ordinary words ("she'd" → "shed")
  'shed', 'shell', 'hell', 'wells', 'ill', 'wed', 'mill', 'keys', 'copy', 'caption', 'front', 'full', 'past', 'round', 'zero', 'thick', 'thin',
]);

/** Words that are not stopwords but are too generic to be a tag on their own. */
const GENERIC_EN = new Set([
  'time', 'times', 'way', 'ways', 'people', 'person', 'thing', 'things', 'lot', 'lots', 'day', 'days', 'week', 'weeks', 'month',
  'months', 'year', 'years', 'today', 'yesterday', 'tomorrow', 'man', 'men', 'woman', 'women', 'good', 'bad', 'new', 'old', 'big',
  'small', 'little', 'much', 'many', 'part', 'parts', 'kind', 'sort', 'bit', 'example', 'place', 'point', 'case', 'fact', 'idea',
  'reason', 'question', 'answer', 'article', 'post', 'blog', 'read', 'click', 'share', 'comment', 'comments', 'photo', 'image',
  'video', 'minute', 'minutes', 'hour', 'hours', 'second', 'seconds', 'percent', 'half', 'whole', 'end', 'start', 'side', 'top',
  'bottom', 'job', 'work', 'use', 'make', 'made', 'get', 'got', 'put', 'set', 'lot', 'bit', 'stuff', 'something', 'nothing',
  'everything', 'anything', 'someone', 'everyone', 'anyone', 'sure', 'real', 'really', 'long', 'short', 'high', 'low', 'able',
  'number', 'name', 'line', 'problem', 'order', 'state', 'free', 'open', 'early', 'young', 'million', 'billion', 'page', 'site',
  'world', 'home', 'text', 'date', 'value', 'interest', 'information', 'group', 'member', 'members', 'section',
]);

const cache = new Map<string, { stop: Set<string>; generic: Set<string> }>();

/** Stopwords of the language (English when unknown or not covered by stopwords-iso). */
export function wordListsFor(lang: string | null | undefined): { stop: Set<string>; generic: Set<string> } {
  const primary = primaryLanguage(lang);
  let lists = cache.get(primary);
  if (!lists) {
    const source = ALL[primary] ?? ALL.en;
    const stop = new Set(source.map((w) => w.toLowerCase()));
    if (primary === 'en' || !ALL[primary]) for (const w of NOT_STOPWORDS_EN) stop.delete(w);
    lists = { stop, generic: primary === 'en' || !ALL[primary] ? GENERIC_EN : new Set() };
    cache.set(primary, lists);
  }
  return lists;
}

const withEnglishCache = new Map<string, Set<string>>();

/**
 * stopwords-iso's list of the language as it is, with English's added (an English word in a
 * title of another language is no subject either); English's alone when the language is unknown.
 */
export function stopwordsWithEnglish(lang: string | null | undefined): Set<string> {
  const primary = primaryLanguage(lang);
  let set = withEnglishCache.get(primary);
  if (!set) {
    set = new Set([...(ALL[primary] ?? []), ...(primary === 'en' ? [] : ALL.en)]);
    withEnglishCache.set(primary, set);
  }
  return set;
}
