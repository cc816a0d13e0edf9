import { wordListsFor } from '../text/index.ts';
import { articleTerms } from '../publish/related.ts';
import { primaryLanguage } from '../text/language-tag.ts';
import { termKey } from './stem.ts';
import type { StoryItem } from './similarity.ts';

// What story grouping compares of an article, made from what the state keeps of every published
// article: its stored terms (articles.terms, lowercased: the top content words of title and text),
// its title (where case survives) and its language. Pure.

/** An article as the publisher (and the bench, which measures the publisher) hands it to grouping. */
export interface StoryArticle {
  id: number;
  title: string;
  /** The article's text, or '' when only the stored terms (or only a headline) are at hand. */
  text?: string;
  /** articles.terms as stored; made from the title and text (articleTerms) when absent. */
  terms?: Map<string, number> | null;
  lang: string | null;
  /** The source's host (www. dropped). */
  host: string;
  /** The article's own time in ms (the source's date, else when it was found). */
  time: number;
  minhash: Uint32Array | null;
  cluster: number | null;
}

/** The one way an article becomes what the story pool needs: publish/stories.ts and bench:clusters both call it. */
export function storyItem(article: StoryArticle): StoryItem {
  const terms = article.terms ?? articleTerms(article.title, article.text ?? '', wordListsFor(article.lang).stop);
  const item: StoryItem = { id: article.id, host: article.host, time: article.time, terms, minhash: article.minhash, cluster: article.cluster, title: article.title, lang: article.lang };
  featuresOf(item);
  return item;
}

export interface StoryFeatures {
  /**
   * Comparison key (the stemmed term, or a number or acronym of the title) → weight before idf:
   * 1 + log(count), more for a title word. Names weigh as other words: weighting them more
   * lowered precision and F1 on the labelled headlines (bench:clusters); they serve to tell
   * one event from another of the same subject (ClusterOptions.otherNamesFactor).
   */
  vector: Map<string, number>;
  /** Keys that are (or may be) names or numbers in the title: compared between an article and a story. */
  names: Set<string>;
  /** Euclidean norm of `vector`, for averaging members into a story's centroid. */
  norm: number;
}

/** A title word weighs this much more than a word only the text has (no effect on a headline alone). */
export const TITLE_WEIGHT = 1.5;

const TITLE_TOKEN = /[\p{L}\p{N}]+/gu;
/** Capitalised in English but no name of anything an event turns on. */
const NOT_NAMES_EN = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
const features = new WeakMap<StoryItem, StoryFeatures>();

/** The item's features (computed once per item). */
export function featuresOf(item: StoryItem): StoryFeatures {
  let f = features.get(item);
  if (!f) features.set(item, (f = makeFeatures(item.terms, item.title ?? '', item.lang ?? null)));
  return f;
}

function makeFeatures(terms: Map<string, number>, title: string, lang: string | null): StoryFeatures {
  const counts = new Map<string, number>();
  for (const [term, count] of terms) {
    const key = termKey(term, lang);
    counts.set(key, (counts.get(key) ?? 0) + count);
  }
  const { titleKeys, names } = titleFeatures(title, lang);
  for (const key of titleKeys) if (!counts.has(key)) counts.set(key, 1);
  const vector = new Map<string, number>();
  let sum = 0;
  for (const [key, count] of counts) {
    const w = (1 + Math.log(count)) * (titleKeys.has(key) ? TITLE_WEIGHT : 1);
    vector.set(key, w);
    sum += w * w;
  }
  return { vector, names, norm: Math.sqrt(sum) };
}

/**
 * The title's content words as keys, and which of them are names or numbers: a word capitalised
 * where a sentence would not capitalise it (not the first word, in a title that is not Title
 * Case), an acronym (two letters or more, in a title not all in capitals), or a number of three or
 * more digits (not a month or weekday); and a sentence-case title's capitalised first word, which may be a name ("China
 * consumer prices rise").
 */
export function titleFeatures(title: string, lang: string | null): { titleKeys: Set<string>; names: Set<string> } {
  const stop = wordListsFor(lang).stop;
  const english = primaryLanguage(lang) === 'en';
  const tokens = title.match(TITLE_TOKEN) ?? [];
  const letters = tokens.filter((w) => /^\p{L}/u.test(w) && !stop.has(w.toLowerCase()));
  const upper = (w: string) => w[0] !== w[0]!.toLowerCase();
  const caps = (w: string) => w.length >= 2 && w === w.toUpperCase() && w !== w.toLowerCase();
  const rest = letters.filter((w) => w !== tokens[0]);
  const titleCase = rest.length >= 2 && rest.filter(upper).length >= 0.75 * rest.length;
  const allCaps = letters.length >= 2 && letters.filter(caps).length >= 0.75 * letters.length;
  const titleKeys = new Set<string>();
  const names = new Set<string>();
  for (const w of tokens) {
    const acronym = !allCaps && caps(w) && /^\p{L}+$/u.test(w);
    if ((w.length < 3 && !acronym) || (!acronym && stop.has(w.toLowerCase()))) continue;
    const key = termKey(w.toLowerCase(), lang);
    titleKeys.add(key);
    if (/^\d{3,}$/.test(w) || acronym || (!titleCase && !allCaps && upper(w) && !(english && NOT_NAMES_EN.has(w.toLowerCase())))) names.add(key);
  }
  return { titleKeys, names };
}
