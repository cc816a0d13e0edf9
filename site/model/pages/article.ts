import type { Article, SiteIndex } from '../site-index.ts';
import { articlePageTellings } from '../story-list.ts';

// What an article page and its AMP page show besides the article itself (page-keys.ts keys the
// same things): pure, the site index and the article's id in, plain data out.

export interface ArticlePageProps {
  article: Article;
  topic: { slug: string; name: string };
  /** Its story of two or more tellings, if any: the story's page and its first other tellings (story-list.ts). */
  story: { path: string; tellings: Article[] } | null;
  /** Related articles but the tellings its story note lists. */
  related: Article[];
  /** The article before it in its topic. */
  older: { path: string; title: string } | null;
}

// A type, not an interface: Astro's getStaticPaths wants props with an index signature.
export type AmpPageProps = {
  article: Article;
  topicName: string;
};

function topicOf(index: SiteIndex, article: Article): { slug: string; name: string } {
  return { slug: article.topic, name: index.topicBySlug.get(article.topic)?.name ?? article.topic };
}

export function articlePageProps(index: SiteIndex, id: string): ArticlePageProps {
  const article = index.article(id)!;
  const story = index.storyOf(article);
  const older = index.older(article);
  const tellings = story ? articlePageTellings(story, article) : [];
  return {
    article,
    topic: topicOf(index, article),
    story: story ? { path: story.path, tellings } : null,
    related: index.related(article).filter((r) => !tellings.includes(r)),
    older: older ? { path: older.path, title: older.data.title } : null,
  };
}

export function ampPageProps(index: SiteIndex, id: string): AmpPageProps {
  const article = index.article(id)!;
  return { article, topicName: topicOf(index, article).name };
}

/** An article's route parameters: its topic and slug. */
export function articleParams(index: SiteIndex, id: string): { topic: string; slug: string } {
  const article = index.article(id)!;
  return { topic: article.topic, slug: article.slug };
}
