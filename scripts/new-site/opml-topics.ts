// An OPML subscription list → the topics of a new site. Pure: the file's text in, topics or
// every problem (with its line) out, so new-site writes nothing unless the whole list is good.
import { RESERVED_TOPIC_SLUGS } from '../../crawler/config/schema.ts';
import { describeProblems, parseOpml } from '../../crawler/discover/opml.ts';
import { slugify, type TopicAnswer } from './answers.ts';

/** Where feeds outside any folder go: a fixed name, so a re-import lands them in the same topic whatever the site is called. */
export const UNCATEGORIZED = 'General';

export type OpmlTopics = { ok: true; topics: TopicAnswer[]; duplicates: number } | { ok: false; problems: string[] };

export function topicsFromOpml(text: string): OpmlTopics {
  const parsed = parseOpml(text);
  if (!parsed.ok) return { ok: false, problems: describeProblems(parsed.problems) };
  // A bad URL is the owner's to fix: importing the rest would quietly lose a subscription.
  if (parsed.rejected.length) return { ok: false, problems: describeProblems(parsed.rejected) };
  const bySlug = new Map<string, TopicAnswer>();
  parsed.groups.forEach((group, i) => {
    const name = group.name ?? UNCATEGORIZED;
    const slug = topicSlug(name, i + 1);
    let topic = bySlug.get(slug);
    // Folders whose names make one slug ("News", "news!") become one topic.
    if (!topic) bySlug.set(slug, (topic = { slug, name, keywords: [], sources: [] }));
    topic.sources.push(...group.feeds.map((f) => ({ kind: 'feed' as const, url: f.url })));
  });
  return { ok: true, topics: [...bySlug.values()], duplicates: parsed.duplicates };
}

/** The project's slug of the folder name; "topic-<n>" when it has no Latin letters or digits, and "-topic" added to a name the site uses itself ("Data"). */
function topicSlug(name: string, n: number): string {
  const slug = slugify(name) || `topic-${n}`;
  return RESERVED_TOPIC_SLUGS.includes(slug) ? `${slug.slice(0, 54)}-topic` : slug;
}
