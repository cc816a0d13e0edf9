// What `npm run new-site` needs to know, from flags (and, on a terminal, from questions).
import type { ReuseMode } from '../../crawler/config/schema.ts';
import { slugify as slugText } from '../../crawler/text/slug.ts';

export type SourceKind = 'feed' | 'sitemap' | 'site' | 'discourse' | 'opml';

export interface TopicAnswer {
  slug: string;
  name: string;
  keywords: string[];
  sources: Array<{ kind: SourceKind; url: string }>;
}

export interface Answers {
  title: string;
  url: string;
  language: string;
  description: string;
  /** Contact address for the legal pages; '' leaves it out. */
  email: string;
  /** How much of the sources' articles the site republishes (publish.mode). */
  mode: ReuseMode;
  topics: TopicAnswer[];
}

/** The reuse modes as new-site offers them, the default first, each with what it means for the owner. */
export const REUSE_CHOICES: ReadonlyArray<{ mode: ReuseMode; explain: string }> = [
  { mode: 'excerpt', explain: 'the lead paragraphs and a prominent link to the original; canonical to the source (quotation-size)' },
  { mode: 'full', explain: "the whole article: the best reading, but needs each rights holder's permission or a licence" },
  { mode: 'link', explain: "a link list: title, the source's own description and the link, no text of the article" },
];

export function isReuseMode(value: string): value is ReuseMode {
  return REUSE_CHOICES.some((c) => c.mode === value);
}

export interface FlagValues {
  title?: string;
  url?: string;
  language?: string;
  description?: string;
  email?: string;
  mode?: string;
  topic?: string[];
  feed?: string[];
  keywords?: string[];
}

/** A topic's slug from its name: '' when the name has no letters or digits. */
export function slugify(name: string): string {
  return slugText(name, { maxLength: 60 });
}

/** "https://x/feed.xml", "sitemap:https://x/sitemap.xml", "site:https://x/" → a source. */
export function parseSource(text: string): { kind: SourceKind; url: string } {
  const match = /^(feed|sitemap|site|discourse|opml):(https?:\/\/.*)$/i.exec(text.trim());
  if (match) return { kind: match[1]!.toLowerCase() as SourceKind, url: match[2]! };
  return { kind: 'feed', url: text.trim() };
}

/** "a, b,c" → ['a', 'b', 'c'] */
export function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Turns flags into (partial) answers. Topics come from --topic <Name>; sources from
 * --feed <topic>=<url> (the topic's slug or name; a bare URL when there is one topic), with an
 * optional kind: --feed space=sitemap:https://…; keywords from --keywords <topic>=a,b.
 */
export function answersFromFlags(flags: FlagValues): { answers: Partial<Answers>; problems: string[] } {
  const problems: string[] = [];
  const answers: Partial<Answers> = {};
  for (const key of ['title', 'url', 'language', 'description', 'email'] as const) {
    if (flags[key] !== undefined) answers[key] = flags[key]!.trim();
  }
  if (flags.mode !== undefined) {
    const mode = flags.mode.trim().toLowerCase();
    if (isReuseMode(mode)) answers.mode = mode;
    else problems.push(`--mode "${flags.mode}" must be one of ${REUSE_CHOICES.map((c) => c.mode).join(', ')}`);
  }
  const topics: TopicAnswer[] = (flags.topic ?? []).map((name) => ({ slug: slugify(name), name: name.trim(), keywords: [], sources: [] }));
  for (const topic of topics) if (!topic.slug) problems.push(`--topic "${topic.name}" has no letters or digits to make a slug from`);
  const find = (ref: string): TopicAnswer | undefined => topics.find((t) => t.slug === ref || t.name.toLowerCase() === ref.toLowerCase() || t.slug === slugify(ref));
  const assign = (flag: string, value: string, apply: (topic: TopicAnswer, rest: string) => void) => {
    const eq = value.indexOf('=');
    const ref = eq > 0 && !/^[a-z]+:\/\//i.test(value.slice(0, eq)) ? value.slice(0, eq) : null;
    const rest = ref === null ? value : value.slice(eq + 1);
    const topic = ref === null ? (topics.length === 1 ? topics[0] : undefined) : find(ref);
    if (!topic) {
      problems.push(
        ref === null
          ? `--${flag} "${value}": say which topic it belongs to, like --${flag} "${topics[0]?.slug ?? 'space'}=${rest}"`
          : `--${flag} "${value}": there is no --topic "${ref}"`,
      );
      return;
    }
    apply(topic, rest);
  };
  for (const feed of flags.feed ?? []) assign('feed', feed, (topic, rest) => topic.sources.push(parseSource(rest)));
  for (const words of flags.keywords ?? []) assign('keywords', words, (topic, rest) => topic.keywords.push(...splitList(rest)));
  if (topics.length) answers.topics = topics;
  return { answers, problems };
}
